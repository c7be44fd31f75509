import { describe, expect, it } from 'vitest'
import { createHarness, makePost, signedIn } from '../../testing/fakes'
import { sortCaughtUp } from './liveFeed'

async function loadedFeed(posts = [makePost({ likes_count: 10 })]) {
  const harness = createHarness({ snapshot: signedIn() })
  harness.services.feed.fetchPage.mockResolvedValue(posts)
  await harness.stores.feed.getState().load()
  const { stores } = harness
  const shown = () => stores.feed.getState().ids.map((id) => stores.posts.getState().byId[id])
  return { ...harness, feed: stores.feed, post: posts[0], shown }
}

describe('feed store: live posts', () => {
  it("queues someone else's new post behind the pill, once", async () => {
    const { feed } = await loadedFeed()
    const row = makePost({ user_id: 'user-2' })
    feed.getState().postInserted(row)
    feed.getState().postInserted(row)
    expect(feed.getState().newPostIds).toEqual([row.id])
    expect(feed.getState().ids.includes(row.id)).toBe(false)
  })

  it("ignores the user's own new post, which postCreated already put at the top", async () => {
    const { feed } = await loadedFeed()
    feed.getState().postInserted(makePost({ user_id: 'user-1' }))
    expect(feed.getState().newPostIds).toEqual([])
  })

  it('prepends only the newer posts on showNewPosts, with their liked state, and clears the pill', async () => {
    const { feed, services, post, stores } = await loadedFeed()
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
    expect(feed.getState().ids).toEqual([fresh.id, post.id])
    expect(stores.posts.getState().liked[fresh.id]).toBe(true)
    expect(feed.getState().newPostIds).toEqual([])
  })
})

describe('feed store: catching up after a gap in the live channel', () => {
  it('puts posts created meanwhile behind the pill and takes new counters of held ones', async () => {
    const { feed, services, post, shown } = await loadedFeed()
    const later = new Date(Date.parse(post.created_at) + 60_000).toISOString()
    const missed = makePost({ user_id: 'user-2', created_at: later })
    services.feed.fetchPage.mockResolvedValue([missed, { ...post, comments_count: 5 }])
    await feed.getState().catchUp()
    expect(services.feed.fetchPage).toHaveBeenLastCalledWith({ limit: 12 })
    expect(feed.getState().newPostIds).toEqual([missed.id])
    expect(feed.getState().ids).toEqual([post.id])
    expect(shown()[0].comments_count).toBe(5)
  })

  it('keeps a count the user changed while the catching-up read was on its way', async () => {
    const { feed, services, post, stores, shown } = await loadedFeed([
      makePost({ comments_count: 3 })
    ])
    let answer: (posts: ReturnType<typeof makePost>[]) => void = () => undefined
    services.feed.fetchPage.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const caughtUp = feed.getState().catchUp()
    // The user deletes a comment; the read, sent before, answers after with the old count.
    stores.posts.getState().beginCommentChange(post.id)(-1)
    answer([{ ...post, comments_count: 3 }])
    await caughtUp
    expect(shown()[0].comments_count).toBe(2)
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
  it('sorts a fresh top of the feed into held posts and newer ones not held', () => {
    const older = makePost({ created_at: '2026-01-01T00:00:00.000Z' })
    const held = makePost({ created_at: '2026-01-02T00:00:00.000Z' })
    const newer = makePost({ created_at: '2026-01-03T00:00:00.000Z' })
    expect(sortCaughtUp([held], [newer, held, older])).toEqual({ held: [held], fresh: [newer] })
    // An empty feed takes everything as new.
    expect(sortCaughtUp([], [newer, older]).fresh).toEqual([newer, older])
  })
})
