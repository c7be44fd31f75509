// Liking from the post view: optimistic, reconciled with the server's count, undone when the
// server refuses, and followed by every list showing the post.

import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHarness, deferred, makePost, signedIn } from '../../testing/fakes'

afterEach(() => vi.restoreAllMocks())

function openInView(liked: boolean) {
  const harness = createHarness({ snapshot: signedIn() })
  const post = makePost({ likes_count: 4 })
  harness.stores.feed.setState({
    posts: [post],
    status: 'ready',
    likedIds: new Set(liked ? [post.id] : [])
  })
  harness.stores.post.setState({ openId: post.id, post, status: 'ready', liked })
  return { ...harness, post }
}

describe('post view likes', () => {
  it('likes at once, takes the server’s count, and the feed follows', async () => {
    // The card's comment previews are refreshed too, and have no backend here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { stores, services, post } = openInView(false)
    const answer = deferred<{ liked: boolean; likes_count: number }>()
    services.likes.setLike.mockReturnValue(answer.promise)
    const liking = stores.post.getState().toggleLike()
    expect(stores.post.getState()).toMatchObject({ liked: true, liking: true })
    expect(stores.post.getState().post?.likes_count).toBe(5)
    expect(stores.feed.getState().likedIds.has(post.id)).toBe(true)
    expect(stores.feed.getState().posts[0].likes_count).toBe(5)

    answer.resolve({ liked: true, likes_count: 7 })
    await liking
    expect(services.likes.setLike).toHaveBeenCalledWith(post.id, true)
    expect(stores.post.getState()).toMatchObject({ liked: true, liking: false })
    expect(stores.post.getState().post?.likes_count).toBe(7)
    expect(stores.feed.getState().posts[0].likes_count).toBe(7)
  })

  it('undoes an unlike the server refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { stores, services, post } = openInView(true)
    services.likes.setLike.mockRejectedValue(new Error('refused'))
    await stores.post.getState().toggleLike()
    expect(stores.post.getState()).toMatchObject({ liked: true, liking: false })
    expect(stores.post.getState().post?.likes_count).toBe(4)
    expect(stores.feed.getState().likedIds.has(post.id)).toBe(true)
  })

  it('does nothing while the like is unknown or already on its way', async () => {
    const { stores, services } = openInView(false)
    stores.post.setState({ liked: null })
    await stores.post.getState().toggleLike()
    stores.post.setState({ liked: false, liking: true })
    await stores.post.getState().toggleLike()
    expect(services.likes.setLike).not.toHaveBeenCalled()
  })
})
