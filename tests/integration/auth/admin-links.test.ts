// The service-role mail routes through supabase-js: auth.admin.generateLink for every type (the
// link and code, not sent) and auth.admin.inviteUserByEmail (sent, to the mailbox); refused to
// anyone but the service role with GoTrue's 403 not_admin.

import { beforeAll, expect, it, vi } from 'vitest'
import { signUpAndIn, testClient, uniqueEmail, type Harness } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { latestMail, mailsTo } from '../../support/mailbox'

const APP = 'http://127.0.0.1:5173'

describeEachBackend(
  'admin mail links',
  (suite) => {
    let harness: Harness
    const admin = () => testClient(harness.backend.url, harness.backend.serviceRoleKey).auth.admin

    beforeAll(() => {
      vi.spyOn(console, 'info').mockImplementation(() => undefined)
      harness = suite.harness
    })

    it('is refused without the service role', async () => {
      const { error } = await harness
        .anon()
        .auth.admin.generateLink({ type: 'magiclink', email: uniqueEmail() })
      expect(error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' })
      const invite = await harness.anon().auth.admin.inviteUserByEmail(uniqueEmail())
      expect(invite.error).toMatchObject({ status: 403, code: 'not_admin' })
    })

    it('generates a recovery link without sending it', async () => {
      const user = await signUpAndIn(harness, 'linked')
      const { data, error } = await admin().generateLink({
        type: 'recovery',
        email: user.email,
        options: { redirectTo: `${APP}/reset` }
      })
      expect(error).toBeNull()
      expect(data.user?.id).toBe(user.userId)
      expect(data.properties).toMatchObject({
        verification_type: 'recovery',
        redirect_to: `${APP}/reset`
      })
      expect(data.properties?.email_otp).toMatch(/^\d{6}$/)
      expect(data.properties?.action_link).toContain(
        `token=${data.properties?.hashed_token}&type=recovery`
      )
      expect(await mailsTo(harness.backend.url, user.email)).toEqual([])
      const verified = await harness.anon().auth.verifyOtp({
        token_hash: data.properties!.hashed_token,
        type: 'recovery'
      })
      expect(verified.error).toBeNull()
      expect(verified.data.user?.id).toBe(user.userId)
    })

    it('signs up through signup and magiclink links, and refuses unknown users otherwise', async () => {
      const email = uniqueEmail('gen')
      const signup = await admin().generateLink({ type: 'signup', email, password: 'secret123' })
      expect(signup.error).toBeNull()
      expect(signup.data.user?.email).toBe(email)
      expect(signup.data.user?.email_confirmed_at).toBeUndefined()
      const confirmed = await harness
        .anon()
        .auth.verifyOtp({ email, token: signup.data.properties!.email_otp, type: 'signup' })
      expect(confirmed.error).toBeNull()
      const again = await admin().generateLink({ type: 'signup', email, password: 'secret123' })
      expect(again.error).toMatchObject({ status: 422, code: 'email_exists' })

      const fresh = uniqueEmail('magic')
      const magic = await admin().generateLink({ type: 'magiclink', email: fresh })
      expect(magic.data.properties?.verification_type).toBe('signup')
      const missing = await admin().generateLink({ type: 'recovery', email: uniqueEmail('none') })
      expect(missing.error).toMatchObject({
        status: 404,
        code: 'user_not_found',
        message: 'User with this email not found'
      })
      const bad = await admin().generateLink({ type: 'bogus', email } as never)
      expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' })
    })

    it('generates both email change links', async () => {
      const user = await signUpAndIn(harness, 'switch')
      const newEmail = uniqueEmail('switched')
      const current = await admin().generateLink({
        type: 'email_change_current',
        email: user.email,
        newEmail
      })
      expect(current.error).toBeNull()
      expect(current.data.properties?.verification_type).toBe('email_change_current')
      expect(current.data.user?.new_email).toBe(newEmail)
      expect(current.data.properties?.action_link).toContain('type=email_change')
      const accepted = await harness
        .anon()
        .auth.verifyOtp({ token_hash: current.data.properties!.hashed_token, type: 'email_change' })
      expect(accepted.error).toBeNull()
    })

    it('invites by email: the mail signs the new user in', async () => {
      const email = uniqueEmail('invited')
      const { data, error } = await admin().inviteUserByEmail(email, {
        data: { full_name: 'Ines' },
        redirectTo: `${APP}/welcome`
      })
      expect(error).toBeNull()
      expect(data.user?.email).toBe(email)
      expect(data.user?.invited_at).toBeTruthy()
      const mail = await latestMail(harness.backend.url, email)
      expect(mail.subject).toBe('You have been invited')
      const response = await fetch(mail.link, { redirect: 'manual' })
      const location = response.headers.get('location')!
      expect(location.startsWith(`${APP}/welcome#`)).toBe(true)
      expect(new URLSearchParams(location.split('#')[1]).get('type')).toBe('invite')
      const twice = await admin().inviteUserByEmail(email)
      expect(twice.error).toMatchObject({ status: 422, code: 'email_exists' })
    })
  },
  { config: { siteUrl: APP } }
)
