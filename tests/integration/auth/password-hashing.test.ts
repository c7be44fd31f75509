// Password hashing off the event loop (docs/architecture.md, "The local backend"): with bcrypt
// poisoned on this thread, which is the backend's own here, sign-up and a burst of concurrent
// password sign-ins still work, because every hash and comparison runs in the password pool's
// worker threads, and the pool counts them. On PGlite only: hashing does not touch the database.
// The latency a burst adds for everyone else is measured by `npm run bench:hostile`.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { signUpAndIn, startHarness, type Harness } from '../../support/backend-harness'

vi.mock('bcryptjs', () => {
  const refuse = (): never => {
    throw new Error('bcrypt ran on the event loop')
  }
  const api = { hash: refuse, hashSync: refuse, compare: refuse, compareSync: refuse }
  return { default: api, ...api }
})

describe('password hashing in worker threads', () => {
  let harness: Harness

  beforeAll(async () => {
    harness = await startHarness('pglite', '')
  })
  afterAll(async () => {
    await harness?.close()
  })

  it('signs up, and signs ten people in at once, without bcrypt on the event loop', async () => {
    const users = await Promise.all(
      Array.from({ length: 3 }, (_, i) => signUpAndIn(harness, `burst${i}`))
    )
    const pool = harness.backend.context.passwords
    const before = pool.stats().completed
    const attempts = Array.from({ length: 10 }, (_, i) => {
      const user = users[i % users.length]
      const password = i < 8 ? user.password : 'a wrong one'
      return harness.anon().auth.signInWithPassword({ email: user.email, password })
    })
    const answers = await Promise.all(attempts)
    expect(answers.map((answer) => answer.error?.code ?? 'signed in')).toEqual([
      ...Array(8).fill('signed in'),
      'invalid_credentials',
      'invalid_credentials'
    ])
    const after = pool.stats()
    expect(after.completed - before).toBeGreaterThanOrEqual(10)
    expect(after.workers).toBeLessThanOrEqual(pool.size)
    expect(after.threadIds).not.toContain(0) // 0 is the main thread's id
  })

  it('ends its threads when the backend closes', async () => {
    const other = await startHarness('pglite', '')
    await signUpAndIn(other, 'closing')
    expect(other.backend.context.passwords.stats().workers).toBeGreaterThan(0)
    await other.close()
    expect(other.backend.context.passwords.stats().workers).toBe(0)
  })
})
