// Replies in the post view: behind "View replies (n)" as the network's, every reply under the
// comment it answers (a reply to a reply joins the same thread), and never naming oneself.
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Comment, CommentThread } from '@shared/domain'
import {
  createHarness,
  makeComment,
  makePost,
  openInPostView,
  PROFILE,
  renderWith,
  signedIn,
  type Harness
} from '../../testing/fakes'
import { PostView } from './PostView'

const post = makePost({ id: 'post-1', user_id: 'user-3', comments_count: 3 })

function openWith(
  comments: CommentThread[]
): Harness & { user: ReturnType<typeof userEvent.setup> } {
  const harness = createHarness({ snapshot: signedIn() })
  openInPostView(harness.stores, post, { comments, commentsStatus: 'ready' })
  // The database answers with the row as saved.
  harness.services.comments.add.mockImplementation(async (added) =>
    makeComment({
      id: added.id,
      post_id: added.postId,
      user_id: added.userId,
      parent_id: added.parentId ?? null,
      body: added.body,
      profiles: { username: PROFILE.username, full_name: null, avatar_url: null }
    })
  )
  renderWith(<PostView />, harness)
  return { ...harness, user: userEvent.setup() }
}

const thread = (comment: Comment, replies: Comment[] = []): CommentThread => ({
  ...comment,
  replies
})

async function reply(user: ReturnType<typeof userEvent.setup>, text: string): Promise<void> {
  await user.type(screen.getByRole('textbox', { name: 'Write a reply' }), `${text}{Enter}`)
}

describe('CommentList: replies', () => {
  it('keeps replies behind "View replies (n)" until asked', async () => {
    const sam = makeComment({ body: 'Nice light' })
    const { user } = openWith([
      thread(sam, [
        makeComment({ parent_id: sam.id, body: 'first answer' }),
        makeComment({ parent_id: sam.id, body: 'second answer' })
      ])
    ])
    expect(screen.queryByText('first answer')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'View replies (2)' }))
    const replies = screen.getByRole('list', { name: 'Replies to sam' })
    expect(within(replies).getAllByRole('article')).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Hide replies' }))
    expect(screen.queryByRole('list', { name: 'Replies to sam' })).not.toBeInTheDocument()
  })

  it('puts a reply to a reply under the same comment, its thread open', async () => {
    const sam = makeComment({ body: 'Nice light' })
    const kim = makeComment({
      parent_id: sam.id,
      user_id: 'user-4',
      body: 'agreed',
      profiles: { username: 'kim', full_name: null, avatar_url: null }
    })
    const { user, services } = openWith([thread(sam, [kim])])
    await user.click(screen.getByRole('button', { name: 'View replies (1)' }))
    await user.click(screen.getByRole('button', { name: 'Reply to kim' }))
    expect(screen.getByRole('textbox', { name: 'Write a reply' })).toHaveValue('@kim ')
    await reply(user, 'me too')
    expect(services.comments.add).toHaveBeenCalledWith(
      expect.objectContaining({ parentId: sam.id, body: '@kim me too' })
    )
    const replies = await screen.findByRole('list', { name: 'Replies to sam' })
    expect(replies).toHaveTextContent('@kim me too')
  })

  it('a reply to your own comment names nobody and nests under it', async () => {
    const mine = makeComment({
      user_id: PROFILE.id,
      body: 'My shot',
      profiles: { username: PROFILE.username, full_name: null, avatar_url: null }
    })
    const { user, services } = openWith([thread(mine)])
    await user.click(screen.getByRole('button', { name: `Reply to ${PROFILE.username}` }))
    expect(screen.getByRole('textbox', { name: 'Write a reply' })).toHaveValue('')
    await reply(user, 'and another')
    expect(services.comments.add).toHaveBeenCalledWith(
      expect.objectContaining({ parentId: mine.id, body: 'and another' })
    )
    const replies = await screen.findByRole('list', { name: `Replies to ${PROFILE.username}` })
    expect(replies).toHaveTextContent('and another')
    expect(screen.getByRole('button', { name: 'Hide replies' })).toBeInTheDocument()
  })
})
