import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@shared/messages'
import { fakeServices, makePost, PROFILE } from '../../testing/fakes'
import { databaseOpener } from '../../offline/cache/cacheDb'
import { createReadCache } from '../../offline/cache/readCache'
import { savedAnswers } from '../../offline/cache/savedAnswers'
import { createPeopleStore } from './peopleStore'

function peopleWithCache() {
  const services = fakeServices()
  const cache = createReadCache({ db: databaseOpener(new IDBFactory()) })
  const people = createPeopleStore({
    people: services.people,
    getUserId: () => 'user-1',
    saved: savedAnswers(cache, () => 'user-1')
  })
  return { services, cache, people }
}

const offline = (): TypeError => new TypeError('Failed to fetch')

describe('people store: profiles offline', () => {
  it('shows a profile opened before from the saved copy when the backend is unreachable', async () => {
    const { services, cache, people } = peopleWithCache()
    const posts = [makePost({ user_id: PROFILE.id })]
    services.people.fetchProfileByUsername.mockResolvedValue(PROFILE)
    services.people.fetchProfilePosts.mockResolvedValue({ posts, total: 1 })
    await people.getState().loadProfile(PROFILE.username)
    await vi.waitFor(async () =>
      expect(await cache.read('user-1', `profile:${PROFILE.username}`)).not.toBeNull()
    )

    services.people.fetchProfileByUsername.mockRejectedValue(offline())
    await people.getState().loadProfile(PROFILE.username)
    expect(people.getState().page).toMatchObject({
      status: 'ready',
      profile: PROFILE,
      posts,
      postsTotal: 1
    })
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

  it('still reports an answer the backend gave as that answer, not as offline', async () => {
    const { services, people } = peopleWithCache()
    services.people.fetchProfileByUsername.mockRejectedValue(new Error('permission denied'))
    await people.getState().loadProfile('someone')
    expect(people.getState().page).toMatchObject({ status: 'failed', error: 'permission denied' })
  })
})
