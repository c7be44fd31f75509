// Password recovery and email sign-in codes through supabase-js, as hosted GoTrue answers them:
// resetPasswordForEmail, signInWithOtp, the links (GET /verify) and codes (verifyOtp), the send
// interval and the code lifetime (with a clocked auth server, tests/support/clocked-auth.ts).

import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { DEFAULT_EMAIL_SETTINGS } from '../../../src/backend/auth/email-config'
import { signUpAndIn, testClient, uniqueEmail, type Harness } from '../../support/backend-harness'
import { clockedAuth, type ClockedAuth } from '../../support/clocked-auth'
import { describeEachBackend } from '../../support/database-suite'
import { latestMail, mailsTo } from '../../support/mailbox'

const APP = 'http://127.0.0.1:5173'

/** Follows a mailed link as a browser would and reads the fragment of where it lands. */
async function follow(link: string): Promise<{ location: string; fragment: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual' })
  expect(response.status).toBe(303)
  const location = response.headers.get('location') ?? ''
  return { location, fragment: new URLSearchParams(location.split('#')[1] ?? '') }
}

describeEachBackend(
  'recovery and email codes',
  (suite) => {
    let harness: Harness
    let clocked: ClockedAuth

    beforeAll(async () => {
      vi.spyOn(console, 'info').mockImplementation(() => undefined)
      harness = suite.harness
      clocked = await clockedAuth(harness, {
        email: { ...DEFAULT_EMAIL_SETTINGS, maxFrequencySeconds: 60 }
      })
    })
    afterAll(async () => {
      await clocked?.close()
      vi.restoreAllMocks()
    })

    it('answers 200 {} for an unknown address and sends nothing', async () => {
      const email = uniqueEmail('nobody')
      const { data, error } = await harness.anon().auth.resetPasswordForEmail(email)
      expect(error).toBeNull()
      expect(data).toEqual({})
      expect(await mailsTo(harness.backend.url, email)).toEqual([])
      const missing = await harness.anon().auth.resetPasswordForEmail('')
      expect(missing.error).toMatchObject({
        status: 422,
        code: 'validation_failed',
        message: 'Password recovery requires an email'
      })
    })

    it('resets a password through the mailed link', async () => {
      const user = await signUpAndIn(harness, 'forgot', 'old-secret')
      const sent = await harness.anon().auth.resetPasswordForEmail(user.email, {
        redirectTo: `${APP}/reset`
      })
      expect(sent.error).toBeNull()
      const mail = await latestMail(harness.backend.url, user.email)
      expect(mail.subject).toBe('Reset Your Password')
      expect(mail.code).toMatch(/^\d{6}$/)
      expect(mail.link).toContain('type=recovery')

      const { location, fragment } = await follow(mail.link)
      expect(location.startsWith(`${APP}/reset#`)).toBe(true)
      expect(fragment.get('type')).toBe('recovery')
      const client = testClient(harness.backend.url, harness.backend.anonKey)
      await client.auth.setSession({
        access_token: fragment.get('access_token')!,
        refresh_token: fragment.get('refresh_token')!
      })
      const same = await client.auth.updateUser({ password: 'old-secret' })
      expect(same.error).toMatchObject({
        status: 422,
        code: 'same_password',
        message: 'New password should be different from the old password.'
      })
      const changed = await client.auth.updateUser({ password: 'new-secret' })
      expect(changed.error).toBeNull()

      const old = await harness
        .anon()
        .auth.signInWithPassword({ email: user.email, password: 'old-secret' })
      expect(old.error?.code).toBe('invalid_credentials')
      const fresh = await harness.anon().auth.signInWithPassword({
        email: user.email,
        password: 'new-secret'
      })
      expect(fresh.error).toBeNull()
      // A new password ends the other sessions (the one from sign-up).
      // auth-js turns the 403 session_not_found into AuthSessionMissingError.
      const stale = await user.client.auth.getUser()
      expect(stale.error?.name).toBe('AuthSessionMissingError')

      const again = await follow(mail.link)
      expect(again.fragment.get('error')).toBe('access_denied')
      expect(again.fragment.get('error_code')).toBe('otp_expired')
      expect(again.fragment.get('error_description')).toBe('Email link is invalid or has expired')
    })

    it('signs in with the recovery code once', async () => {
      const user = await signUpAndIn(harness, 'code')
      await harness.anon().auth.resetPasswordForEmail(user.email)
      const { code } = await latestMail(harness.backend.url, user.email)
      const client = harness.anon()
      const wrong = await client.auth.verifyOtp({
        email: user.email,
        token: '000000',
        type: 'recovery'
      })
      const verified = await client.auth.verifyOtp({
        email: user.email,
        token: code,
        type: 'recovery'
      })
      if (code !== '000000') {
        expect(wrong.error).toMatchObject({
          status: 403,
          code: 'otp_expired',
          message: 'Token has expired or is invalid'
        })
      }
      expect(verified.error).toBeNull()
      expect(verified.data.session?.user.id).toBe(user.userId)
      const reused = await client.auth.verifyOtp({
        email: user.email,
        token: code,
        type: 'recovery'
      })
      expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired' })
    })

    it('signs a new address up with a code, and refuses when create_user is off', async () => {
      const email = uniqueEmail('otp')
      const refused = await harness.anon().auth.signInWithOtp({
        email,
        options: { shouldCreateUser: false }
      })
      expect(refused.error).toMatchObject({
        status: 422,
        code: 'otp_disabled',
        message: 'Signups not allowed for otp'
      })
      const sent = await harness.anon().auth.signInWithOtp({
        email,
        options: { data: { full_name: 'Otto' }, emailRedirectTo: `${APP}/in` }
      })
      expect(sent.error).toBeNull()
      expect(sent.data).toEqual({ user: null, session: null })
      const mail = await latestMail(harness.backend.url, email)
      expect(mail.subject).toBe('Your Magic Link')
      const { data, error } = await harness
        .anon()
        .auth.verifyOtp({ email, token: mail.code, type: 'email' })
      expect(error).toBeNull()
      expect(data.user?.email).toBe(email)
      expect(data.user?.user_metadata.full_name).toBe('Otto')

      // The second time the address exists: a magic link that signs in from the browser.
      await harness.anon().auth.signInWithOtp({ email, options: { emailRedirectTo: `${APP}/in` } })
      const link = await latestMail(harness.backend.url, email)
      const { location, fragment } = await follow(link.link)
      expect(location.startsWith(`${APP}/in#`)).toBe(true)
      expect(fragment.get('type')).toBe('magiclink')
      expect(fragment.get('access_token')).toBeTruthy()
    })

    it('checks what verifyOtp is given', async () => {
      const client = harness.anon()
      const noType = await client.auth.verifyOtp({ token_hash: 'x', type: '' as 'email' })
      expect(noType.error).toMatchObject({ status: 400, code: 'validation_failed' })
      const badHash = await client.auth.verifyOtp({ token_hash: 'nope', type: 'magiclink' })
      expect(badHash.error).toMatchObject({ status: 403, code: 'otp_expired' })
      const resend = await client.auth.resend({ email: uniqueEmail('r'), type: 'signup' })
      expect(resend.error).toBeNull()
    })

    it('limits mails per address to one per max_frequency, and codes expire', async () => {
      const user = await signUpAndIn(harness, 'often')
      const client = testClient(clocked.url, harness.backend.anonKey)
      expect((await client.auth.resetPasswordForEmail(user.email)).error).toBeNull()
      clocked.advance(10_000)
      const second = await client.auth.resetPasswordForEmail(user.email)
      expect(second.error).toMatchObject({
        status: 429,
        code: 'over_email_send_rate_limit',
        message: 'For security purposes, you can only request this after 50 seconds.'
      })
      clocked.advance(51_000)
      expect((await client.auth.resetPasswordForEmail(user.email)).error).toBeNull()
      const { code } = await latestMail(harness.backend.url, user.email)
      clocked.advance((DEFAULT_EMAIL_SETTINGS.otpExpirySeconds + 1) * 1000)
      const late = await client.auth.verifyOtp({ email: user.email, token: code, type: 'recovery' })
      expect(late.error).toMatchObject({ status: 403, code: 'otp_expired' })
    })
  },
  { config: { siteUrl: APP, email: { ...DEFAULT_EMAIL_SETTINGS, maxFrequencySeconds: 0 } } }
)
