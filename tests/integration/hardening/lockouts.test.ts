// Lockouts by source (docs/security.md): wrong passwords given to the username sign-in
// (public.sign_in_email, app_private.check_password) are counted per source and account, as
// GoTrue limits by address. An attacker who guessed ten times is refused from where they are;
// the owner signing in from elsewhere never is. Both databases: in SQL with the request headers
// a gateway forwards, and over HTTP, where the backend itself names the source.

import { beforeAll, expect, it } from 'vitest'
import { withRole } from '../../../src/backend/db/as-role'
import { isPostgresError } from '../../../src/backend/db/database'
import { AUTH_MESSAGES } from '../../../src/shared/auth-messages'
import { signIn } from '../../../src/shared/data/auth'
import {
  signUpAndIn,
  testClient,
  type Harness,
  type SignedUpUser
} from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { canBindLoopback, fetchFrom } from '../../support/fetch-from'

type Answer = 'email' | 'wrong' | 'refused'

/** sign_in_email as anon through a gateway that forwarded `headers`, as PostgREST runs it. */
async function signInEmail(
  harness: Harness,
  login: string,
  password: string,
  headers: Record<string, string>
): Promise<Answer> {
  try {
    const { rows } = await withRole(
      harness.backend.db,
      { role: 'anon', claims: { role: 'anon' } },
      { method: 'POST', path: '/rest/v1/rpc/sign_in_email', headers },
      (tx) =>
        tx.query<{ email: string | null }>('select email from public.sign_in_email($1, $2)', [
          login,
          password
        ])
    )
    return rows[0]?.email ? 'email' : 'wrong'
  } catch (error) {
    if (isPostgresError(error) && error.hint === 'too_many_attempts') return 'refused'
    throw error
  }
}

const from = (address: string) => ({ 'x-forwarded-for': `${address}, 10.0.0.1` })

async function guess(
  harness: Harness,
  user: SignedUpUser,
  headers: Record<string, string>,
  n = 10
) {
  const answers: Answer[] = []
  for (let attempt = 0; attempt < n; attempt += 1) {
    answers.push(await signInEmail(harness, user.username, `guess-${attempt}`, headers))
  }
  return answers
}

describeEachBackend('lockouts by source', (suite) => {
  let harness: Harness

  beforeAll(() => {
    harness = suite.harness
  })

  it('ten wrong passwords lock that source out of that account, and no one else', async () => {
    const user = await signUpAndIn(harness, 'locked')
    expect(await guess(harness, user, from('203.0.113.7'))).toEqual(Array(10).fill('wrong'))
    expect(await signInEmail(harness, user.username, user.password, from('203.0.113.7'))).toBe(
      'refused'
    )
    // The owner, elsewhere, with the right password; and a wrong one there counts on its own.
    expect(await signInEmail(harness, user.username, user.password, from('198.51.100.4'))).toBe(
      'email'
    )
    expect(await signInEmail(harness, user.username, 'nope', from('198.51.100.4'))).toBe('wrong')
    // The attacker's source is refused for this account only.
    const other = await signUpAndIn(harness, 'unlocked')
    expect(await signInEmail(harness, other.username, other.password, from('203.0.113.7'))).toBe(
      'email'
    )
  })

  it("prefers Cloudflare's CF-Connecting-IP, which no client can set, to X-Forwarded-For", async () => {
    const user = await signUpAndIn(harness, 'cf')
    const behindCloudflare = (address: string) => ({
      'cf-connecting-ip': address,
      'x-forwarded-for': '192.0.2.1'
    })
    await guess(harness, user, behindCloudflare('203.0.113.8'))
    expect(
      await signInEmail(harness, user.username, user.password, behindCloudflare('203.0.113.8'))
    ).toBe('refused')
    expect(
      await signInEmail(harness, user.username, user.password, behindCloudflare('203.0.113.9'))
    ).toBe('email')
  })

  it('a source trying many accounts is refused for all after fifty wrong passwords', async () => {
    const users = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signUpAndIn(harness, `spray${i}`))
    )
    for (const user of users.slice(0, 5)) await guess(harness, user, from('203.0.113.10'), 10)
    const last = users[5]
    expect(await signInEmail(harness, last.username, last.password, from('203.0.113.10'))).toBe(
      'refused'
    )
    expect(await signInEmail(harness, last.username, last.password, from('203.0.113.11'))).toBe(
      'email'
    )
  })

  it('forgets wrong passwords after fifteen minutes', async () => {
    const user = await signUpAndIn(harness, 'waited')
    await guess(harness, user, from('203.0.113.12'))
    await harness.backend.db.query(
      `update app_private.sign_in_failures set failed_at = failed_at - interval '16 minutes'
        where user_id = $1`,
      [user.userId]
    )
    expect(await signInEmail(harness, user.username, user.password, from('203.0.113.12'))).toBe(
      'email'
    )
  })

  it('over HTTP, the source is the caller, whatever X-Forwarded-For it sends', async () => {
    const user = await signUpAndIn(harness, 'spoofer')
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const spoofing = testClient(harness.backend.url, harness.backend.anonKey, {
        fetch: (input, init) => {
          const headers = new Headers(init?.headers)
          headers.set('x-forwarded-for', `198.51.100.${attempt}`)
          headers.set('cf-connecting-ip', `198.51.100.${attempt}`)
          return fetch(input, { ...init, headers })
        }
      })
      await expect(
        signIn(spoofing, { email: user.username, password: `guess-${attempt}` })
      ).rejects.toThrow(AUTH_MESSAGES.wrongPassword)
    }
    await expect(
      signIn(harness.anon(), { email: user.username, password: user.password })
    ).rejects.toThrow(AUTH_MESSAGES.waitBeforeRetry)
    const { rows } = await harness.backend.db.query<{ source: string }>(
      'select distinct source from app_private.sign_in_failures where user_id = $1',
      [user.userId]
    )
    expect(rows).toEqual([{ source: '127.0.0.1' }])

    // The owner, from another address of this machine, signs in all the way.
    if (!(await canBindLoopback('127.0.0.2'))) return
    const owner = testClient(harness.backend.url, harness.backend.anonKey, {
      fetch: fetchFrom('127.0.0.2')
    })
    await signIn(owner, { email: user.username, password: user.password })
    expect((await owner.auth.getUser()).data.user?.id).toBe(user.userId)
  })
})
