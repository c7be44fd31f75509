// Features the local backend does not offer answer as a hosted project with them switched off,
// status, code and message; and the MFA and ban refusals hosted GoTrue gives.

import { beforeAll, expect, it } from 'vitest'
import { authConfigWith } from '../../../src/backend/auth/config'
import { totpCode, totpStep } from '../../../src/backend/auth/totp'
import { signUpAndIn, testClient, type Harness } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'

describeEachBackend(
  'switched-off features and refusals',
  (suite) => {
    let harness: Harness
    const anon = () => harness.anon()
    const raw = async (method: string, path: string, token?: string, body?: unknown) => {
      const response = await fetch(`${harness.backend.url}/auth/v1${path}`, {
        method,
        headers: {
          apikey: harness.backend.anonKey,
          authorization: `Bearer ${token ?? harness.backend.anonKey}`,
          'content-type': 'application/json'
        },
        body: body === undefined ? undefined : JSON.stringify(body)
      })
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    }

    beforeAll(() => {
      harness = suite.harness
    })

    it('phone sign-up and sign-in: 422 / 400 phone_provider_disabled', async () => {
      const signUp = await anon().auth.signUp({ phone: '+15555550100', password: 'secret123' })
      expect(signUp.error).toMatchObject({
        status: 422,
        code: 'phone_provider_disabled',
        message: 'Phone signups are disabled'
      })
      const signIn = await anon().auth.signInWithPassword({
        phone: '+15555550100',
        password: 'secret123'
      })
      expect(signIn.error).toMatchObject({
        status: 400,
        code: 'phone_provider_disabled',
        message: 'Phone logins are disabled'
      })
    })

    it('SSO: 404 "SAML 2.0 is disabled"', async () => {
      const { error } = await anon().auth.signInWithSSO({ domain: 'example.com' })
      expect(error).toMatchObject({
        status: 404,
        code: 'saml_provider_disabled',
        message: 'SAML 2.0 is disabled'
      })
    })

    it('identity linking: 404 "Manual linking is disabled" once signed in', async () => {
      const user = await signUpAndIn(harness, 'link')
      const linked = await raw(
        'GET',
        '/user/identities/authorize?provider=github',
        user.accessToken
      )
      expect(linked).toMatchObject({
        status: 404,
        body: { code: 'manual_linking_disabled', msg: 'Manual linking is disabled' }
      })
      expect((await raw('GET', '/user/identities/authorize?provider=github')).status).toBe(403)
    })

    it('OAuth providers, web3, id_token, passkeys and the OAuth server', async () => {
      expect(await raw('GET', '/authorize?provider=github')).toMatchObject({
        status: 400,
        body: { code: 'validation_failed', msg: 'Unsupported provider: provider is not enabled' }
      })
      expect(await raw('GET', '/authorize?provider=myspace')).toMatchObject({
        status: 400,
        body: { msg: 'Unsupported provider: Provider myspace could not be found' }
      })
      expect(await raw('POST', '/token?grant_type=web3', undefined, {})).toMatchObject({
        status: 422,
        body: { code: 'web3_provider_disabled', msg: 'Web3 provider is disabled' }
      })
      const idToken = await anon().auth.signInWithIdToken({ provider: 'google', token: 'x' })
      expect(idToken.error).toMatchObject({ status: 400, code: 'provider_disabled' })
      expect(await raw('POST', '/passkeys/authentication/options', undefined, {})).toMatchObject({
        status: 404,
        body: { code: 'passkey_disabled', msg: 'Passkeys are disabled' }
      })
      expect(await raw('GET', '/oauth/authorizations/abc')).toMatchObject({
        status: 404,
        body: { code: 'feature_disabled', msg: 'OAuth server is disabled' }
      })
    })

    it('MFA: anonymous users may not enroll, names are unique, and a challenge expires', async () => {
      const guest = testClient(harness.backend.url, harness.backend.anonKey)
      await guest.auth.signInAnonymously()
      const refused = await guest.auth.mfa.enroll({ factorType: 'totp' })
      expect(refused.error).toMatchObject({ status: 403, code: 'no_authorization' })

      const user = await signUpAndIn(harness, 'mfa2')
      const client = testClient(harness.backend.url, harness.backend.anonKey)
      await client.auth.setSession({
        access_token: user.accessToken,
        refresh_token: user.refreshToken
      })
      const first = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'k' })
      const second = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'k' })
      expect(second.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' })
      const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' })
      expect(phone.error).toMatchObject({
        status: 422,
        code: 'mfa_phone_enroll_not_enabled',
        message: 'MFA enroll is disabled for Phone'
      })
      const factorId = first.data!.id
      const challenge = await client.auth.mfa.challenge({ factorId })
      await harness.backend.db.query(
        `update auth.mfa_challenges set created_at = now() - interval '6 minutes' where id = $1`,
        [challenge.data!.id]
      )
      const late = await client.auth.mfa.verify({
        factorId,
        challengeId: challenge.data!.id,
        code: totpCode(first.data!.totp.secret, totpStep(Date.now()))
      })
      expect(late.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' })
      const unknown = await client.auth.mfa.challenge({
        factorId: '00000000-0000-4000-8000-000000000009'
      })
      expect(unknown.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' })
    })

    it('a banned user cannot refresh their session', async () => {
      const user = await signUpAndIn(harness, 'ban')
      const admin = testClient(harness.backend.url, harness.backend.serviceRoleKey).auth.admin
      expect((await admin.updateUserById(user.userId, { ban_duration: '1h' })).error).toBeNull()
      const { error } = await anon().auth.refreshSession({ refresh_token: user.refreshToken })
      expect(error).toMatchObject({ status: 400, code: 'user_banned', message: 'User is banned' })
      expect((await admin.updateUserById(user.userId, { ban_duration: 'none' })).error).toBeNull()
      const after = await anon().auth.refreshSession({ refresh_token: user.refreshToken })
      expect(after.error).toBeNull()
    })
  },
  { config: { auth: authConfigWith({ anonymousSignIns: true }) } }
)
