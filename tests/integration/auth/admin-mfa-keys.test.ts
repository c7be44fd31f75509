// The auth admin API, anonymous sign-in, TOTP factors and the ES256 signing key, driven through
// the unmodified supabase-js on both databases, asserting what hosted GoTrue answers.

import { beforeAll, expect, it } from 'vitest'
import { authConfigWith } from '../../../src/backend/auth/config'
import { totpCode, totpStep } from '../../../src/backend/auth/totp'
import {
  decodeClaims,
  signUpAndIn,
  testClient,
  uniqueEmail,
  type Harness
} from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'

describeEachBackend(
  'auth admin, anonymous, MFA and signing keys',
  (suite) => {
    let harness: Harness
    const admin = () => testClient(harness.backend.url, harness.backend.serviceRoleKey).auth.admin

    beforeAll(() => {
      harness = suite.harness
    })

    it('creates, gets, lists, updates and deletes users with the service_role key', async () => {
      const email = uniqueEmail('admin')
      const created = await admin().createUser({
        email,
        password: 'secret123',
        email_confirm: true,
        user_metadata: { full_name: 'Ada Admin' },
        app_metadata: { plan: 'pro' }
      })
      expect(created.error).toBeNull()
      const user = created.data.user!
      expect(user).toMatchObject({
        email,
        app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' },
        user_metadata: { full_name: 'Ada Admin', email_verified: true },
        is_anonymous: false
      })
      expect(user.email_confirmed_at).toBeTruthy()
      const signIn = await harness.anon().auth.signInWithPassword({ email, password: 'secret123' })
      expect(signIn.error).toBeNull()

      const again = await admin().createUser({ email })
      expect(again.error).toMatchObject({ status: 422, code: 'email_exists' })
      expect(again.error?.message).toBe(
        'A user with this email address has already been registered'
      )

      expect((await admin().getUserById(user.id)).data.user?.email).toBe(email)
      const missing = await admin().getUserById('00000000-0000-4000-8000-000000000000')
      expect(missing.error).toMatchObject({
        status: 404,
        code: 'user_not_found',
        message: 'User not found'
      })

      const page = await admin().listUsers({ page: 1, perPage: 1 })
      if (page.error) throw page.error
      expect(page.data.users).toHaveLength(1)
      expect(page.data.total).toBeGreaterThanOrEqual(1)
      expect(page.data.lastPage).toBe(page.data.total)

      const banned = await admin().updateUserById(user.id, {
        ban_duration: '24h',
        user_metadata: { full_name: 'Ada Banned' }
      })
      expect(banned.error).toBeNull()
      expect(banned.data.user?.banned_until).toBeTruthy()
      expect(banned.data.user?.user_metadata.full_name).toBe('Ada Banned')
      const refused = await harness.anon().auth.signInWithPassword({ email, password: 'secret123' })
      expect(refused.error).toMatchObject({ code: 'user_banned' })
      const badBan = await admin().updateUserById(user.id, { ban_duration: '1d' })
      expect(badBan.error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'invalid format for ban duration: time: unknown unit "d" in duration "1d"'
      })

      const soft = await admin().deleteUser(user.id, true)
      expect(soft.error).toBeNull()
      expect((await admin().getUserById(user.id)).data.user?.deleted_at).toBeTruthy()
      expect((await admin().deleteUser(user.id)).error).toBeNull()
      expect((await admin().getUserById(user.id)).error?.code).toBe('user_not_found')
    })

    it('refuses the admin API to anyone but the service role (403 not_admin)', async () => {
      const anonAdmin = testClient(harness.backend.url, harness.backend.anonKey).auth.admin
      const { error } = await anonAdmin.listUsers()
      expect(error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' })
    })

    it('signs in anonymously (is_anonymous, role authenticated) and the user can take an email', async () => {
      const { data, error } = await harness.anon().auth.signInAnonymously()
      expect(error).toBeNull()
      const claims = decodeClaims(data.session!.access_token)
      expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', aal: 'aal1' })
      expect((claims.amr as { method: string }[])[0].method).toBe('anonymous')
      expect(data.user).toMatchObject({ is_anonymous: true, email: '', identities: [] })
      const email = uniqueEmail('anon')
      const upgraded = await admin().updateUserById(data.user!.id, { email, email_confirm: true })
      expect(upgraded.error).toBeNull()
      expect(upgraded.data.user).toMatchObject({ email, is_anonymous: false })
    })

    it('enrolls TOTP, challenges and verifies to aal2, then a new sign-in is aal1 with next level aal2', async () => {
      const user = await signUpAndIn(harness, 'mfa')
      const client = testClient(harness.backend.url, harness.backend.anonKey)
      await client.auth.setSession({
        access_token: user.accessToken,
        refresh_token: user.refreshToken
      })
      const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' })
      expect(enrolled.error).toBeNull()
      expect(enrolled.data?.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true)
      expect(enrolled.data?.totp.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/)
      const secret = enrolled.data!.totp.secret
      const factorId = enrolled.data!.id

      const challenge = await client.auth.mfa.challenge({ factorId })
      expect(challenge.error).toBeNull()
      const wrong = await client.auth.mfa.verify({
        factorId,
        challengeId: challenge.data!.id,
        code: totpCode(secret, totpStep(Date.now()) + 5)
      })
      expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' })
      const verified = await client.auth.mfa.verify({
        factorId,
        challengeId: challenge.data!.id,
        code: totpCode(secret, totpStep(Date.now()))
      })
      expect(verified.error).toBeNull()
      expect(decodeClaims(verified.data!.access_token).aal).toBe('aal2')
      const level = await client.auth.mfa.getAuthenticatorAssuranceLevel()
      expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })

      const fresh = testClient(harness.backend.url, harness.backend.anonKey)
      await fresh.auth.signInWithPassword({ email: user.email, password: user.password })
      const freshLevel = await fresh.auth.mfa.getAuthenticatorAssuranceLevel()
      expect(freshLevel.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
      const factors = await fresh.auth.mfa.listFactors()
      expect(factors.data?.totp.map((factor) => factor.id)).toEqual([factorId])
      const unenroll = await fresh.auth.mfa.unenroll({ factorId })
      expect(unenroll.error).toMatchObject({ status: 422, code: 'insufficient_aal' })

      const listed = await admin().mfa.listFactors({ userId: user.userId })
      expect(listed.data?.factors).toHaveLength(1)
      expect(
        (await admin().mfa.deleteFactor({ userId: user.userId, id: factorId })).error
      ).toBeNull()
      expect((await admin().mfa.listFactors({ userId: user.userId })).data?.factors).toEqual([])
    })

    it('signs user tokens with ES256 and a kid from the JWKS, which getClaims() verifies locally', async () => {
      const user = await signUpAndIn(harness, 'keys')
      const header = JSON.parse(Buffer.from(user.accessToken.split('.')[0], 'base64url').toString())
      expect(header.alg).toBe('ES256')
      const response = await fetch(`${harness.backend.url}/auth/v1/.well-known/jwks.json`)
      const jwks = (await response.json()) as { keys: unknown[] }
      expect(jwks.keys).toEqual([
        expect.objectContaining({ kid: header.kid, kty: 'EC', crv: 'P-256' })
      ])
      let userCalls = 0
      const counting = testClient(harness.backend.url, harness.backend.anonKey, {
        fetch: (input, init) => {
          if (String(input).endsWith('/auth/v1/user')) userCalls += 1
          return fetch(input, init)
        }
      })
      const { data, error } = await counting.auth.getClaims(user.accessToken)
      expect(error).toBeNull()
      expect(data?.claims.sub).toBe(user.userId)
      expect(userCalls).toBe(0)
      // The same token opens REST as before (the shared verify takes ES256 too).
      const rest = testClient(harness.backend.url, harness.backend.anonKey, {
        token: user.accessToken
      })
      expect((await rest.from('profiles').select('id').eq('id', user.userId)).data).toHaveLength(1)
    })
  },
  { config: { auth: authConfigWith({ anonymousSignIns: true }) } }
)

describeEachBackend('anonymous sign-ins switched off', (suite) => {
  it('answers 422 anonymous_provider_disabled', async () => {
    const { error } = await suite.harness.anon().auth.signInAnonymously()
    expect(error).toMatchObject({
      status: 422,
      code: 'anonymous_provider_disabled',
      message: 'Anonymous sign-ins are disabled'
    })
  })
})
