import { describe, expect, it, vi } from 'vitest'
import { createHarness, makePost, signedIn } from '../testing/fakes'
import { applyPostCounters } from './postCounters'

async function everyListShowing(post = makePost({ likes_count: 1, comments_count: 1 })) {
  const harness = createHarness({ snapshot: signedIn() })
  const { stores, services } = harness
  services.feed.fetchPage.mockResolvedValue([post])
  services.followingFeed.fetchPage.mockResolvedValue([post])
  await Promise.all([stores.feed.getState().load(), stores.followingFeed.getState().load()])
  stores.people.setState({
    page: {
      username: 'jane.doe',
      status: 'ready',
      profile: null,
      posts: [post],
      postsTotal: 1,
      next: null,
      loadingMore: false,
      loadMoreFailed: false,
      error: null
    }
  })
  stores.saved.setState({ posts: [post] })
  const refresh = vi.fn()
  stores.commentPreviews.setState({ refresh })
  return { stores, post, refresh }
}

describe('live post counters', () => {
  it('reach both feeds, the profile grid and the Saved grid, and re-read the latest comments', async () => {
    const { stores, post, refresh } = await everyListShowing()
    applyPostCounters(stores, { ...post, likes_count: 3, comments_count: 2 })
    const counts = { likes_count: 3, comments_count: 2 }
    expect(stores.feed.getState().posts[0]).toMatchObject(counts)
    expect(stores.followingFeed.getState().posts[0]).toMatchObject(counts)
    expect(stores.people.getState().page?.posts[0]).toMatchObject(counts)
    expect(stores.saved.getState().posts[0]).toMatchObject(counts)
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(refresh).toHaveBeenCalledWith(post.id)
  })

  it('takes a deleted comment down too', async () => {
    const { stores, post, refresh } = await everyListShowing()
    applyPostCounters(stores, { ...post, comments_count: 0 })
    expect(stores.feed.getState().posts[0].comments_count).toBe(0)
    expect(stores.people.getState().page?.posts[0].comments_count).toBe(0)
    expect(refresh).toHaveBeenCalledWith(post.id)
  })

  it('reads no comments when only the like count moved', async () => {
    const { stores, post, refresh } = await everyListShowing()
    applyPostCounters(stores, { ...post, likes_count: 5 })
    expect(stores.feed.getState().posts[0].likes_count).toBe(5)
    expect(refresh).not.toHaveBeenCalled()
  })

  it('leaves every list as it was for a post none of them shows', async () => {
    const { stores, refresh } = await everyListShowing()
    const before = {
      feed: stores.feed.getState().posts,
      page: stores.people.getState().page,
      saved: stores.saved.getState().posts
    }
    applyPostCounters(stores, { ...makePost(), comments_count: 9 })
    expect(stores.feed.getState().posts).toBe(before.feed)
    expect(stores.people.getState().page).toBe(before.page)
    expect(stores.saved.getState().posts).toBe(before.saved)
    expect(refresh).not.toHaveBeenCalled()
  })
})
