// The feed card's "Add a comment…": the post view's comment path (checks, outbox, count) from
// the card, without opening the post.
import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { Post } from '@shared/domain'
import { MESSAGES } from '@shared/messages'
import { deleteDatabase } from '../../offline/idb'
import { OUTBOX_DB_NAME } from '../../offline/outbox/outboxDb'
import { createHarness, makePost, renderWith, signedIn, showInFeed } from '../../testing/fakes'
import { PostCard } from './PostCard'

afterEach(async () => {
  await deleteDatabase(OUTBOX_DB_NAME)
})

function setup(post: Post, options: { signedIn?: boolean } = {}) {
  const harness = createHarness({ snapshot: options.signedIn === false ? undefined : signedIn() })
  showInFeed(harness.stores, [post])
  renderWith(<PostCard postId={post.id} index={0} />, harness)
  const card = screen.getByRole('article', { name: 'Post by sam' })
  return { ...harness, card, user: userEvent.setup() }
}

/** The box's code loads on its own (out of the entry chunk). */
const commentField = (card: HTMLElement): Promise<HTMLElement> =>
  within(card).findByRole('textbox', { name: 'Add a comment' })

describe('CardCommentBox', () => {
  it('shows Post only once something is typed', async () => {
    const { card, user } = setup(makePost())
    const field = await commentField(card)
    expect(field).toHaveAttribute('placeholder', 'Add a comment…')
    expect(within(card).queryByRole('button', { name: 'Post' })).toBeNull()
    await user.type(field, '  ')
    expect(within(card).queryByRole('button', { name: 'Post' })).toBeNull()
    await user.type(field, 'Lovely')
    expect(within(card).getByRole('button', { name: 'Post' })).toBeEnabled()
  })

  it('Enter posts the comment under the card, counts it and empties the field, the post staying closed', async () => {
    const { card, user, stores } = setup(makePost({ comments_count: 0 }))
    await waitFor(() => expect(stores.outbox.getState().userId).toBe('user-1'))
    // Offline, the comment waits in the outbox and shows as written meanwhile.
    stores.connectivity.getState().reportUnreachable()
    const field = await commentField(card)
    await user.type(field, 'Great light{Enter}')

    const latest = await within(card).findByRole('list', { name: 'Latest comments' })
    expect(latest).toHaveTextContent('Great light')
    expect(within(card).getByRole('button', { name: 'View 1 comment' })).toBeInTheDocument()
    expect(field).toHaveValue('')
    expect(stores.post.getState().openId).toBeNull()
    expect(stores.outbox.getState().items[0].action).toMatchObject({
      kind: 'comment',
      body: 'Great light',
      parentId: null
    })
  })

  it("shows the post view's message when sending fails, and keeps the text", async () => {
    const { card, user } = setup(makePost())
    const field = await commentField(card)
    const long = 'a'.repeat(2201)
    await user.click(field)
    await user.paste(long)
    await user.keyboard('{Enter}')
    expect(await within(card).findByRole('alert')).toHaveTextContent(MESSAGES.commentTooLong)
    expect(field).toHaveValue(long)
    expect(field).toHaveAttribute('aria-invalid', 'true')
  })

  it('asks a visitor to log in instead of taking their text', async () => {
    const { card, user, stores } = setup(makePost(), { signedIn: false })
    const field = await commentField(card)
    await user.click(field)
    expect(stores.ui.getState().modal).toBe('auth')
    stores.ui.getState().closeModal()
    await user.keyboard('x')
    expect(stores.ui.getState().modal).toBe('auth')
    expect(field).toHaveValue('')
  })

  it('is left out when commenting is turned off on the post', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const open = makePost({ profiles: { username: 'ann', full_name: 'Ann', avatar_url: null } })
    const off = makePost({ comments_disabled: true })
    showInFeed(harness.stores, [open, off])
    renderWith(
      <>
        <PostCard postId={open.id} index={0} />
        <PostCard postId={off.id} index={1} />
      </>,
      harness
    )
    // Once the box's code is in, the open post has one and the other none.
    await commentField(screen.getByRole('article', { name: 'Post by ann' }))
    const card = screen.getByRole('article', { name: 'Post by sam' })
    expect(within(card).queryByRole('textbox', { name: 'Add a comment' })).toBeNull()
  })
})
