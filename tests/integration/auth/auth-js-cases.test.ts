// The cases of auth-js's own suites (GoTrueAdminApi and GoTrueClient tests) that a local backend
// once answered differently from GoTrue, through the unmodified supabase-js, on PGlite and on
// PostgreSQL 15: an address GoTrue's format check refuses is refused by admin createUser,
// inviteUserByEmail and generateLink; generateLink's signup answer has GoTrue v2's shape; and
// reauthenticate for an account with no address (an anonymous one) is refused in GoTrue's
// words, status and code.

import { beforeAll, expect, it, vi } from 'vitest'
import { authConfigWith } from '../../../src/backend/auth/config'
import { testClient, uniqueEmail, type Harness } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'

const APP = 'http://127.0.0.1:5173'
/** auth-js's INVALID_EMAIL: characters GoTrue's format check does not allow. */
const INVALID_EMAIL = 'xx:;x@x.x'
const INVALID_FORMAT = 'Unable to validate email address: invalid format'

describeEachBackend(
  'auth-js cases',
  (suite) => {
    let harness: Harness
    const admin = () => testClient(harness.backend.url, harness.backend.serviceRoleKey).auth.admin

    beforeAll(() => {
      vi.spyOn(console, 'info').mockImplementation(() => undefined)
      harness = suite.harness
    })

    it('refuses an invalid address in admin createUser, inviteUserByEmail and generateLink', async () => {
      const created = await admin().createUser({ email: INVALID_EMAIL, password: 'password123' })
      expect(created.data.user).toBeNull()
      expect(created.error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: INVALID_FORMAT
      })
      const invited = await admin().inviteUserByEmail(INVALID_EMAIL)
      expect(invited.data.user).toBeNull()
      expect(invited.error).toMatchObject({ status: 400, message: INVALID_FORMAT })
      const linked = await admin().generateLink({
        type: 'signup',
        email: INVALID_EMAIL,
        password: 'password123'
      })
      expect(linked.data).toEqual({ user: null, properties: null })
      expect(linked.error).toMatchObject({ status: 400, message: INVALID_FORMAT })
      const { rows } = await harness.backend.db.query(`select 1 from auth.users where email = $1`, [
        INVALID_EMAIL
      ])
      expect(rows).toEqual([])
    })

    it("answers generateLink's signup with GoTrue v2's shape: the link's properties and the user", async () => {
      const email = uniqueEmail('shape')
      const redirectTo = `${APP}/welcome`
      const userMetadata = { status: 'alpha' }
      const { data, error } = await admin().generateLink({
        type: 'signup',
        email,
        password: 'password123',
        options: { data: userMetadata, redirectTo }
      })
      expect(error).toBeNull()
      expect(Object.keys(data.properties!).sort()).toEqual([
        'action_link',
        'email_otp',
        'hashed_token',
        'redirect_to',
        'verification_type'
      ])
      expect(data.properties).toMatchObject({
        redirect_to: redirectTo,
        verification_type: 'signup'
      })
      expect(data.properties!.action_link).toMatch(/\/verify\?token/)
      expect(data.properties!.action_link).toMatch(/type=signup/)
      expect(data.properties!.action_link).toMatch(new RegExp(`redirect_to=${redirectTo}`))
      expect(data.user).toMatchObject({
        email,
        aud: 'authenticated',
        role: 'authenticated',
        user_metadata: userMetadata,
        app_metadata: { provider: 'email', providers: ['email'] }
      })
      expect(data.user!.confirmation_sent_at).toEqual(expect.any(String))
      // The link's parts are not part of the user.
      expect(data.user).not.toHaveProperty('action_link')
      expect(data.user).not.toHaveProperty('hashed_token')
    })

    it('refuses reauthenticate for an account without an address (an anonymous one)', async () => {
      const anonymous = harness.anon()
      const signedIn = await anonymous.auth.signInAnonymously()
      expect(signedIn.error).toBeNull()
      const { data, error } = await anonymous.auth.reauthenticate()
      expect(data).toEqual({ user: null, session: null })
      expect(error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Reauthentication requires the user to have an email or a phone number'
      })
    })
  },
  { config: { siteUrl: APP, auth: authConfigWith({ anonymousSignIns: true }) } }
)
