// Sign-up with email confirmations on: no session, a mail in the mailbox, and a link that
// confirms and redirects.

import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { DEFAULT_EMAIL_SETTINGS } from '../../../src/backend/auth/email-config'
import { uniqueEmail, uniqueUsername, type Harness } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { latestMail, mailsTo } from '../../support/mailbox'

describeEachBackend(
  'email confirmations',
  (suite) => {
    let harness: Harness

    beforeAll(async () => {
      vi.spyOn(console, 'info').mockImplementation(() => undefined)
      harness = suite.harness
    })
    afterAll(() => {
      vi.restoreAllMocks()
    })

    it('mails a link, refuses sign-in until it is followed, then signs in', async () => {
      const email = uniqueEmail('confirm')
      const username = uniqueUsername('confirm')
      const signUp = await harness.anon().auth.signUp({
        email,
        password: 'secret123',
        options: { data: { username }, emailRedirectTo: 'http://127.0.0.1:5173/welcome' }
      })
      expect(signUp.error).toBeNull()
      expect(signUp.data.session).toBeNull()
      expect(signUp.data.user?.email).toBe(email)
      expect(signUp.data.user?.identities).toHaveLength(1)

      const mail = await latestMail(harness.backend.url, email)
      expect(mail.subject).toBe('Confirm Your Email')
      expect(mail.code).toMatch(/^\d{6}$/)
      const link = mail.link
      expect(link).toContain('/auth/v1/verify?token=')

      const early = await harness.anon().auth.signInWithPassword({ email, password: 'secret123' })
      expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' })

      const visit = await fetch(link!, { redirect: 'manual' })
      expect(visit.status).toBe(303)
      const location = visit.headers.get('location')!
      expect(location.startsWith('http://127.0.0.1:5173/welcome#')).toBe(true)
      expect(new URLSearchParams(location.split('#')[1]).get('access_token')).toBeTruthy()

      const { rows } = await harness.backend.db.query<{ confirmed: boolean }>(
        'select email_confirmed_at is not null as confirmed from auth.users where email = $1',
        [email]
      )
      expect(rows).toEqual([{ confirmed: true }])
      const late = await harness.anon().auth.signInWithPassword({ email, password: 'secret123' })
      expect(late.error).toBeNull()
      expect(late.data.user?.user_metadata.email_verified).toBe(true)

      // The link works once; a second visit lands on the error fragment.
      const again = await fetch(link!, { redirect: 'manual' })
      expect(again.headers.get('location')).toContain('error=access_denied')

      // A second sign-up for a confirmed address looks new but has no identities.
      const duplicate = await harness.anon().auth.signUp({ email, password: 'secret123' })
      expect(duplicate.error).toBeNull()
      expect(duplicate.data.user?.identities).toEqual([])
    })

    it('resends the confirmation: the new code works, the old one no longer', async () => {
      const email = uniqueEmail('resend')
      await harness.anon().auth.signUp({ email, password: 'secret123' })
      const first = await latestMail(harness.backend.url, email)
      const resent = await harness.anon().auth.resend({ email, type: 'signup' })
      expect(resent.error).toBeNull()
      const second = await latestMail(harness.backend.url, email)
      expect(second.id).not.toBe(first.id)
      const client = harness.anon()
      if (first.code !== second.code) {
        const stale = await client.auth.verifyOtp({ email, token: first.code, type: 'signup' })
        expect(stale.error).toMatchObject({ status: 403, code: 'otp_expired' })
      }
      const ok = await client.auth.verifyOtp({ email, token: second.code, type: 'signup' })
      expect(ok.error).toBeNull()
      expect(ok.data.user?.email_confirmed_at).toBeTruthy()
      // Confirmed: nothing more to resend, and still a quiet 200.
      expect((await client.auth.resend({ email, type: 'signup' })).error).toBeNull()
      expect(await mailsTo(harness.backend.url, email)).toHaveLength(2)
    })

    it('signs a new address up by email code: the confirmation mail carries the code', async () => {
      const email = uniqueEmail('otpconfirm')
      expect((await harness.anon().auth.signInWithOtp({ email })).error).toBeNull()
      const mail = await latestMail(harness.backend.url, email)
      expect(mail.subject).toBe('Confirm Your Email')
      const { data, error } = await harness
        .anon()
        .auth.verifyOtp({ email, token: mail.code, type: 'email' })
      expect(error).toBeNull()
      expect(data.session?.user.email).toBe(email)
    })

    it('never redirects to a foreign site', async () => {
      const email = uniqueEmail('evil')
      await harness.anon().auth.signUp({
        email,
        password: 'secret123',
        options: { emailRedirectTo: 'https://evil.example/steal' }
      })
      const { link } = await latestMail(harness.backend.url, email)
      const visit = await fetch(link, { redirect: 'manual' })
      expect(visit.headers.get('location')?.startsWith('http://127.0.0.1:5173')).toBe(true)
    })
  },
  {
    withDataDir: true,
    config: {
      enableConfirmations: true,
      siteUrl: 'http://127.0.0.1:5173',
      email: { ...DEFAULT_EMAIL_SETTINGS, maxFrequencySeconds: 0 }
    }
  }
)
