// One data operation per behaviour: the web build's bridge (the shared session bridge a page
// runs) and the desktop app's (main's IPC handlers, called through the preload's bridge) give
// the same answers and the same messages, against one real local backend.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Api, CreatePostInput } from '../../src/shared/bridge-contract'
import { AUTH_MESSAGES } from '../../src/shared/auth-messages'
import { USERNAME_TAKEN_MESSAGE } from '../../src/shared/data/auth'
import { SIGN_IN_TO_POST_MESSAGE } from '../../src/shared/data/post-owner'
import { AccountSessions } from '../../src/shared/data/accounts'
import type { AuthSnapshot } from '../../src/shared/auth-snapshot'
import { createSessionBridge } from '../../src/shared/data/session-bridge'
import { createHandle } from '../../src/main/ipc/handle'
import { registerAuthIpc } from '../../src/main/ipc/auth'
import { registerPostsIpc } from '../../src/main/ipc/posts'
import { createBridgeApi } from '../../src/preload/bridge-api'
import { encodePng } from '../../scripts/lib/png'
import { uniqueEmail, uniqueUsername, type Harness } from '../support/backend-harness'
import { describeEachBackend } from '../support/database-suite'
import { storedObjectCount, whileDoomedPostsFail, whileUploadsFail } from '../support/faults'
import { FakeIpcMain, fakeWindow, silentLogger } from '../unit/main/fakes'

const PNG = new Uint8Array(encodePng(8, 8, () => [30, 120, 200]))
const NOT_AN_IMAGE = new TextEncoder().encode('<html><script>alert(1)</script></html>')

type SessionApi = Pick<Api, 'auth' | 'posts'>

interface Platform {
  name: 'browser' | 'desktop'
  api: SessionApi
  session: AccountSessions
}

/** The accounts a platform holds, each over its own supabase-js client (sessions in memory). */
function accountsOn(harness: Harness, emit: (snapshot: AuthSnapshot) => void): AccountSessions {
  const items = new Map<string, string>()
  return new AccountSessions({
    storage: {
      getItem: async (key) => items.get(key) ?? null,
      setItem: async (key, value) => void items.set(key, value),
      removeItem: async (key) => void items.delete(key)
    },
    createClient: () => harness.anon(),
    emit,
    log: silentLogger()
  })
}

/** What a page runs: the shared session bridge over its own supabase-js session. */
function browserPlatform(harness: Harness): Platform {
  const session = accountsOn(harness, (snapshot) => bridge.emitAuthChange(snapshot))
  const bridge = createSessionBridge(Promise.resolve(session))
  return { name: 'browser', api: bridge, session }
}

/** What the desktop renderer reaches: main's handlers behind the preload's bridge. */
function desktopPlatform(harness: Harness): Platform {
  const session = accountsOn(harness, () => undefined)
  const ipc = new FakeIpcMain()
  const win = fakeWindow()
  const handle = createHandle({ ipcMain: ipc, policy: win.policy, log: silentLogger() })
  registerAuthIpc(handle, session)
  registerPostsIpc(handle, {
    client: () => session.client,
    currentUserId: () => session.currentUserId()
  })
  // The preload's own bridge, with main's handlers where Electron's IPC would be. Main's events
  // are not wired here: these tests read results, not notifications.
  const api = createBridgeApi({
    invoke: (channel, ...args) => ipc.invoke(channel, win.event(), ...args),
    on: () => undefined,
    removeListener: () => undefined
  })
  return { name: 'desktop', api, session }
}

/** Runs `attempt` on both platforms; each settles to its value or its error message. */
async function onBoth<T>(
  platforms: Platform[],
  attempt: (platform: Platform) => Promise<T>
): Promise<Array<{ ok: true; value: T } | { ok: false; message: string }>> {
  const outcomes = []
  for (const platform of platforms) {
    try {
      outcomes.push({ ok: true as const, value: await attempt(platform) })
    } catch (error) {
      outcomes.push({ ok: false as const, message: (error as Error).message })
    }
  }
  return outcomes
}

const png = (caption: string): CreatePostInput => ({
  caption,
  photos: [{ image: { name: 'photo.png', type: 'image/png', bytes: PNG }, altText: '' }]
})

describeEachBackend('browser and desktop bridges', (suite) => {
  let harness: Harness
  let platforms: Platform[]

  beforeAll(async () => {
    harness = suite.harness
    platforms = [browserPlatform(harness), desktopPlatform(harness)]
  })
  afterAll(async () => {
    for (const platform of platforms ?? []) platform.session.dispose()
  })

  async function signUpOn(platform: Platform, username = uniqueUsername(platform.name)) {
    const email = uniqueEmail(username)
    await platform.api.auth.signUp({
      fullName: 'Parity Person',
      username,
      email,
      password: 'secret123'
    })
    return { email, username }
  }

  it('refuse a post when signed out, with one message', async () => {
    const outcomes = await onBoth(platforms, (p) => p.api.posts.create(png('hello')))
    expect(outcomes).toEqual([
      { ok: false, message: SIGN_IN_TO_POST_MESSAGE },
      { ok: false, message: SIGN_IN_TO_POST_MESSAGE }
    ])
  })

  it("refuse a wrong password with the server's sentence, the app's words under it", async () => {
    const outcomes = await onBoth(platforms, async (p) => {
      const { email } = await signUpOn(p)
      await p.api.auth.signOut()
      await p.api.auth.signIn({ email, password: 'wrong-password' })
    })
    expect(outcomes[0]).toEqual({
      ok: false,
      message: `Invalid login credentials\n${AUTH_MESSAGES.wrongPassword}`
    })
    expect(outcomes[1]).toEqual(outcomes[0])
  })

  it('refuse a taken username before creating anyone', async () => {
    const taken = uniqueUsername('taken')
    await signUpOn(platforms[0], taken)
    await platforms[0].api.auth.signOut()
    const outcomes = await onBoth(platforms, (p) => signUpOn(p, taken))
    expect(outcomes).toEqual([
      { ok: false, message: USERNAME_TAKEN_MESSAGE },
      { ok: false, message: USERNAME_TAKEN_MESSAGE }
    ])
  })

  it('sign in, and then see the same session', async () => {
    const outcomes = await onBoth(platforms, async (p) => {
      const { email, username } = await signUpOn(p)
      await p.api.auth.signOut()
      await p.api.auth.signIn({ email, password: 'secret123' })
      const snapshot = await p.api.auth.getSession()
      return {
        email: snapshot.user?.email === email,
        username: snapshot.profile?.username === username
      }
    })
    expect(outcomes).toEqual([
      { ok: true, value: { email: true, username: true } },
      { ok: true, value: { email: true, username: true } }
    ])
  })

  describe('creating a post while signed in', () => {
    beforeAll(async () => {
      for (const platform of platforms) {
        if (!platform.session.currentUserId()) await signUpOn(platform)
      }
    })

    async function objectsOf(platform: Platform): Promise<number> {
      return storedObjectCount(harness.backend.db, platform.session.currentUserId()!)
    }

    it('refuses bytes that are not an image, uploading nothing', async () => {
      const before = await Promise.all(platforms.map(objectsOf))
      const outcomes = await onBoth(platforms, (p) =>
        p.api.posts.create({
          caption: '',
          photos: [
            { image: { name: 'photo.png', type: 'image/png', bytes: NOT_AN_IMAGE }, altText: '' }
          ]
        })
      )
      expect(outcomes).toEqual([
        { ok: false, message: 'Please select an image file' },
        { ok: false, message: 'Please select an image file' }
      ])
      expect(await Promise.all(platforms.map(objectsOf))).toEqual(before)
    })

    it('refuse a carousel of 11 photos or with a non-image the same way, uploading nothing', async () => {
      const before = await Promise.all(platforms.map(objectsOf))
      const [photo] = png('').photos
      const eleven = await onBoth(platforms, (p) =>
        p.api.posts.create({ caption: '', photos: Array(11).fill(photo) })
      )
      expect(eleven).toEqual([
        { ok: false, message: 'A post can hold at most 10 photos' },
        { ok: false, message: 'A post can hold at most 10 photos' }
      ])
      const mixed = await onBoth(platforms, (p) =>
        p.api.posts.create({
          caption: '',
          photos: [
            photo,
            { image: { name: 'x.png', type: 'image/png', bytes: NOT_AN_IMAGE }, altText: '' }
          ]
        })
      )
      expect(mixed).toEqual([
        { ok: false, message: 'Photo 2: Please select an image file' },
        { ok: false, message: 'Photo 2: Please select an image file' }
      ])
      expect(await Promise.all(platforms.map(objectsOf))).toEqual(before)
    })

    it('report a storage failure the same way, leaving nothing', async () => {
      const before = await Promise.all(platforms.map(objectsOf))
      let outcomes: Awaited<ReturnType<typeof onBoth>> = []
      await whileUploadsFail(harness.backend.db, async () => {
        outcomes = await onBoth(platforms, (p) => p.api.posts.create(png('storage down')))
      })
      expect(outcomes[0]).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^Upload failed: /)
      })
      expect(outcomes[1]).toEqual(outcomes[0])
      expect(await Promise.all(platforms.map(objectsOf))).toEqual(before)
    })

    it('report an insert failure the same way, removing the upload', async () => {
      const before = await Promise.all(platforms.map(objectsOf))
      let outcomes: Awaited<ReturnType<typeof onBoth>> = []
      await whileDoomedPostsFail(harness.backend.db, async () => {
        outcomes = await onBoth(platforms, (p) => p.api.posts.create(png('doomed')))
      })
      expect(outcomes[0]).toEqual({
        ok: false,
        message: 'Failed to save post: disk quota exceeded'
      })
      expect(outcomes[1]).toEqual(outcomes[0])
      expect(await Promise.all(platforms.map(objectsOf))).toEqual(before)
    })

    it('create the same post, with its author embedded', async () => {
      const outcomes = await onBoth(platforms, async (p) => {
        const post = await p.api.posts.create(png('  Same on both  '))
        return {
          caption: post.caption,
          mine: post.user_id === p.session.currentUserId(),
          author: post.profiles?.username === (await p.api.auth.getSession()).profile?.username,
          keys: Object.keys(post).sort()
        }
      })
      expect(outcomes[0]).toMatchObject({
        ok: true,
        value: { caption: 'Same on both', mine: true, author: true }
      })
      expect(outcomes[1]).toEqual(outcomes[0])
    })
  })
})
