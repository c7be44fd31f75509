// Liking from the post view: the one like operation of the posts store, so the card behind the
// post view and the profile grid show the same like and count at once, and a like started in
// the post view is in flight for every list (a live count cannot overwrite it).

import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHarness, deferred, makePost, signedIn } from '../../testing/fakes'
import { loadingPage } from '../people/profilePage'

afterEach(() => vi.restoreAllMocks())

async function openInView(liked: boolean) {
  const harness = createHarness({ snapshot: signedIn() })
  const post = makePost({ likes_count: 4 })
  const { stores, services } = harness
  services.feed.fetchPage.mockResolvedValue([post])
  services.likes.likedPostIds.mockResolvedValue(new Set(liked ? [post.id] : []))
  await stores.feed.getState().load()
  stores.people.setState({
    page: { ...loadingPage('jane.doe'), status: 'ready', ids: [post.id], postsTotal: 1 }
  })
  stores.post.setState({ openId: post.id, status: 'ready' })
  const held = () => stores.posts.getState().byId[post.id]
  return { ...harness, post, held }
}

describe('post view likes', () => {
  it('likes at once, takes the server’s count, and the card and the grid follow', async () => {
    const { stores, services, post, held } = await openInView(false)
    const answer = deferred<{ liked: boolean; likes_count: number }>()
    services.likes.setLike.mockReturnValue(answer.promise)
    const liking = stores.posts.getState().toggleLike(post.id)
    expect(stores.posts.getState().liked[post.id]).toBe(true)
    expect(stores.posts.getState().likingIds.has(post.id)).toBe(true)
    // One copy: the feed's card and the profile grid's tile read this same post.
    expect(stores.feed.getState().ids).toEqual([post.id])
    expect(stores.people.getState().page?.ids).toEqual([post.id])
    expect(held().likes_count).toBe(5)

    // A live event from before the like arrives: the like in flight keeps its count.
    stores.posts.getState().countersChanged({ ...post, likes_count: 4 })
    expect(held().likes_count).toBe(5)

    answer.resolve({ liked: true, likes_count: 7 })
    await liking
    expect(services.likes.setLike).toHaveBeenCalledWith(post.id, true)
    expect(stores.posts.getState().likingIds.size).toBe(0)
    expect(held().likes_count).toBe(7)
  })

  it('a tap while the like is on its way shows at once and is sent when it lands', async () => {
    const { stores, services, post, held } = await openInView(false)
    const first = deferred<{ liked: boolean; likes_count: number }>()
    services.likes.setLike
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce({ liked: false, likes_count: 4 })
    const liking = stores.posts.getState().toggleLike(post.id)
    await stores.posts.getState().toggleLike(post.id)
    expect(stores.posts.getState().liked[post.id]).toBe(false)
    expect(held().likes_count).toBe(4)
    // The first answer is no longer what the screen shows: its count is not taken.
    first.resolve({ liked: true, likes_count: 5 })
    await liking
    expect(services.likes.setLike.mock.calls).toEqual([
      [post.id, true],
      [post.id, false]
    ])
    expect(stores.posts.getState().liked[post.id]).toBe(false)
    expect(held().likes_count).toBe(4)
    expect(stores.posts.getState().likingIds.size).toBe(0)
  })

  it('undoes an unlike the server refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { stores, services, post, held } = await openInView(true)
    services.likes.setLike.mockRejectedValue(new Error('refused'))
    await stores.posts.getState().toggleLike(post.id)
    expect(stores.posts.getState().liked[post.id]).toBe(true)
    expect(held().likes_count).toBe(4)
  })

  it('does nothing while the like is unknown', async () => {
    const { stores, services, post } = await openInView(false)
    stores.posts.getState().forgetLikes()
    await stores.posts.getState().toggleLike(post.id)
    expect(services.likes.setLike).not.toHaveBeenCalled()
  })

  it('a deleted post leaves every list: both feeds, the grid (and its count), Saved, a tag page', async () => {
    const { stores, post } = await openInView(false)
    stores.followingFeed.setState({ ids: [post.id], status: 'ready' })
    stores.saved.setState({ ids: [post.id] })
    stores.browse.setState({ ids: [post.id], topIds: [post.id] })
    stores.posts.getState().remove(post.id)
    expect(stores.feed.getState().ids).toEqual([])
    expect(stores.followingFeed.getState().ids).toEqual([])
    expect(stores.people.getState().page).toMatchObject({ ids: [], postsTotal: 0 })
    expect(stores.saved.getState().ids).toEqual([])
    expect(stores.browse.getState().ids).toEqual([])
    expect(stores.browse.getState().topIds).toEqual([])
    expect(stores.posts.getState().byId[post.id]).toBeUndefined()
  })

  it("counts one's comment once whether its live event comes before or after the answer", async () => {
    const { stores, post, held } = await openInView(false)
    const posts = stores.posts.getState()
    // Event first: the server's count (1) arrives while the comment is on its way.
    const settleFirst = posts.beginCommentChange(post.id)
    posts.countersChanged({ ...post, comments_count: 1 })
    expect(held().comments_count).toBe(0)
    settleFirst(1)
    expect(held().comments_count).toBe(1)
    // Answer first: the event that follows says the same.
    const settleSecond = posts.beginCommentChange(post.id)
    settleSecond(1)
    posts.countersChanged({ ...post, comments_count: 2 })
    expect(held().comments_count).toBe(2)
    // A refused write changes nothing, and live counts are taken again after it.
    posts.beginCommentChange(post.id)(0)
    posts.countersChanged({ ...post, comments_count: 3 })
    expect(held().comments_count).toBe(3)
  })
})
