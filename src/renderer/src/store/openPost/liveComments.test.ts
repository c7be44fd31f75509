// The open post follows comments written elsewhere: on a feed card of the same window, by
// another person or device (read back with its author), replies under their thread, and
// deletions.

import { describe, expect, it } from 'vitest'
import { applyPostCounters } from '../../live/postCounters'
import type { Comment } from '@shared/domain'
import { createHarness, deferred, makeComment, makePost, signedIn } from '../../testing/fakes'

async function openWithComments() {
  const harness = createHarness({ snapshot: signedIn() })
  const post = makePost({ comments_count: 1 })
  const first = makeComment({ post_id: post.id, body: 'first' })
  harness.services.posts.byId.mockResolvedValue(post)
  harness.services.comments.page.mockResolvedValue({
    items: [{ ...first, replies: [] }],
    next: null
  })
  await harness.stores.post.getState().openPost(post.id)
  return { ...harness, post, first }
}

const bodies = (state: { comments: { body: string; replies: { body: string }[] }[] }) =>
  state.comments.map((thread) => [thread.body, ...thread.replies.map((reply) => reply.body)])

describe('the open post, live', () => {
  it('shows a comment written on a feed card of the same post at once', async () => {
    const { stores, services, post } = await openWithComments()
    const written = makeComment({ post_id: post.id, user_id: 'user-1', body: 'from the card' })
    services.comments.add.mockResolvedValue(written)
    expect(await stores.post.getState().commentOn(post.id, 'from the card')).toBeNull()
    expect(bodies(stores.post.getState())).toEqual([['from the card'], ['first']])
    expect(stores.posts.getState().byId[post.id].comments_count).toBe(2)
  })

  it("reads another person's new comment and reply back and shows them; a deleted one leaves", async () => {
    const { stores, services, post, first } = await openWithComments()
    const stop = stores.post.getState().followComments(post.id)
    const theirs = makeComment({ post_id: post.id, user_id: 'ana', body: 'hello' })
    const reply = makeComment({ post_id: post.id, parent_id: first.id, body: 'agreed' })
    services.comments.byId.mockImplementation(async (id: string) =>
      id === theirs.id ? theirs : reply
    )
    const { profiles: _author, ...row } = theirs
    services.live.addComment(row)
    const { profiles: _replier, ...replyRow } = reply
    services.live.addComment(replyRow)
    await expect
      .poll(() => bodies(stores.post.getState()))
      .toEqual([['hello'], ['first', 'agreed']])
    expect(services.comments.byId).toHaveBeenCalledWith(theirs.id)
    // Told again (its own write's answer, a second device): still once.
    services.live.addComment(row)
    await Promise.resolve()
    expect(bodies(stores.post.getState())).toEqual([['hello'], ['first', 'agreed']])

    services.live.removeComment(post.id, theirs.id)
    expect(bodies(stores.post.getState())).toEqual([['first', 'agreed']])
    stop()
    services.live.removeComment(post.id, first.id)
    expect(bodies(stores.post.getState())).toEqual([['first', 'agreed']])
  })

  it("counts someone else's comment heard while one's own was on its way", async () => {
    const { stores, services, post } = await openWithComments()
    const held = () => stores.posts.getState().byId[post.id].comments_count
    const mine = (body: string) => makeComment({ post_id: post.id, user_id: 'user-1', body })
    // One's own comment alone: its live count (2) is what the answer settles, nothing is read.
    const first = deferred<Comment>()
    services.comments.add.mockReturnValue(first.promise)
    const sending = stores.post.getState().commentOn(post.id, 'mine')
    applyPostCounters(stores, { ...post, comments_count: 2 })
    first.resolve(mine('mine'))
    expect(await sending).toBeNull()
    expect(held()).toBe(2)
    expect(services.posts.counts).not.toHaveBeenCalled()

    // The next one's live count (3), then Ana's (4), both before its answer.
    const second = deferred<Comment>()
    services.comments.add.mockReturnValue(second.promise)
    services.posts.counts.mockResolvedValue({ ...post, comments_count: 4 })
    const again = stores.post.getState().commentOn(post.id, 'again')
    applyPostCounters(stores, { ...post, comments_count: 3 })
    applyPostCounters(stores, { ...post, comments_count: 4 })
    expect(held()).toBe(2)
    second.resolve(mine('again'))
    expect(await again).toBeNull()
    await expect.poll(held).toBe(4)
    expect(services.posts.counts).toHaveBeenCalledTimes(1)
  })

  it('moves the count once for a deletion whose live events come before its answer', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const { stores, services } = harness
    const post = makePost({ comments_count: 3 })
    const first = makeComment({ post_id: post.id, body: 'First!' })
    const reply = makeComment({ post_id: post.id, parent_id: first.id, body: 'and a reply' })
    const doomed = makeComment({ post_id: post.id, body: 'Delete me' })
    services.posts.byId.mockResolvedValue(post)
    services.comments.page.mockResolvedValue({
      items: [
        { ...doomed, replies: [] },
        { ...first, replies: [reply] }
      ],
      next: null
    })
    await stores.post.getState().openPost(post.id)
    stores.post.getState().followComments(post.id)
    // The backend sends a deletion's changes when it commits, and its answer after: the live
    // channel may tell of them (the comment gone, the post's new count) before the answer lands.
    let count = post.comments_count
    services.comments.remove.mockImplementation(async (commentId: string) => {
      const gone = commentId === first.id ? 2 : 1
      count -= gone
      services.live.removeComment(post.id, commentId)
      if (gone === 2) services.live.removeComment(post.id, reply.id)
      applyPostCounters(stores, { ...post, comments_count: count })
    })
    const held = () => stores.posts.getState().byId[post.id].comments_count

    await stores.post.getState().deleteComment(doomed)
    expect(bodies(stores.post.getState())).toEqual([['First!', 'and a reply']])
    expect(held()).toBe(2)
    // A thread takes its replies along, in the count too.
    await stores.post.getState().deleteComment(first)
    expect(bodies(stores.post.getState())).toEqual([])
    expect(held()).toBe(0)
  })
})
