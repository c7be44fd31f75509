import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import { deferred, fakeApi, fakeServices, makeGroup } from '../../testing/fakes'
import { databaseOpener } from '../../offline/cache/cacheDb'
import { createReadCache } from '../../offline/cache/readCache'
import { savedAnswers } from '../../offline/cache/savedAnswers'
import { createActivityStore, type ActivitySnapshot } from './activityStore'

function activityWithCache() {
  const services = fakeServices()
  const cache = createReadCache({ db: databaseOpener(new IDBFactory()) })
  const activity = createActivityStore({
    activity: services.activity,
    live: services.live,
    notifications: fakeApi().notifications,
    saved: savedAnswers(cache, () => 'user-1')
  })
  return { services, cache, activity }
}

describe('activity store: saved copy', () => {
  it('shows the saved lines until the first read answers, then the answer', async () => {
    const { services, cache, activity } = activityWithCache()
    const saved = makeGroup()
    await cache.write('user-1', 'activity', { groups: [saved], unreadCount: 3 })
    const answer = deferred<{ groups: ReturnType<typeof makeGroup>[]; next: null }>()
    services.activity.fetchPage.mockReturnValue(answer.promise)

    activity.getState().start('user-1')
    await vi.waitFor(() => expect(activity.getState().groups).toEqual([saved]))
    expect(activity.getState()).toMatchObject({ status: 'ready', unreadCount: 3 })

    const fresh = makeGroup()
    answer.resolve({ groups: [fresh], next: null })
    await vi.waitFor(() => expect(activity.getState().groups).toEqual([fresh]))
    await vi.waitFor(async () =>
      expect((await cache.read<ActivitySnapshot>('user-1', 'activity'))?.groups).toEqual([fresh])
    )
  })

  it('keeps the saved lines, without an error, when the backend cannot be reached', async () => {
    const { services, cache, activity } = activityWithCache()
    const saved = makeGroup()
    await cache.write('user-1', 'activity', { groups: [saved], unreadCount: 0 })
    const failure = deferred<never>()
    services.activity.fetchPage.mockReturnValue(failure.promise)
    activity.getState().start('user-1')
    await vi.waitFor(() => expect(activity.getState().groups).toEqual([saved]))
    failure.reject(new TypeError('Failed to fetch'))
    await vi.waitFor(() => expect(services.activity.fetchPage).toHaveBeenCalled())
    await activity.getState().refresh()
    expect(activity.getState()).toMatchObject({ groups: [saved], error: null, status: 'ready' })
  })
})
