// Sign-up is rate-limited per client address like /token (each one costs a bcrypt hash and a
// row), and a taken username is a 422 that says so instead of the trigger's bare 500.

import { beforeAll, expect, it } from 'vitest'
import { authConfigWith } from '../../../src/backend/auth/config'
import { uniqueEmail, uniqueUsername, type Harness } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'

describeEachBackend(
  'sign-up limits',
  (suite) => {
    let harness: Harness

    beforeAll(async () => {
      harness = suite.harness
    })

    const signUp = (username: string, fullName = 'Test Person') =>
      harness.anon().auth.signUp({
        email: uniqueEmail(username),
        password: 'secret123',
        options: { data: { username, full_name: fullName } }
      })

    it('answers a taken username with 422 username_taken and a message a person can act on', async () => {
      const username = uniqueUsername('taken')
      expect((await signUp(username)).error).toBeNull()
      const { error } = await signUp(username)
      expect(error).toMatchObject({
        status: 422,
        code: 'username_taken',
        message: 'This username is already taken. Try another.'
      })
    })

    it('answers 429 over_request_rate_limit past the sign-ups allowed per 5 minutes, creating no user', async () => {
      // Two sign-ups were spent above; one more is allowed, the next is not.
      expect((await signUp(uniqueUsername('third'))).error).toBeNull()
      const username = uniqueUsername('fourth')
      const { error } = await signUp(username)
      expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
      const { rows } = await harness.backend.db.query(
        'select 1 from public.profiles where username = $1',
        [username]
      )
      expect(rows).toEqual([])
    })
  },
  { config: { auth: authConfigWith({ rateLimits: { signInSignUps: 3 } }) } }
)
