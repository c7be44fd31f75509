// The GoTrue-compatible auth API driven by the real supabase-js client, on PGlite and on
// PostgreSQL 15.

import { isAuthApiError, isAuthWeakPasswordError } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { beforeAll, expect, it } from 'vitest'
import {
  decodeClaims,
  signUpAndIn,
  uniqueEmail,
  uniqueUsername,
  type Harness
} from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { DEFAULT_AUTH_CONFIG } from '../../../src/backend/auth/config'

async function getUserRaw(
  harness: Harness,
  token: string
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${harness.backend.url}/auth/v1/user`, {
    headers: { apikey: harness.backend.anonKey, authorization: `Bearer ${token}` }
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describeEachBackend('auth API', (suite) => {
  let harness: Harness

  beforeAll(async () => {
    harness = suite.harness
  })

  it('signs up with metadata, creates the profile and returns a session', async () => {
    const client = harness.anon()
    const email = uniqueEmail('Mixed.Case').replace('mixed', 'MIXED')
    const username = uniqueUsername('ana')
    const { data, error } = await client.auth.signUp({
      email,
      password: 'secret123',
      options: { data: { username, full_name: 'Ana Lima' } }
    })
    expect(error).toBeNull()
    expect(data.session?.expires_in).toBe(3600)
    expect(data.user?.email).toBe(email.toLowerCase())
    expect(data.user?.user_metadata).toMatchObject({ username, full_name: 'Ana Lima' })
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] })
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', user_id: data.user?.id })

    const { rows } = await harness.backend.db.query<{ username: string; full_name: string }>(
      'select username, full_name from public.profiles where id = $1',
      [data.user?.id]
    )
    expect(rows).toEqual([{ username, full_name: 'Ana Lima' }])
    const stored = await harness.backend.db.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where id = $1',
      [data.user?.id]
    )
    // At the harness's bcrypt cost; GoTrue's own is checked at the end of this file.
    expect(stored.rows[0].encrypted_password).toMatch(/^\$2a\$\d\d\$/)
  })

  it('signs in with GoTrue claims and returns the user from getUser', async () => {
    const { userId } = await signUpAndIn(harness, 'ben')
    const email = (
      await harness.backend.db.query<{ email: string }>(
        'select email from auth.users where id = $1',
        [userId]
      )
    ).rows[0].email
    const client = harness.anon()
    const { data, error } = await client.auth.signInWithPassword({ email, password: 'secret123' })
    expect(error).toBeNull()
    const session = data.session!
    expect(session.token_type).toBe('bearer')
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500)
    const claims = decodeClaims(session.access_token)
    expect(Object.keys(claims).sort()).toEqual(
      [
        'aal',
        'amr',
        'app_metadata',
        'aud',
        'email',
        'exp',
        'iat',
        'is_anonymous',
        'iss',
        'phone',
        'role',
        'session_id',
        'sub',
        'user_metadata'
      ].sort()
    )
    expect(claims).toMatchObject({
      sub: userId,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      iss: `${harness.backend.url}/auth/v1`,
      email,
      is_anonymous: false
    })
    expect(claims.exp).toBe((claims.iat as number) + 3600)

    const user = await client.auth.getUser()
    expect(user.error).toBeNull()
    expect(user.data.user?.id).toBe(userId)
    expect(user.data.user?.last_sign_in_at).toBeTruthy()
  })

  it('refuses a wrong password, a duplicate email and bad input', async () => {
    const client = harness.anon()
    const email = uniqueEmail('dup')
    const first = await client.auth.signUp({
      email,
      password: 'secret123',
      options: { data: { username: uniqueUsername('dup') } }
    })
    expect(first.error).toBeNull()

    const wrong = await harness.anon().auth.signInWithPassword({ email, password: 'nope-nope' })
    expect(isAuthApiError(wrong.error)).toBe(true)
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials' })
    expect(wrong.error?.message).toBe('Invalid login credentials')

    const unknown = await harness.anon().auth.signInWithPassword({
      email: uniqueEmail('ghost'),
      password: 'secret123'
    })
    expect(unknown.error?.code).toBe('invalid_credentials')

    const duplicate = await harness
      .anon()
      .auth.signUp({ email: email.toUpperCase(), password: 'other123' })
    expect(duplicate.error).toMatchObject({ status: 422, code: 'user_already_exists' })
    expect(duplicate.error?.message).toBe('User already registered')

    const weak = await harness.anon().auth.signUp({ email: uniqueEmail('weak'), password: '12345' })
    expect(isAuthWeakPasswordError(weak.error)).toBe(true)
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] })

    const long = await harness.anon().auth.signUp({
      email: uniqueEmail('long'),
      password: 'é'.repeat(37) // 37 characters, 74 bytes
    })
    expect(long.error?.status).toBe(422)
    expect(long.error?.message).toMatch(/72 bytes.*bcrypt/)

    const badEmail = await harness
      .anon()
      .auth.signUp({ email: 'not-an-email', password: 'secret123' })
    expect(badEmail.error).toMatchObject({ status: 400, code: 'validation_failed' })

    const empty = await harness.anon().auth.signUp({ email: uniqueEmail('empty'), password: '' })
    expect(empty.error).toMatchObject({ status: 400, code: 'validation_failed' })
  })

  it('rotates refresh tokens and records the parent', async () => {
    const { client, refreshToken } = await signUpAndIn(harness, 'rot')
    const { data, error } = await client.auth.refreshSession({ refresh_token: refreshToken })
    expect(error).toBeNull()
    const next = data.session!.refresh_token
    expect(next).not.toBe(refreshToken)
    const { rows } = await harness.backend.db.query<{
      token: string
      revoked: boolean
      parent: string | null
    }>(`select token, revoked, parent from auth.refresh_tokens where token = any($1) order by id`, [
      [refreshToken, next]
    ])
    expect(rows).toEqual([
      { token: refreshToken, revoked: true, parent: null },
      { token: next, revoked: false, parent: refreshToken }
    ])
    // Within the reuse interval the old token yields the same active child.
    const again = await harness.anon().auth.refreshSession({ refresh_token: refreshToken })
    expect(again.error).toBeNull()
    expect(again.data.session?.refresh_token).toBe(next)

    const bogus = await harness.anon().auth.refreshSession({ refresh_token: 'no-such-token' })
    expect(bogus.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
  })

  it('signs out: the old access token is refused and the refresh token is gone', async () => {
    const { client, accessToken, refreshToken, userId } = await signUpAndIn(harness, 'bye')
    const { error } = await client.auth.signOut()
    expect(error).toBeNull()

    const after = await getUserRaw(harness, accessToken)
    expect(after.status).toBe(403)
    expect(after.body).toMatchObject({
      code: 'session_not_found',
      error_code: 'session_not_found'
    })

    const refresh = await harness.anon().auth.refreshSession({ refresh_token: refreshToken })
    expect(refresh.error?.code).toBe('refresh_token_not_found')
    const live = await harness.backend.db.query(
      `select 1 from auth.refresh_tokens where user_id = $1 and not revoked`,
      [userId]
    )
    expect(live.rows).toEqual([])
  })

  it('logout with scope local keeps the other sessions', async () => {
    const first = await signUpAndIn(harness, 'two')
    const email = (await first.client.auth.getUser()).data.user!.email!
    const second = harness.anon()
    const signIn = await second.auth.signInWithPassword({ email, password: 'secret123' })
    expect(signIn.error).toBeNull()
    await second.auth.signOut({ scope: 'local' })
    expect((await getUserRaw(harness, signIn.data.session!.access_token)).status).toBe(403)
    expect((await getUserRaw(harness, first.accessToken)).status).toBe(200)
  })

  it('rejects forged, expired and malformed tokens at /user', async () => {
    const { accessToken, userId } = await signUpAndIn(harness, 'jwt')
    const claims = decodeClaims(accessToken)
    const [header, , signature] = accessToken.split('.')
    const encode = (value: unknown): string =>
      Buffer.from(JSON.stringify(value)).toString('base64url')

    const none = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`
    const tampered = `${header}.${encode({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${signature}`
    const wrongKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'))
    const expired = await new SignJWT({ ...claims, iat: 1_000, exp: 2_000 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(harness.backend.context.keys.secret)

    for (const token of [none, tampered, wrongKey, expired, 'not-a-jwt']) {
      const result = await getUserRaw(harness, token)
      expect(result.status, token).toBe(403)
      expect(result.body.code).toBe('bad_jwt')
    }
    // The anon key is a valid JWT but names no user.
    expect((await getUserRaw(harness, harness.backend.anonKey)).body.code).toBe('bad_jwt')

    const missing = await fetch(`${harness.backend.url}/auth/v1/user`, {
      headers: { apikey: harness.backend.anonKey }
    })
    expect(missing.status).toBe(401)
    expect(missing.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(await missing.json()).toMatchObject({ code: 'no_authorization' })

    const viaClient = await harness.anon().auth.getUser(expired)
    expect(viaClient.error).toMatchObject({ status: 403, code: 'bad_jwt' })

    await harness.backend.db.query('delete from auth.users where id = $1', [userId])
    expect((await getUserRaw(harness, accessToken)).body.code).toBe('user_not_found')
  })

  it('a failing auth.users trigger gives 500 "Database error saving new user"', async () => {
    // Not SECURITY DEFINER, so it runs as supabase_auth_admin, which may not write profiles:
    // the bug hosted Supabase would show, reproduced locally.
    await harness.backend.db.exec(`
      create function public.broken_new_user() returns trigger language plpgsql as $$
      begin
        insert into public.profiles (id, username) values (new.id, 'broken_' || left(new.id::text, 8));
        return new;
      end $$;
      create trigger broken_new_user after insert on auth.users
        for each row when (new.email like 'boom.%') execute function public.broken_new_user();
    `)
    try {
      const email = uniqueEmail('boom')
      const result = await harness.anon().auth.signUp({ email, password: 'secret123' })
      expect(result.error?.status).toBe(500)
      const { rows } = await harness.backend.db.query('select 1 from auth.users where email = $1', [
        email
      ])
      expect(rows).toEqual([])
    } finally {
      await harness.backend.db.exec(`
        drop trigger broken_new_user on auth.users;
        drop function public.broken_new_user();
      `)
    }
  })

  it('serves JWKS, settings and health', async () => {
    // The JWKS is public (no key, as hosted serves it); the rest needs the API key.
    const jwks = await fetch(`${harness.backend.url}/auth/v1/.well-known/jwks.json`)
    // The public half of the ES256 key user tokens are signed with; never the HS256 secret.
    expect(await jwks.json()).toEqual({
      keys: [{ ...harness.backend.context.keys.signing?.publicJwk }]
    })
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600')
    const apikey = harness.backend.anonKey
    const settings = await fetch(`${harness.backend.url}/auth/v1/settings`, { headers: { apikey } })
    expect(await settings.json()).toMatchObject({ mailer_autoconfirm: true, disable_signup: false })
    const health = await fetch(`${harness.backend.url}/auth/v1/health`, { headers: { apikey } })
    expect(health.status).toBe(200)
    const logout = await fetch(`${harness.backend.url}/auth/v1/logout`, {
      method: 'POST',
      headers: { apikey, 'content-type': 'application/json;charset=UTF-8' }
    })
    expect(logout.status).toBe(401)
  })
})

describeEachBackend(
  "auth API at GoTrue's bcrypt cost",
  (suite) => {
    it('stores a password as GoTrue does ($2a$, cost 10) and signs in with it', async () => {
      const { userId, email, password } = await signUpAndIn(suite.harness, 'gotrue')
      const stored = await suite.harness.backend.db.query<{ encrypted_password: string }>(
        'select encrypted_password from auth.users where id = $1',
        [userId]
      )
      expect(stored.rows[0].encrypted_password).toMatch(/^\$2a\$10\$/)
      const { error } = await suite.harness.anon().auth.signInWithPassword({ email, password })
      expect(error).toBeNull()
    })
  },
  { passwordCost: DEFAULT_AUTH_CONFIG.passwordCost }
)
