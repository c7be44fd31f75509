import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHarness, makePost, PROFILE } from '../../testing/fakes'

afterEach(() => vi.restoreAllMocks())

describe('profile store', () => {
  it('loads own posts, the three counts and the profile for the user', async () => {
    const { stores, services } = createHarness()
    const posts = [makePost({ user_id: PROFILE.id })]
    services.profile.fetchPosts.mockResolvedValue(posts)
    services.profile.fetchStats.mockResolvedValue({ posts: 1, followers: 20, following: 3 })
    await stores.profile.getState().load(PROFILE.id)
    expect(services.profile.fetchPosts).toHaveBeenCalledWith(PROFILE.id)
    expect(stores.profile.getState()).toMatchObject({
      status: 'ready',
      posts,
      profile: PROFILE,
      stats: { posts: 1, followers: 20, following: 3 }
    })
  })

  it('shows the known profile at once, before its own read returns', () => {
    const { stores, services } = createHarness()
    services.profile.fetchProfile.mockReturnValue(new Promise(() => undefined))
    void stores.profile.getState().load(PROFILE.id, PROFILE)
    expect(stores.profile.getState().profile).toBe(PROFILE)
    expect(stores.profile.getState().status).toBe('loading')
  })

  it("logs 'Error fetching user posts' and shows an empty grid when the posts read fails", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { stores, services } = createHarness()
    services.profile.fetchPosts.mockRejectedValue(new Error('down'))
    await stores.profile.getState().load(PROFILE.id)
    expect(error).toHaveBeenCalledWith('Error fetching user posts', expect.any(Error))
    expect(stores.profile.getState()).toMatchObject({ status: 'ready', posts: [] })
  })

  it("logs 'Error fetching user stats' and falls back to zero counts", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { stores, services } = createHarness()
    services.profile.fetchStats.mockRejectedValue(new Error('down'))
    await stores.profile.getState().load(PROFILE.id)
    expect(error).toHaveBeenCalledWith('Error fetching user stats', expect.any(Error))
    expect(stores.profile.getState().stats).toEqual({ posts: 0, followers: 0, following: 0 })
  })

  it('forgets everything on clear (sign-out)', async () => {
    const { stores } = createHarness()
    await stores.profile.getState().load(PROFILE.id)
    stores.profile.getState().clear()
    expect(stores.profile.getState()).toMatchObject({ userId: null, profile: null, posts: [] })
  })
})
