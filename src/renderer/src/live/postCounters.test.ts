import { describe, expect, it, vi } from 'vitest'
import { createHarness, makePost, signedIn } from '../testing/fakes'
import { applyPostCounters } from './postCounters'

async function everyListShowing(post = makePost({ likes_count: 1, comments_count: 1 })) {
  const harness = createHarness({ snapshot: signedIn() })
  const { stores, services } = harness
  services.feed.fetchPage.mockResolvedValue([post])
  services.followingFeed.fetchPage.mockResolvedValue([post])
  await Promise.all([stores.feed.getState().load(), stores.followingFeed.getState().load()])
  stores.saved.setState({ ids: [post.id] })
  const refresh = vi.fn()
  stores.commentPreviews.setState({ refresh })
  const held = () => stores.posts.getState().byId[post.id]
  return { stores, post, refresh, held }
}

describe('live post counters', () => {
  it('change the one copy every list shows, and re-read the latest comments', async () => {
    const { stores, post, refresh, held } = await everyListShowing()
    applyPostCounters(stores, { ...post, likes_count: 3, comments_count: 2 })
    expect(held()).toMatchObject({ likes_count: 3, comments_count: 2 })
    expect(stores.feed.getState().ids).toEqual([post.id])
    expect(stores.followingFeed.getState().ids).toEqual([post.id])
    expect(stores.saved.getState().ids).toEqual([post.id])
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(refresh).toHaveBeenCalledWith(post.id)
  })

  it('takes a deleted comment down too', async () => {
    const { stores, post, refresh, held } = await everyListShowing()
    applyPostCounters(stores, { ...post, comments_count: 0 })
    expect(held().comments_count).toBe(0)
    expect(refresh).toHaveBeenCalledWith(post.id)
  })

  it('reads no comments when only the like count moved', async () => {
    const { stores, post, refresh, held } = await everyListShowing()
    applyPostCounters(stores, { ...post, likes_count: 5 })
    expect(held().likes_count).toBe(5)
    expect(refresh).not.toHaveBeenCalled()
  })

  it('changes nothing for a post no list shows', async () => {
    const { stores, refresh } = await everyListShowing()
    const before = stores.posts.getState().byId
    applyPostCounters(stores, { ...makePost(), comments_count: 9 })
    expect(stores.posts.getState().byId).toBe(before)
    expect(refresh).not.toHaveBeenCalled()
  })
})
