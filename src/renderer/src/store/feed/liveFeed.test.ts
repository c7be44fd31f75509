import { describe, expect, it } from 'vitest'
import { createHarness, deferred, makePost, signedIn } from '../../testing/fakes'
import { commentCountChanged, reconcileCounters, sortCaughtUp } from './liveFeed'

async function loadedFeed(posts = [makePost({ likes_count: 10 })]) {
  const harness = createHarness({ snapshot: signedIn() })
  harness.services.feed.fetchPage.mockResolvedValue(posts)
  await harness.stores.feed.getState().load()
  return { ...harness, feed: harness.stores.feed, post: posts[0] }
}

describe('feed store: live posts', () => {
  it("queues someone else's new post behind the pill, once", async () => {
    const { feed } = await loadedFeed()
    const row = makePost({ user_id: 'user-2' })
    feed.getState().postInserted(row)
    feed.getState().postInserted(row)
    expect(feed.getState().newPostIds).toEqual([row.id])
    expect(feed.getState().posts.some((post) => post.id === row.id)).toBe(false)
  })

  it("ignores the user's own new post, which postCreated already put at the top", async () => {
    const { feed } = await loadedFeed()
    feed.getState().postInserted(makePost({ user_id: 'user-1' }))
    expect(feed.getState().newPostIds).toEqual([])
  })

  it('prepends only the newer posts on showNewPosts, with their liked state, and clears the pill', async () => {
    const { feed, services, post } = await loadedFeed()
    const fresh = makePost({ user_id: 'user-2' })
    feed.getState().postInserted(fresh)
    services.feed.fetchNewer.mockResolvedValue([fresh])
    services.likes.likedPostIds.mockResolvedValue(new Set([fresh.id]))
    services.feed.fetchPage.mockClear()
    await feed.getState().showNewPosts()
    expect(services.feed.fetchNewer).toHaveBeenCalledWith({
      after: { created_at: post.created_at, id: post.id },
      limit: 12
    })
    expect(services.feed.fetchPage).not.toHaveBeenCalled()
    expect(feed.getState().posts.map((p) => p.id)).toEqual([fresh.id, post.id])
    expect(feed.getState().likedIds.has(fresh.id)).toBe(true)
    expect(feed.getState().newPostIds).toEqual([])
  })

  it('takes live like and comment counts into a shown post', async () => {
    const { feed, post } = await loadedFeed()
    feed.getState().postUpdated({ ...post, likes_count: 12, comments_count: 3 })
    expect(feed.getState().posts[0]).toMatchObject({ likes_count: 12, comments_count: 3 })
  })

  it("keeps its like count but takes the comment count while the user's own like is in flight", async () => {
    const { feed, services, post } = await loadedFeed()
    const call = deferred<{ liked: boolean; likes_count: number }>()
    services.likes.setLike.mockReturnValue(call.promise)
    const toggle = feed.getState().toggleLike(post.id)
    feed.getState().postUpdated({ ...post, likes_count: 10, comments_count: 4 })
    expect(feed.getState().posts[0]).toMatchObject({ likes_count: 11, comments_count: 4 })
    call.resolve({ liked: true, likes_count: 11 })
    await toggle
    expect(feed.getState().posts[0]).toMatchObject({ likes_count: 11, comments_count: 4 })
  })
})

describe('feed store: catching up after a gap in the live channel', () => {
  it('puts posts created meanwhile behind the pill and takes new counters of held ones', async () => {
    const { feed, services, post } = await loadedFeed()
    const later = new Date(Date.parse(post.created_at) + 60_000).toISOString()
    const missed = makePost({ user_id: 'user-2', created_at: later })
    services.feed.fetchPage.mockResolvedValue([missed, { ...post, comments_count: 5 }])
    await feed.getState().catchUp()
    expect(services.feed.fetchPage).toHaveBeenLastCalledWith({ limit: 12 })
    expect(feed.getState().newPostIds).toEqual([missed.id])
    expect(feed.getState().posts.map((p) => p.id)).toEqual([post.id])
    expect(feed.getState().posts[0].comments_count).toBe(5)
  })

  it('reads nothing when the top of the feed was dropped while scrolling', async () => {
    const { feed, services } = await loadedFeed()
    feed.setState({ trimmedAbove: 12 })
    services.feed.fetchPage.mockClear()
    await feed.getState().catchUp()
    expect(services.feed.fetchPage).not.toHaveBeenCalled()
  })
})

describe('live counters, pure', () => {
  const post = makePost({ likes_count: 2, comments_count: 1 })

  it('hands back the same list when the row is not shown or changes nothing', () => {
    const posts = [post]
    expect(reconcileCounters(posts, { ...makePost(), likes_count: 9 })).toBe(posts)
    expect(reconcileCounters(posts, { ...post })).toBe(posts)
    expect(reconcileCounters(posts, { ...post, likes_count: 5 }, true)).toBe(posts)
  })

  it('sorts a fresh top of the feed into held posts and newer ones not held', () => {
    const older = makePost({ created_at: '2026-01-01T00:00:00.000Z' })
    const held = makePost({ created_at: '2026-01-02T00:00:00.000Z' })
    const newer = makePost({ created_at: '2026-01-03T00:00:00.000Z' })
    expect(sortCaughtUp([held], [newer, held, older])).toEqual({ held: [held], fresh: [newer] })
    // An empty feed takes everything as new.
    expect(sortCaughtUp([], [newer, older]).fresh).toEqual([newer, older])
  })

  it('says when a shown post has a new comment count, and only then', () => {
    expect(commentCountChanged([post], { ...post, comments_count: 2 })).toBe(true)
    expect(commentCountChanged([post], { ...post, likes_count: 3 })).toBe(false)
    expect(commentCountChanged([post], { ...makePost(), comments_count: 7 })).toBe(false)
  })
})
