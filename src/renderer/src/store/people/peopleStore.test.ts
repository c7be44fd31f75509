import { describe, expect, it } from 'vitest'
import { createHarness, deferred, signedIn } from '../../testing/fakes'

const STAR = {
  id: 'star-1',
  username: 'star',
  full_name: 'Star',
  avatar_url: null,
  followers_count: 10
}

describe('people store', () => {
  it('follows optimistically, then takes the count the server reports', async () => {
    const { stores, services } = createHarness({ snapshot: signedIn() })
    const answer = deferred<{ followersCount: number }>()
    services.people.follow.mockReturnValueOnce(answer.promise)
    const pending = stores.people.getState().setFollowing(STAR, true)
    expect(stores.people.getState().followedIds.has(STAR.id)).toBe(true)
    expect(stores.people.getState().followerCounts[STAR.id]).toBe(11)
    expect(stores.people.getState().pendingIds.has(STAR.id)).toBe(true)
    // A second click while in flight is ignored.
    await stores.people.getState().setFollowing(STAR, false)
    expect(services.people.unfollow).not.toHaveBeenCalled()
    answer.resolve({ followersCount: 42 })
    await pending
    expect(services.people.follow).toHaveBeenCalledWith('user-1', STAR.id)
    expect(stores.people.getState().followerCounts[STAR.id]).toBe(42)
    expect(stores.people.getState().pendingIds.size).toBe(0)
    expect(stores.people.getState().ownFollowingDelta).toBe(1)
  })

  it('rolls a failed unfollow back and keeps the message', async () => {
    const { stores, services } = createHarness({ snapshot: signedIn() })
    services.people.followedAmong.mockResolvedValueOnce(new Set([STAR.id]))
    await stores.people.getState().learn([STAR])
    services.people.unfollow.mockRejectedValueOnce(new Error("Couldn't unfollow: offline"))
    await stores.people.getState().setFollowing(STAR, false)
    expect(stores.people.getState()).toMatchObject({
      followError: "Couldn't unfollow: offline",
      ownFollowingDelta: 0
    })
    expect(stores.people.getState().followedIds.has(STAR.id)).toBe(true)
    expect(stores.people.getState().followerCounts[STAR.id]).toBe(10)
  })

  it('a visitor cannot follow: nothing changes and nothing is sent', async () => {
    const { stores, services } = createHarness()
    await stores.people.getState().setFollowing(STAR, true)
    expect(stores.people.getState().followedIds.size).toBe(0)
    expect(services.people.follow).not.toHaveBeenCalled()
  })

  it('a successful follow makes the Following feed reload next time it shows', async () => {
    const { stores } = createHarness({ snapshot: signedIn() })
    stores.followingFeed.setState({ status: 'ready', ids: [] })
    await stores.people.getState().setFollowing(STAR, true)
    expect(stores.followingFeed.getState().status).toBe('idle')
  })

  it('a profile no one has ends as not-found; an older answer never replaces a newer page', async () => {
    const { stores, services } = createHarness()
    const slow = deferred<null>()
    services.people.fetchProfileByUsername.mockReturnValueOnce(slow.promise)
    const first = stores.people.getState().loadProfile('first')
    await stores.people.getState().loadProfile('ghost')
    expect(stores.people.getState().page).toMatchObject({ username: 'ghost', status: 'not-found' })
    slow.resolve(null)
    await first
    expect(stores.people.getState().page?.username).toBe('ghost')
  })
})
