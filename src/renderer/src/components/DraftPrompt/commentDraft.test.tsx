// The comment being written on a post is saved as typed, offered back when the post view opens
// again (after a crash), and deleted when discarded or sent.
import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { CommentComposer } from '../PostView/CommentComposer'
import {
  createHarness,
  makePost,
  renderWith,
  signedIn,
  type Harness,
  openInPostView
} from '../../testing/fakes'
import { deleteDatabase } from '../../offline/idb'
import { OUTBOX_DB_NAME } from '../../offline/outbox/outboxDb'

const post = makePost({ id: 'post-7' })

function openPost(harness: Harness): void {
  openInPostView(harness.stores, post, { draft: '' })
}

const savedDraft = async (harness: Harness): Promise<string | undefined> =>
  (await harness.stores.outbox.getState().db()).getDraft<string>('user-1', `comment:${post.id}`)

describe('comment drafts', () => {
  afterEach(async () => {
    await deleteDatabase(OUTBOX_DB_NAME)
  })

  it('saves what is typed, offers it back after a restart, and restores it', async () => {
    const before = createHarness({ snapshot: signedIn() })
    openPost(before)
    const view = renderWith(<CommentComposer />, before)
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Add a comment' }), 'half')
    await waitFor(async () => expect(await savedDraft(before)).toBe('half'))
    view.unmount()

    // A new app over the same database, as after a crash.
    const after = createHarness({ snapshot: signedIn() })
    openPost(after)
    renderWith(<CommentComposer />, after)
    const prompt = await screen.findByRole('group', { name: 'Restore draft?' })
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('')
    await userEvent.setup().click(within(prompt).getByRole('button', { name: 'Restore' }))
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('half')
    expect(screen.queryByRole('group', { name: 'Restore draft?' })).toBeNull()
  })

  it('discarding deletes the draft, and so does sending the comment', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const db = await harness.stores.outbox.getState().db()
    await db.putDraft('user-1', `comment:${post.id}`, 'old thought')
    openPost(harness)
    const view = renderWith(<CommentComposer />, harness)
    const user = userEvent.setup()
    const prompt = await screen.findByRole('group', { name: 'Restore draft?' })
    await user.click(within(prompt).getByRole('button', { name: 'Discard' }))
    await waitFor(async () => expect(await savedDraft(harness)).toBeUndefined())
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('')

    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'new')
    await waitFor(async () => expect(await savedDraft(harness)).toBe('new'))
    // Sent: the store empties the field, and the draft goes with it.
    harness.stores.post.setState({ draft: '' })
    await waitFor(async () => expect(await savedDraft(harness)).toBeUndefined())
    view.unmount()
  })
})
