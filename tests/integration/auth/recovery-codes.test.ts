// Two-factor recovery codes (the local backend's own endpoints under /auth/v1/factors/
// recovery-codes), driven through the app's data functions over the unmodified supabase-js on
// both databases: generate at aal2, redeem at aal1 to aal2, single use (also under a race),
// regeneration, removal with the last factor, refusals, and the desktop's IPC path.
// The rate limit and a server without recovery codes: recovery-codes-limits.test.ts.

import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, expect, it } from 'vitest'
import { authConfigWith } from '../../../src/backend/auth/config'
import { totpCode, totpStep } from '../../../src/backend/auth/totp'
import { createHandle } from '../../../src/main/ipc/handle'
import { registerAccountIpc } from '../../../src/main/ipc/account'
import { registerAuthIpc } from '../../../src/main/ipc/auth'
import { createBridgeApi } from '../../../src/preload/bridge-api'
import { AUTH_MESSAGES } from '../../../src/shared/auth-messages'
import { createAccountActions } from '../../../src/shared/data/account-actions'
import { AccountSessions } from '../../../src/shared/data/accounts'
import {
  generateRecoveryCodes,
  recoveryCodeStatus,
  redeemRecoveryCode
} from '../../../src/shared/data/recovery-codes'
import {
  decodeClaims,
  signUpAndIn,
  testClient,
  type Harness,
  type SignedUpUser
} from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { FakeIpcMain, fakeWindow, silentLogger } from '../../unit/main/fakes'

interface TwoFactorUser extends SignedUpUser {
  factorId: string
  /** Signed in and verified: aal2. */
  client: SupabaseClient
}

async function twoFactorUser(harness: Harness, name: string): Promise<TwoFactorUser> {
  const user = await signUpAndIn(harness, name)
  const client = testClient(harness.backend.url, harness.backend.anonKey)
  await client.auth.setSession({ access_token: user.accessToken, refresh_token: user.refreshToken })
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' })
  if (enrolled.error) throw enrolled.error
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: totpCode(enrolled.data.totp.secret, totpStep(Date.now()))
  })
  if (verified.error) throw verified.error
  return { ...user, factorId: enrolled.data.id, client }
}

/** A new sign-in with the password only: aal1 with the second factor pending. */
async function passwordOnly(harness: Harness, user: SignedUpUser): Promise<SupabaseClient> {
  const client = testClient(harness.backend.url, harness.backend.anonKey)
  const signedIn = await client.auth.signInWithPassword({
    email: user.email,
    password: user.password
  })
  if (signedIn.error) throw signedIn.error
  return client
}

/** The raw answer of a recovery-code route, for status codes the app's functions translate. */
async function raw(
  harness: Harness,
  token: string,
  path: string,
  body?: unknown
): Promise<{ status: number; code: unknown }> {
  const response = await fetch(`${harness.backend.url}/auth/v1/factors/recovery-codes${path}`, {
    method: 'POST',
    headers: {
      apikey: harness.backend.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json'
    },
    body: JSON.stringify(body ?? {})
  })
  const answer = (await response.json()) as { code?: unknown }
  return { status: response.status, code: answer.code }
}

async function accessToken(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession()
  return data.session!.access_token
}

describeEachBackend(
  'two-factor recovery codes',
  (suite) => {
    let harness: Harness

    beforeAll(() => {
      harness = suite.harness
    })

    it('generates ten codes at aal2; one raises a password-only sign-in to aal2 with amr "mfa/recovery-code", once', async () => {
      const user = await twoFactorUser(harness, 'rc-redeem')
      const codes = await generateRecoveryCodes(user.client)
      expect(codes).toHaveLength(10)
      expect(new Set(codes).size).toBe(10)
      for (const code of codes)
        expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/)
      expect(await recoveryCodeStatus(user.client)).toEqual({ total: 10, remaining: 10 })

      const pending = await passwordOnly(harness, user)
      expect((await pending.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
        currentLevel: 'aal1',
        nextLevel: 'aal2'
      })
      // Typed loosely: upper case and without the dash.
      await redeemRecoveryCode(pending, codes[3].replace('-', '').toUpperCase())
      const claims = decodeClaims(await accessToken(pending))
      expect(claims.aal).toBe('aal2')
      expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toContain(
        'mfa/recovery-code'
      )
      const level = await pending.auth.mfa.getAuthenticatorAssuranceLevel()
      expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })
      // The upgraded session keeps working past a refresh.
      const refreshed = await pending.auth.refreshSession()
      expect(decodeClaims(refreshed.data.session!.access_token).aal).toBe('aal2')
      expect(await recoveryCodeStatus(pending)).toEqual({ total: 10, remaining: 9 })

      const again = await passwordOnly(harness, user)
      await expect(redeemRecoveryCode(again, codes[3])).rejects.toThrow(
        AUTH_MESSAGES.recoveryCodeInvalid
      )
      expect(await raw(harness, await accessToken(again), '/redeem', { code: codes[3] })).toEqual({
        status: 422,
        code: 'mfa_verification_failed'
      })
      await expect(redeemRecoveryCode(again, 'abcde-fghjk')).rejects.toThrow(
        AUTH_MESSAGES.recoveryCodeInvalid
      )
      await expect(redeemRecoveryCode(again, 'not a code')).rejects.toThrow(
        AUTH_MESSAGES.recoveryCodeInvalid
      )
      expect(decodeClaims(await accessToken(again)).aal).toBe('aal1')
    })

    it('a new set replaces the old one: the old codes stop working', async () => {
      const user = await twoFactorUser(harness, 'rc-regen')
      const first = await generateRecoveryCodes(user.client)
      const second = await generateRecoveryCodes(user.client)
      expect(second.some((code) => first.includes(code))).toBe(false)
      const pending = await passwordOnly(harness, user)
      await expect(redeemRecoveryCode(pending, first[0])).rejects.toThrow(
        AUTH_MESSAGES.recoveryCodeInvalid
      )
      await redeemRecoveryCode(pending, second[0])
      expect(decodeClaims(await accessToken(pending)).aal).toBe('aal2')
    })

    it('of two redeems of the same code at once, exactly one wins', async () => {
      const user = await twoFactorUser(harness, 'rc-race')
      const [code] = await generateRecoveryCodes(user.client)
      const one = await passwordOnly(harness, user)
      const two = await passwordOnly(harness, user)
      const outcomes = await Promise.allSettled([
        raw(harness, await accessToken(one), '/redeem', { code }),
        raw(harness, await accessToken(two), '/redeem', { code })
      ])
      const statuses = outcomes.map((outcome) =>
        outcome.status === 'fulfilled' ? outcome.value.status : 0
      )
      expect(statuses.sort()).toEqual([200, 422])
      expect(await recoveryCodeStatus(user.client)).toEqual({ total: 10, remaining: 9 })
    })

    it('unenrolling the last factor (by the user or the admin API) deletes the codes', async () => {
      const user = await twoFactorUser(harness, 'rc-unenroll')
      const codes = await generateRecoveryCodes(user.client)
      const unenrolled = await user.client.auth.mfa.unenroll({ factorId: user.factorId })
      expect(unenrolled.error).toBeNull()
      expect(await recoveryCodeStatus(user.client)).toEqual({ total: 0, remaining: 0 })
      const pending = await passwordOnly(harness, user)
      await expect(redeemRecoveryCode(pending, codes[0])).rejects.toThrow(
        AUTH_MESSAGES.recoveryCodeInvalid
      )
      // The admin API's factor delete does the same.
      const other = await twoFactorUser(harness, 'rc-admin-unenroll')
      await generateRecoveryCodes(other.client)
      const admin = testClient(harness.backend.url, harness.backend.serviceRoleKey).auth.admin
      const deleted = await admin.mfa.deleteFactor({ userId: other.userId, id: other.factorId })
      expect(deleted.error).toBeNull()
      expect(await recoveryCodeStatus(await passwordOnly(harness, other))).toEqual({
        total: 0,
        remaining: 0
      })
    })

    it("through main's IPC, a recovery code ends the pending second step of the desktop session", async () => {
      const user = await twoFactorUser(harness, 'rc-desktop')
      const codes = await generateRecoveryCodes(user.client)
      const items = new Map<string, string>()
      const session = new AccountSessions({
        storage: {
          getItem: async (key) => items.get(key) ?? null,
          setItem: async (key, value) => void items.set(key, value),
          removeItem: async (key) => void items.delete(key)
        },
        createClient: () => harness.anon(),
        emit: () => undefined,
        log: silentLogger()
      })
      const ipc = new FakeIpcMain()
      const win = fakeWindow()
      const handle = createHandle({ ipcMain: ipc, policy: win.policy, log: silentLogger() })
      registerAuthIpc(handle, session)
      registerAccountIpc(
        handle,
        createAccountActions(async () => session)
      )
      const api = createBridgeApi({
        invoke: (channel, ...args) => ipc.invoke(channel, win.event(), ...args),
        on: () => undefined,
        removeListener: () => undefined
      })

      await api.auth.signIn({ email: user.email, password: user.password })
      expect((await api.auth.getSession()).pending).toBe('second-factor')
      expect(await api.account.recoveryCodeStatus()).toEqual({ total: 10, remaining: 10 })
      await expect(api.account.redeemRecoveryCode('zzzzz-zzzzz')).rejects.toThrow(
        AUTH_MESSAGES.recoveryCodeInvalid
      )
      await api.account.redeemRecoveryCode(codes[5])
      const snapshot = await api.auth.getSession()
      expect(snapshot.pending ?? null).toBeNull()
      expect(snapshot.user?.id).toBe(user.userId)
      expect(decodeClaims((await api.auth.getAccessToken())!).aal).toBe('aal2')
      session.dispose()
    })

    it('refuses to generate without a token, at aal1, without a factor, or for an anonymous user', async () => {
      const user = await twoFactorUser(harness, 'rc-refuse')
      const pending = await passwordOnly(harness, user)
      expect(await raw(harness, await accessToken(pending), '')).toEqual({
        status: 403,
        code: 'insufficient_aal'
      })
      await expect(generateRecoveryCodes(pending)).rejects.toThrow(AUTH_MESSAGES.mfaRequired)
      expect(await raw(harness, harness.backend.anonKey, '')).toMatchObject({ status: 403 })

      const plain = await signUpAndIn(harness, 'rc-plain')
      expect(await raw(harness, plain.accessToken, '')).toEqual({
        status: 422,
        code: 'mfa_verified_factor_not_found'
      })
      const anonymous = await harness.anon().auth.signInAnonymously()
      expect(await raw(harness, anonymous.data.session!.access_token, '')).toEqual({
        status: 403,
        code: 'no_authorization'
      })
    })
  },
  { config: { auth: authConfigWith({ anonymousSignIns: true }) } }
)
