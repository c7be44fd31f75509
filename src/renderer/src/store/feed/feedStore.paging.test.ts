// The feed's pages and its bounded window (feedPaging.ts), moved out of feedStore.test.ts.

import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHarness, deferred, fakeServices, makePost, signedIn } from '../../testing/fakes'
import type { AppStores } from '..'
import { createPostsStore, trackList } from '../posts/postsStore'
import { createFeedStore, type FeedStore } from './feedStore'

afterEach(() => vi.restoreAllMocks())

/** The posts a feed shows, in order, as the posts store holds them. */
const shownIn = (stores: Pick<AppStores, 'posts'>, feed: FeedStore) =>
  feed.getState().ids.map((id) => stores.posts.getState().byId[id])

describe('feed store: pages', () => {
  const page = (n: number) => Array.from({ length: n }, () => makePost())

  it('reads a first page of 12 and marks that more may follow', async () => {
    const harness = createHarness()
    harness.services.feed.fetchPage.mockResolvedValue(page(12))
    await harness.stores.feed.getState().load()
    expect(harness.services.feed.fetchPage).toHaveBeenCalledWith({ limit: 12 })
    expect(harness.stores.feed.getState().hasMore).toBe(true)
  })

  it('reads the next page after the last post, with its liked state in one query', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const first = page(12)
    const second = page(12)
    harness.services.feed.fetchPage.mockResolvedValueOnce(first).mockResolvedValueOnce(second)
    harness.services.likes.likedPostIds
      .mockResolvedValueOnce(new Set([first[0].id]))
      .mockResolvedValueOnce(new Set([second[3].id]))
    await harness.stores.feed.getState().load()
    await harness.stores.feed.getState().loadMore()

    const last = first[11]
    expect(harness.services.feed.fetchPage).toHaveBeenLastCalledWith({
      before: { created_at: last.created_at, id: last.id },
      limit: 12
    })
    expect(harness.services.likes.likedPostIds).toHaveBeenLastCalledWith(
      'user-1',
      second.map((post) => post.id)
    )
    expect(harness.stores.feed.getState().ids).toEqual([...first, ...second].map((p) => p.id))
    const { liked } = harness.stores.posts.getState()
    expect(
      Object.keys(liked)
        .filter((id) => liked[id])
        .sort()
    ).toEqual([first[0].id, second[3].id].sort())
  })

  it('never shows a post twice, and stops after a short page', async () => {
    const harness = createHarness()
    const first = page(12)
    const overlap = [first[11], ...page(3)]
    harness.services.feed.fetchPage.mockResolvedValueOnce(first).mockResolvedValueOnce(overlap)
    await harness.stores.feed.getState().load()
    await harness.stores.feed.getState().loadMore()
    const ids = harness.stores.feed.getState().ids
    expect(ids).toHaveLength(15)
    expect(new Set(ids).size).toBe(15)
    expect(harness.stores.feed.getState().hasMore).toBe(false)
    await harness.stores.feed.getState().loadMore()
    expect(harness.services.feed.fetchPage).toHaveBeenCalledTimes(2)
  })

  it('reads one next page at a time', async () => {
    const harness = createHarness()
    harness.services.feed.fetchPage.mockResolvedValueOnce(page(12))
    await harness.stores.feed.getState().load()
    const pending = deferred<ReturnType<typeof page>>()
    harness.services.feed.fetchPage.mockReturnValueOnce(pending.promise)
    const first = harness.stores.feed.getState().loadMore()
    await harness.stores.feed.getState().loadMore()
    expect(harness.services.feed.fetchPage).toHaveBeenCalledTimes(2)
    pending.resolve(page(12))
    await first
    expect(harness.stores.feed.getState().ids).toHaveLength(24)
  })

  it('drops a next page that arrives after a reload, and offers a retry after a failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const harness = createHarness()
    const fresh = page(12)
    harness.services.feed.fetchPage.mockResolvedValueOnce(page(12))
    await harness.stores.feed.getState().load()
    const late = deferred<ReturnType<typeof page>>()
    harness.services.feed.fetchPage.mockReturnValueOnce(late.promise).mockResolvedValueOnce(fresh)
    const more = harness.stores.feed.getState().loadMore()
    await harness.stores.feed.getState().load()
    late.resolve(page(12))
    await more
    expect(shownIn(harness.stores, harness.stores.feed)).toEqual(fresh)

    harness.services.feed.fetchPage.mockRejectedValueOnce(new Error('offline'))
    await harness.stores.feed.getState().loadMore()
    expect(harness.stores.feed.getState()).toMatchObject({
      loadMoreFailed: true,
      loadingMore: false
    })
    expect(error).toHaveBeenCalledWith('Error fetching posts', expect.any(Error))
  })
})

describe('feed store: a bounded window for long sessions', () => {
  const page = (n: number) => Array.from({ length: n }, () => makePost())

  function smallStore() {
    const services = fakeServices()
    const posts = createPostsStore({
      likes: services.likes,
      posts: services.posts,
      getUserId: () => 'user-1'
    })
    const feed = createFeedStore(
      {
        feed: services.feed,
        posts,
        createPost: async () => makePost(),
        getUserId: () => 'user-1'
      },
      3,
      6
    )
    trackList(
      posts,
      'feed',
      feed,
      (state) => state.ids,
      () => {}
    )
    return { services, feed, posts }
  }

  it('drops the oldest-scrolled posts past the cap, and their liked marks with them', async () => {
    const { services, feed, posts } = smallStore()
    const pages = [page(3), page(3), page(3)]
    for (const p of pages) services.feed.fetchPage.mockResolvedValueOnce(p)
    services.likes.likedPostIds.mockResolvedValueOnce(new Set([pages[0][0].id]))
    await feed.getState().load()
    await feed.getState().loadMore()
    await feed.getState().loadMore()
    const state = feed.getState()
    expect(state.ids).toEqual([...pages[1], ...pages[2]].map((p) => p.id))
    expect(state.trimmedAbove).toBe(3)
    // The posts store keeps only what a list holds: memory stays bounded.
    expect(Object.keys(posts.getState().byId).sort()).toEqual([...state.ids].sort())
    expect(pages[0][0].id in posts.getState().liked).toBe(false)
    expect(state.hasMore).toBe(true)
  })

  it('re-reads the dropped posts above on the way back up, dropping from the bottom', async () => {
    const { services, feed } = smallStore()
    const pages = [page(3), page(3), page(3)]
    for (const p of pages) services.feed.fetchPage.mockResolvedValueOnce(p)
    await feed.getState().load()
    await feed.getState().loadMore()
    await feed.getState().loadMore()
    services.feed.fetchNewer.mockResolvedValueOnce(pages[0])
    await feed.getState().loadNewer()

    const first = pages[1][0]
    expect(services.feed.fetchNewer).toHaveBeenCalledWith({
      after: { created_at: first.created_at, id: first.id },
      limit: 3
    })
    const state = feed.getState()
    expect(state.ids).toEqual([...pages[0], ...pages[1]].map((p) => p.id))
    expect(state.trimmedAbove).toBe(0)
    expect(state.hasMore).toBe(true)
    await feed.getState().loadNewer()
    expect(services.feed.fetchNewer).toHaveBeenCalledTimes(1)
  })
})
