import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHarness, deferred, makePost, signedIn } from '../../testing/fakes'

afterEach(() => vi.restoreAllMocks())

async function loadedFeed(posts = [makePost({ likes_count: 10 })], liked: string[] = []) {
  const harness = createHarness({ snapshot: signedIn() })
  harness.services.feed.fetchAll.mockResolvedValue(posts)
  harness.services.likes.likedPostIds.mockResolvedValue(new Set(liked))
  await harness.stores.feed.getState().load()
  return { ...harness, feed: harness.stores.feed, post: posts[0] }
}

describe('feed store: loading', () => {
  it('ends ready with the posts, newest first as the service returned them', async () => {
    const posts = [makePost(), makePost()]
    const { feed } = await loadedFeed(posts)
    expect(feed.getState().status).toBe('ready')
    expect(feed.getState().posts).toEqual(posts)
  })

  it('reads the liked state of all visible posts in one query', async () => {
    const posts = [makePost(), makePost(), makePost()]
    const { feed, services } = await loadedFeed(posts, [posts[1].id])
    expect(services.likes.likedPostIds).toHaveBeenCalledTimes(1)
    expect(services.likes.likedPostIds).toHaveBeenCalledWith(
      'user-1',
      posts.map((post) => post.id)
    )
    expect([...feed.getState().likedIds]).toEqual([posts[1].id])
  })

  it("logs 'Error fetching posts' and shows an empty feed when the read fails", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const harness = createHarness()
    harness.services.feed.fetchAll.mockRejectedValue(new Error('boom'))
    await harness.stores.feed.getState().load()
    expect(error).toHaveBeenCalledWith('Error fetching posts', expect.any(Error))
    expect(harness.stores.feed.getState()).toMatchObject({ status: 'ready', posts: [] })
  })

  it('does not look up likes for a visitor', async () => {
    const harness = createHarness()
    harness.services.feed.fetchAll.mockResolvedValue([makePost()])
    await harness.stores.feed.getState().load()
    expect(harness.services.likes.likedPostIds).not.toHaveBeenCalled()
  })

  it('lets the newest of two overlapping loads win', async () => {
    const harness = createHarness()
    const slow = deferred<ReturnType<typeof makePost>[]>()
    const fresh = [makePost()]
    harness.services.feed.fetchAll.mockReturnValueOnce(slow.promise).mockResolvedValueOnce(fresh)
    const first = harness.stores.feed.getState().load()
    await harness.stores.feed.getState().load()
    slow.resolve([makePost(), makePost()])
    await first
    expect(harness.stores.feed.getState().posts).toEqual(fresh)
  })
})

describe('feed store: optimistic like', () => {
  it('adds one at once, then takes the server counter', async () => {
    const { feed, services, post } = await loadedFeed()
    const call = deferred<void>()
    services.likes.like.mockReturnValue(call.promise)
    services.likes.readLikesCount.mockResolvedValue(15)

    const toggle = feed.getState().toggleLike(post.id)
    expect(feed.getState().posts[0].likes_count).toBe(11)
    expect(feed.getState().likedIds.has(post.id)).toBe(true)
    expect(feed.getState().likingIds.has(post.id)).toBe(true)

    call.resolve()
    await toggle
    expect(services.likes.like).toHaveBeenCalledWith('user-1', post.id)
    expect(feed.getState().posts[0].likes_count).toBe(15)
    expect(feed.getState().likingIds.has(post.id)).toBe(false)
  })

  it('takes one off when unliking, through the delete call', async () => {
    const posts = [makePost({ likes_count: 10 })]
    const { feed, services, post } = await loadedFeed(posts, [posts[0].id])
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await feed.getState().toggleLike(post.id)
    expect(services.likes.unlike).toHaveBeenCalledWith('user-1', post.id)
    expect(feed.getState().posts[0].likes_count).toBe(9)
    expect(feed.getState().likedIds.has(post.id)).toBe(false)
  })

  it('keeps the optimistic count when the counter cannot be re-read', async () => {
    const { feed, post } = await loadedFeed()
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await feed.getState().toggleLike(post.id)
    expect(feed.getState().posts[0].likes_count).toBe(11)
  })

  it('rolls back and only logs when the like call fails', async () => {
    const { feed, services, post } = await loadedFeed()
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    services.likes.like.mockRejectedValue(new Error('RLS'))
    await feed.getState().toggleLike(post.id)
    expect(feed.getState().posts[0].likes_count).toBe(10)
    expect(feed.getState().likedIds.has(post.id)).toBe(false)
    expect(feed.getState().likingIds.size).toBe(0)
    expect(error).toHaveBeenCalledWith('Error toggling like', expect.any(Error))
  })

  it('ignores a second click while the first toggle is in flight', async () => {
    const { feed, services, post } = await loadedFeed()
    const call = deferred<void>()
    services.likes.like.mockReturnValue(call.promise)
    services.likes.readLikesCount.mockResolvedValue(11)
    const first = feed.getState().toggleLike(post.id)
    await feed.getState().toggleLike(post.id)
    expect(services.likes.like).toHaveBeenCalledTimes(1)
    expect(services.likes.unlike).not.toHaveBeenCalled()
    expect(feed.getState().posts[0].likes_count).toBe(11)
    call.resolve()
    await first
  })

  it('ignores clicks from a visitor', async () => {
    const { feed, services, post, stores } = await loadedFeed()
    stores.session.setState({ snapshot: { ...signedIn(), user: null } })
    await feed.getState().toggleLike(post.id)
    expect(services.likes.like).not.toHaveBeenCalled()
    expect(feed.getState().posts[0].likes_count).toBe(10)
  })
})

describe('feed store: new posts', () => {
  it('bumps the refresh counter after a successful create', async () => {
    const { feed, api } = await loadedFeed()
    const image = { name: 'a.png', type: 'image/png', bytes: new Uint8Array([1]) }
    await feed.getState().createPost({ image, caption: 'hi' })
    expect(api.posts.create).toHaveBeenCalledWith({ image, caption: 'hi' })
    expect(feed.getState().refreshCounter).toBe(1)
  })

  it('leaves the counter alone when the create fails', async () => {
    const { feed, api } = await loadedFeed()
    api.posts.create.mockRejectedValue(new Error('Upload failed: full'))
    const image = { name: 'a.png', type: 'image/png', bytes: new Uint8Array([1]) }
    await expect(feed.getState().createPost({ image, caption: '' })).rejects.toThrow(
      'Upload failed'
    )
    expect(feed.getState().refreshCounter).toBe(0)
  })
})
