import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@shared/messages'
import { fakeServices, makePost, PROFILE } from '../../testing/fakes'
import { databaseOpener } from '../../offline/cache/cacheDb'
import { createReadCache } from '../../offline/cache/readCache'
import { savedAnswers } from '../../offline/cache/savedAnswers'
import { createPostsStore } from '../posts/postsStore'
import { createPeopleStore } from './peopleStore'

function peopleWithCache() {
  const services = fakeServices()
  const cache = createReadCache({ db: databaseOpener(new IDBFactory()) })
  const posts = createPostsStore({
    likes: services.likes,
    posts: services.posts,
    getUserId: () => 'user-1'
  })
  const people = createPeopleStore({
    people: services.people,
    posts,
    getUserId: () => 'user-1',
    saved: savedAnswers(cache, () => 'user-1')
  })
  return { services, cache, people, postsIn: posts }
}

const offline = (): TypeError => new TypeError('Failed to fetch')

describe('people store: profiles offline', () => {
  it('shows a profile opened before from the saved copy when the backend is unreachable', async () => {
    const { services, cache, people, postsIn } = peopleWithCache()
    const posts = [makePost({ user_id: PROFILE.id })]
    services.people.fetchProfileByUsername.mockResolvedValue(PROFILE)
    services.people.fetchProfilePosts.mockResolvedValue({ posts, next: null })
    await people.getState().loadProfile(PROFILE.username)
    await vi.waitFor(async () =>
      expect(await cache.read('user-1', `profile:${PROFILE.username}`)).not.toBeNull()
    )

    services.people.fetchProfileByUsername.mockRejectedValue(offline())
    await people.getState().loadProfile(PROFILE.username)
    expect(people.getState().page).toMatchObject({
      status: 'ready',
      profile: PROFILE,
      ids: posts.map((post) => post.id),
      postsTotal: 1
    })
    expect(people.getState().page?.ids.map((id) => postsIn.getState().byId[id])).toEqual(posts)
  })

  it('says a profile never opened is not available offline', async () => {
    const { services, people } = peopleWithCache()
    services.people.fetchProfileByUsername.mockRejectedValue(offline())
    await people.getState().loadProfile('never.opened')
    expect(people.getState().page).toMatchObject({
      status: 'failed',
      error: MESSAGES.notAvailableOffline
    })
  })

  it('a query the backend refused is only logged: an empty grid and zero counts, no message', async () => {
    const { services, people } = peopleWithCache()
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    services.people.fetchProfileByUsername.mockRejectedValue(new Error('permission denied'))
    await people.getState().loadProfile('someone')
    expect(people.getState().page).toMatchObject({
      status: 'ready',
      profile: null,
      ids: [],
      postsTotal: 0,
      error: null
    })
    expect(log.mock.calls.map((call) => call[0])).toEqual([
      'Error fetching profile',
      'Error fetching user stats'
    ])
    log.mockRestore()
  })

  it("a failing posts query logs 'Error fetching user posts' and leaves the grid empty", async () => {
    const { services, people } = peopleWithCache()
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    services.people.fetchProfileByUsername.mockResolvedValue(PROFILE)
    services.people.fetchProfilePosts.mockRejectedValue(new Error('boom'))
    await people.getState().loadProfile(PROFILE.username)
    expect(people.getState().page).toMatchObject({
      status: 'ready',
      profile: PROFILE,
      ids: [],
      postsTotal: 0,
      error: null
    })
    expect(log.mock.calls.map((call) => call[0])).toEqual(['Error fetching user posts'])
    log.mockRestore()
  })

  it('pages through the whole grid with the keyset cursor', async () => {
    const { services, people } = peopleWithCache()
    const first = [makePost({ id: 'p2', user_id: PROFILE.id })]
    const second = [makePost({ id: 'p1', user_id: PROFILE.id })]
    const cursor = { created_at: first[0].created_at, id: 'p2' }
    services.people.fetchProfileByUsername.mockResolvedValue({ ...PROFILE, posts_count: 2 })
    services.people.fetchProfilePosts
      .mockResolvedValueOnce({ posts: first, next: cursor })
      .mockResolvedValueOnce({ posts: second, next: null })
    await people.getState().loadProfile(PROFILE.username)
    await people.getState().loadMorePosts()
    expect(services.people.fetchProfilePosts).toHaveBeenLastCalledWith(PROFILE.id, {
      after: cursor
    })
    expect(people.getState().page).toMatchObject({ ids: ['p2', 'p1'], next: null })
    // The count is the profile's (all their posts), not the pages read so far.
    expect(people.getState().page?.postsTotal).toBe(2)
    // At the end, asking again reads nothing.
    await people.getState().loadMorePosts()
    expect(services.people.fetchProfilePosts).toHaveBeenCalledTimes(2)
  })
})
