import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi, PROFILE, signedIn } from '../../testing/fakes'
import { createSessionStore } from './sessionStore'
import { databaseOpener } from '../../offline/cache/cacheDb'
import { createReadCache } from '../../offline/cache/readCache'
import { savedAnswers } from '../../offline/cache/savedAnswers'
import { keepOwnProfile } from './ownProfile'

function setUp(cache = createReadCache({ db: databaseOpener(new IDBFactory()) })) {
  const session = createSessionStore(fakeApi().auth)
  const saved = savedAnswers(cache, () => session.getState().snapshot.user?.id ?? null)
  keepOwnProfile(session, saved)
  return { session, saved, cache }
}

describe('own profile kept for offline starts', () => {
  it('fills in the saved profile when an offline session knows the user but not the profile', async () => {
    const online = setUp()
    online.session.setState({ snapshot: signedIn(), status: 'ready' })
    await vi.waitFor(async () => expect(await online.saved.read('me')).toEqual(PROFILE))

    // The next start, offline: the session has the user from the kept tokens, no profile.
    const { session } = setUp(online.cache)
    session.setState({ snapshot: { ...signedIn(), profile: null }, status: 'ready' })
    await vi.waitFor(() =>
      expect(session.getState().snapshot.profile?.username).toBe(PROFILE.username)
    )
  })

  it("never gives one user another user's saved profile", async () => {
    const { session, saved } = setUp()
    session.setState({ snapshot: signedIn(), status: 'ready' })
    await vi.waitFor(async () => expect(await saved.read('me')).toEqual(PROFILE))
    const other = { ...signedIn({ ...PROFILE, id: 'user-2' }), profile: null }
    session.setState({ snapshot: other, status: 'ready' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(session.getState().snapshot.profile).toBeNull()
  })
})
