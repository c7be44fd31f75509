// updateUser through supabase-js as hosted GoTrue answers it: metadata merges, an email change
// confirmed from both addresses (secure email change, the CLI default), resend of the change
// mails, and a password change that needs the /reauthenticate nonce after 24 hours when
// secure_password_change is on (a clocked auth server, so nobody waits a day).

import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { DEFAULT_EMAIL_SETTINGS } from '../../../src/backend/auth/email-config'
import {
  insertUser,
  signUpAndIn,
  testClient,
  uniqueEmail,
  uniqueUsername,
  type Harness
} from '../../support/backend-harness'
import { clockedAuth, type ClockedAuth } from '../../support/clocked-auth'
import { describeEachBackend } from '../../support/database-suite'
import { latestMail, mailsTo } from '../../support/mailbox'

const DAY_MS = 24 * 3600 * 1000

describeEachBackend(
  'account changes',
  (suite) => {
    let harness: Harness
    let clocked: ClockedAuth

    beforeAll(async () => {
      vi.spyOn(console, 'info').mockImplementation(() => undefined)
      harness = suite.harness
      clocked = await clockedAuth(harness, {
        email: { ...DEFAULT_EMAIL_SETTINGS, maxFrequencySeconds: 0, securePasswordChange: true }
      })
    })
    afterAll(async () => {
      await clocked?.close()
      vi.restoreAllMocks()
    })

    it('merges user metadata; a null removes a key', async () => {
      const user = await signUpAndIn(harness, 'meta')
      const first = await user.client.auth.updateUser({ data: { theme: 'dark', city: 'Oslo' } })
      expect(first.error).toBeNull()
      expect(first.data.user?.user_metadata).toMatchObject({ theme: 'dark', city: 'Oslo' })
      const second = await user.client.auth.updateUser({ data: { city: null } })
      expect(second.data.user?.user_metadata.theme).toBe('dark')
      expect(second.data.user?.user_metadata).not.toHaveProperty('city')
      const admin = await user.client.auth.updateUser({
        data: {},
        app_metadata: { role: 'x' }
      } as never)
      expect(admin.error).toMatchObject({ status: 403, code: 'not_admin' })
    })

    it('changes the email once both addresses confirm', async () => {
      const user = await signUpAndIn(harness, 'mover')
      const next = uniqueEmail('moved')
      const { data, error } = await user.client.auth.updateUser({ email: next })
      expect(error).toBeNull()
      expect(data.user?.email).toBe(user.email)
      expect(data.user?.new_email).toBe(next)
      expect(data.user?.email_change_sent_at).toBeTruthy()

      const toOld = await latestMail(harness.backend.url, user.email)
      const toNew = await latestMail(harness.backend.url, next)
      expect(toOld.subject).toBe('Confirm Email Change')
      expect(toNew.text).toContain(`from ${user.email} to ${next}`)

      // Resending replaces both codes; the first ones stop working.
      expect(
        (await harness.anon().auth.resend({ email: user.email, type: 'email_change' })).error
      ).toBeNull()
      expect(await mailsTo(harness.backend.url, next)).toHaveLength(2)
      const stale = await harness
        .anon()
        .auth.verifyOtp({ email: next, token: toNew.code, type: 'email_change' })
      const oldMail = await latestMail(harness.backend.url, user.email)
      const newMail = await latestMail(harness.backend.url, next)
      if (toNew.code !== newMail.code)
        expect(stale.error).toMatchObject({ status: 403, code: 'otp_expired' })

      // The first half answers with a message, no session (auth-js then gives user and session null).
      const half = await fetch(`${harness.backend.url}/auth/v1/verify`, {
        method: 'POST',
        headers: { apikey: harness.backend.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, token: oldMail.code, type: 'email_change' })
      })
      expect(half.status).toBe(200)
      expect(await half.json()).toEqual({
        msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
        code: '200'
      })
      const early = await harness
        .anon()
        .auth.signInWithPassword({ email: next, password: user.password })
      expect(early.error?.code).toBe('invalid_credentials')
      const response = await fetch(newMail.link, { redirect: 'manual' })
      const fragment = new URLSearchParams(response.headers.get('location')!.split('#')[1])
      expect(fragment.get('type')).toBe('email_change')
      const signedIn = await harness
        .anon()
        .auth.signInWithPassword({ email: next, password: user.password })
      expect(signedIn.error).toBeNull()
      expect(signedIn.data.user?.email).toBe(next)
      expect(signedIn.data.user?.identities?.[0].identity_data?.email).toBe(next)
    })

    it('gives an anonymous user its email at once when sign-ups are auto-confirmed', async () => {
      const anonymous = await insertUser(harness.backend, uniqueUsername('anon'))
      await harness.backend.db.query(
        `update auth.users set email = null, is_anonymous = true where id = $1`,
        [anonymous.id]
      )
      await harness.backend.db.query(`delete from auth.identities where user_id = $1`, [
        anonymous.id
      ])
      const put = (body: unknown) =>
        fetch(`${harness.backend.url}/auth/v1/user`, {
          method: 'PUT',
          headers: {
            apikey: harness.backend.anonKey,
            authorization: `Bearer ${anonymous.token}`,
            'content-type': 'application/json'
          },
          body: JSON.stringify(body)
        })
      const passwordOnly = await put({ password: 'secret123' })
      expect(passwordOnly.status).toBe(422)
      expect(await passwordOnly.json()).toMatchObject({
        code: 'validation_failed',
        msg: 'Updating password of an anonymous user without an email or phone is not allowed'
      })
      const email = uniqueEmail('converted')
      const converted = await put({ email, password: 'secret123' })
      expect(converted.status).toBe(200)
      const user = (await converted.json()) as {
        email: string
        is_anonymous: boolean
        identities: { provider: string }[]
      }
      expect(user).toMatchObject({ email, is_anonymous: false })
      expect(user.identities.map((i) => i.provider)).toEqual(['email'])
      expect(await mailsTo(harness.backend.url, email)).toEqual([])
      const signIn = await harness.anon().auth.signInWithPassword({ email, password: 'secret123' })
      expect(signIn.error).toBeNull()
    })

    it('refuses an address another user has', async () => {
      const [a, b] = [await signUpAndIn(harness, 'a'), await signUpAndIn(harness, 'b')]
      const { error } = await a.client.auth.updateUser({ email: b.email })
      expect(error).toMatchObject({
        status: 422,
        code: 'email_exists',
        message: 'A user with this email address has already been registered'
      })
    })

    it('asks a day-old session for the reauthentication nonce', async () => {
      const user = await signUpAndIn(harness, 'reauth', 'first-pass')
      const client = testClient(clocked.url, harness.backend.anonKey)
      await client.auth.signInWithPassword({ email: user.email, password: 'first-pass' })
      // A fresh sign-in may change the password without a nonce.
      expect((await client.auth.updateUser({ password: 'second-pass' })).error).toBeNull()
      clocked.advance(DAY_MS + 1000)
      const stale = await client.auth.updateUser({ password: 'third-pass' })
      expect(stale.error).toMatchObject({
        status: 400,
        code: 'reauthentication_needed',
        message: 'Password update requires reauthentication'
      })
      expect((await client.auth.reauthenticate()).error).toBeNull()
      const mail = await latestMail(harness.backend.url, user.email)
      expect(mail.subject).toBe('Confirm reauthentication')
      const wrong = await client.auth.updateUser({ password: 'third-pass', nonce: 'nope' })
      expect(wrong.error).toMatchObject({
        status: 422,
        code: 'reauthentication_not_valid',
        message: 'Nonce has expired or is invalid'
      })
      const ok = await client.auth.updateUser({ password: 'third-pass', nonce: mail.code })
      expect(ok.error).toBeNull()
      const signIn = await harness
        .anon()
        .auth.signInWithPassword({ email: user.email, password: 'third-pass' })
      expect(signIn.error).toBeNull()
    })
  },
  { config: { email: { ...DEFAULT_EMAIL_SETTINGS, maxFrequencySeconds: 0 } } }
)
