import { IDBFactory } from 'fake-indexeddb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Post } from '@shared/domain'
import { deferred, fakeServices, makePost } from '../../testing/fakes'
import { databaseOpener } from '../../offline/cache/cacheDb'
import { createReadCache } from '../../offline/cache/readCache'
import { savedAnswers } from '../../offline/cache/savedAnswers'
import { FEED_CACHED_POSTS } from '@shared/limits'
import { createPostsStore } from '../posts/postsStore'
import { createFeedStore, type FeedSnapshot } from './feedStore'

afterEach(() => vi.restoreAllMocks())

/** A feed store over fake services and a real read cache on an in-memory IndexedDB. */
function feedWithCache() {
  const services = fakeServices()
  const cache = createReadCache({ db: databaseOpener(new IDBFactory()) })
  const saved = savedAnswers(cache, () => 'user-1')
  const posts = createPostsStore({
    likes: services.likes,
    posts: services.posts,
    getUserId: () => 'user-1'
  })
  const feed = createFeedStore({
    feed: services.feed,
    posts,
    createPost: vi.fn(),
    getUserId: () => 'user-1',
    saved,
    cacheKey: 'feed'
  })
  /** The feed as shown: its ids and the posts store's copies, for comparing with posts. */
  const shown = () => ({
    ...feed.getState(),
    posts: feed.getState().ids.map((id) => posts.getState().byId[id])
  })
  return { services, cache, feed, posts, shown }
}

const snapshotOf = (posts: Post[], likedIds: string[] = []): FeedSnapshot => ({ posts, likedIds })

describe('feed store: saved copy, then the answer', () => {
  it("a saved copy never puts back an older count of a post held (a live count's)", async () => {
    const { services, feed, posts, shown } = feedWithCache()
    const post = makePost({ likes_count: 3 })
    const answer = deferred<Post[]>()
    services.feed.fetchPage.mockReturnValue(answer.promise)
    const loading = feed.getState().load()
    // Held by another list (the post view), told of a like, while the saved copy is read.
    posts.getState().put([post])
    posts.getState().countersChanged({ ...post, likes_count: 4 })
    feed.getState().hydrate(snapshotOf([post]))
    expect(shown().posts[0].likes_count).toBe(4)
    answer.resolve([post])
    await loading
    expect(shown().posts[0].likes_count).toBe(4)
  })

  it('shows the saved posts at once and keeps them on screen while the backend answers', async () => {
    const { services, feed, posts, shown } = feedWithCache()
    const saved = [makePost(), makePost()]
    feed.getState().hydrate(snapshotOf(saved, [saved[1].id]))
    expect(shown()).toMatchObject({ status: 'ready', fromCache: true, posts: saved })
    expect(posts.getState().liked[saved[1].id]).toBe(true)

    const answer = deferred<Post[]>()
    services.feed.fetchPage.mockReturnValue(answer.promise)
    const loading = feed.getState().load()
    // No placeholders over the saved posts while the read is in flight.
    expect(shown()).toMatchObject({ status: 'ready', posts: saved })

    const fresh = [makePost(), saved[0]]
    answer.resolve(fresh)
    await loading
    expect(shown()).toMatchObject({ status: 'ready', fromCache: false, posts: fresh })
    expect(feed.getState().ids).toEqual(fresh.map((post) => post.id))
  })

  it('keeps the saved posts when the backend cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { services, feed, shown } = feedWithCache()
    const saved = [makePost()]
    feed.getState().hydrate(snapshotOf(saved))
    services.feed.fetchPage.mockRejectedValue(new TypeError('Failed to fetch'))
    await feed.getState().load()
    expect(shown()).toMatchObject({ status: 'ready', fromCache: true, posts: saved })
  })

  it('never lets a late saved copy replace the answer already shown', async () => {
    const { services, feed, shown } = feedWithCache()
    const fresh = [makePost()]
    services.feed.fetchPage.mockResolvedValue(fresh)
    await feed.getState().load()
    feed.getState().hydrate(snapshotOf([makePost()]))
    expect(shown()).toMatchObject({ fromCache: false, posts: fresh })
  })

  it('saves the first pages it read, with their liked state, for the next start', async () => {
    const { services, cache, feed } = feedWithCache()
    const page = [makePost(), makePost()]
    services.feed.fetchPage.mockResolvedValue(page)
    services.likes.likedPostIds.mockResolvedValue(new Set([page[0].id]))
    await feed.getState().load()
    await vi.waitFor(async () =>
      expect(await cache.read<FeedSnapshot>('user-1', 'feed')).toEqual(
        snapshotOf(page, [page[0].id])
      )
    )
    expect(FEED_CACHED_POSTS).toBeGreaterThan(page.length)
  })
})
