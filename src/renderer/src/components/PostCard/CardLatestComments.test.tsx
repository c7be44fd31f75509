// "Reply" on a card's latest comments opens the post with the reply started: it nests under its
// comment (a reply's thread for a reply) and names nobody when the comment is one's own.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Comment } from '@shared/domain'
import {
  createHarness,
  makeComment,
  makePost,
  PROFILE,
  renderWith,
  showInFeed,
  signedIn
} from '../../testing/fakes'
import { PostCard } from './PostCard'

const post = makePost({ id: 'post-1', comments_count: 2 })

function setup(latest: Comment[], options: { signedIn?: boolean } = {}) {
  const harness = createHarness({ snapshot: options.signedIn === false ? undefined : signedIn() })
  showInFeed(harness.stores, [post])
  harness.stores.commentPreviews.setState({ byPost: new Map([[post.id, latest]]) })
  harness.services.posts.byId.mockResolvedValue(post)
  harness.services.comments.page.mockResolvedValue({ items: [], next: null })
  harness.services.comments.add.mockImplementation(async (added) =>
    makeComment({ id: added.id, post_id: added.postId, parent_id: added.parentId ?? null })
  )
  renderWith(<PostCard postId={post.id} index={0} />, harness)
  const list = screen.getByRole('list', { name: 'Latest comments' })
  return { ...harness, list, user: userEvent.setup() }
}

const kim = { username: 'kim', full_name: null, avatar_url: null }

describe('CardLatestComments: Reply', () => {
  it('opens the post with a reply to the comment started, and sends it under that comment', async () => {
    const comment = makeComment({ post_id: post.id, user_id: 'user-4', profiles: kim })
    const { list, user, stores, services } = setup([comment])
    await user.click(within(list).getByRole('button', { name: 'Reply to kim' }))
    expect(stores.post.getState()).toMatchObject({
      openId: post.id,
      focusComment: true,
      replyTo: comment,
      draft: '@kim '
    })
    stores.post.getState().setDraft('@kim thanks')
    await waitFor(() => expect(stores.post.getState().status).toBe('ready'))
    expect(await stores.post.getState().sendComment()).toBe(true)
    expect(services.comments.add).toHaveBeenCalledWith(
      expect.objectContaining({ parentId: comment.id, body: '@kim thanks' })
    )
  })

  it("answers a reply in its comment's thread, and one's own comment without naming oneself", async () => {
    const reply = makeComment({ post_id: post.id, parent_id: 'thread-1', profiles: kim })
    const mine = makeComment({
      post_id: post.id,
      user_id: PROFILE.id,
      profiles: { username: PROFILE.username, full_name: null, avatar_url: null }
    })
    const { list, user, stores, services } = setup([mine, reply])
    await user.click(within(list).getByRole('button', { name: `Reply to ${PROFILE.username}` }))
    expect(stores.post.getState()).toMatchObject({ replyTo: mine, draft: '' })

    await user.click(within(list).getByRole('button', { name: 'Reply to kim' }))
    stores.post.getState().setDraft('@kim sure')
    await waitFor(() => expect(stores.post.getState().status).toBe('ready'))
    await stores.post.getState().sendComment()
    expect(services.comments.add).toHaveBeenCalledWith(
      expect.objectContaining({ parentId: 'thread-1' })
    )
  })

  it('offers no Reply to a visitor', () => {
    setup([makeComment({ post_id: post.id, profiles: kim })], { signedIn: false })
    expect(screen.queryByRole('button', { name: /^Reply to/ })).not.toBeInTheDocument()
  })
})
