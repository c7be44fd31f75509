import type { Session, SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../src/shared/domain'
import type { AuthSnapshot } from '../../../src/shared/auth-snapshot'
import { AuthSession } from '../../../src/shared/data/session'
import { silentLogger } from './fakes'

const PROFILE: Profile = {
  id: 'u1',
  username: 'ada',
  full_name: 'Ada',
  avatar_url: null,
  bio: null
}

function session(accessToken: string, expiresAt: number): Session {
  return {
    access_token: accessToken,
    refresh_token: 'refresh-secret',
    expires_at: expiresAt,
    expires_in: 3600,
    token_type: 'bearer',
    user: { id: 'u1', email: 'ada@example.com', user_metadata: { username: 'ada' } }
  } as unknown as Session
}

/** Just the auth calls AuthSession uses. */
function fakeClient() {
  let current: Session | null = null
  let listener: ((event: string, s: Session | null) => void) | null = null
  const auth = {
    onAuthStateChange: vi.fn((cb: (event: string, s: Session | null) => void) => {
      listener = cb
      return { data: { subscription: { unsubscribe: vi.fn() } } }
    }),
    getSession: vi.fn(async () => ({ data: { session: current }, error: null })),
    signInWithPassword: vi.fn(async () => {
      current = session('access-1', 1000)
      listener?.('SIGNED_IN', current)
      return { data: { session: current, user: current.user }, error: null }
    }),
    signOut: vi.fn(async () => {
      current = null
      listener?.('SIGNED_OUT', null)
      return { error: null }
    }),
    stopAutoRefresh: vi.fn(async () => {})
  }
  return {
    client: { auth } as unknown as SupabaseClient,
    refresh(accessToken: string, expiresAt: number) {
      current = session(accessToken, expiresAt)
      listener?.('TOKEN_REFRESHED', current)
    }
  }
}

describe('AuthSession', () => {
  it('emits user, profile and access token on sign-in and sign-out, never the refresh token', async () => {
    const { client } = fakeClient()
    const emitted: AuthSnapshot[] = []
    const loadProfile = vi.fn(async () => PROFILE)
    const auth = new AuthSession({
      client,
      emit: (s) => emitted.push(s),
      log: silentLogger(),
      loadProfile,
      defer: (w) => w()
    })
    await auth.start()
    expect(await auth.getSnapshot()).toMatchObject({ user: null })

    await auth.signIn({ email: 'ada@example.com', password: 'pw' })
    const signedIn = await auth.getSnapshot()
    expect(signedIn).toEqual({
      user: { id: 'u1', email: 'ada@example.com', user_metadata: { username: 'ada' } },
      profile: PROFILE,
      accessToken: 'access-1',
      expiresAt: 1000
    })
    expect(auth.currentUserId()).toBe('u1')
    expect(emitted.at(-1)).toEqual(signedIn)
    expect(JSON.stringify(emitted)).not.toContain('refresh-secret')

    await auth.signOut()
    expect(emitted.at(-1)).toEqual({
      user: null,
      profile: null,
      accessToken: null,
      expiresAt: null
    })
    expect(auth.currentUserId()).toBeNull()
  })

  it('a token refresh emits the new token and reuses the loaded profile', async () => {
    const fake = fakeClient()
    const emitted: AuthSnapshot[] = []
    const loadProfile = vi.fn(async () => PROFILE)
    const auth = new AuthSession({
      client: fake.client,
      emit: (s) => emitted.push(s),
      log: silentLogger(),
      loadProfile,
      defer: (w) => w()
    })
    await auth.signIn({ email: 'ada@example.com', password: 'pw' })
    fake.refresh('access-2', 2000)
    const snapshot = await auth.getSnapshot()
    expect(snapshot.accessToken).toBe('access-2')
    expect(snapshot.profile).toEqual(PROFILE)
    expect(loadProfile).toHaveBeenCalledTimes(1)
    expect(await auth.getAccessToken()).toBe('access-2')
  })
})
