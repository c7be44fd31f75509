// The many-people mode (PostgreSQL): each API role runs with its own statement_timeout, as on
// hosted Supabase (anon 3 s, authenticated 8 s), though a request takes its role with
// `set local role`, which applies none of a role's settings; a setting made for the database
// applies at once; and statements stuck on connections of the pool hold no one else, however
// many one caller sends.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_REST_LIMITS } from '../../../src/backend/request-limits'
import {
  insertUser,
  startHarness,
  testClient,
  type Harness,
  type InsertedUser
} from '../../support/backend-harness'
import { postgresUrl, skipReason } from '../../support/database-suite'
import { setRoleStatementTimeout } from '../../support/role-settings'

describe.skipIf(skipReason('postgres') !== null)('availability on PostgreSQL', () => {
  let harness: Harness
  let user: InsertedUser

  /** The statement_timeout an rpc ran with, as anon, as `user`, or with the service key. */
  async function timeoutAs(who: 'anon' | 'user' | 'service'): Promise<string> {
    const { backend } = harness
    const token =
      who === 'user' ? user.token : who === 'service' ? backend.serviceRoleKey : undefined
    const client = testClient(backend.url, backend.anonKey, { token })
    const { data, error } = await client.rpc('current_statement_timeout')
    expect(error).toBeNull()
    return data as string
  }

  beforeAll(async () => {
    harness = await startHarness('postgres', postgresUrl, {
      config: { rest: { ...DEFAULT_REST_LIMITS, requestBudgetMs: 2_000 } }
    })
    await harness.backend.db.exec(`
      create function public.current_statement_timeout() returns text language sql stable
        as $$ select current_setting('statement_timeout') $$;
      create function public.sleep_seconds(seconds float8) returns int language sql
        as $$ select 1 from pg_sleep(seconds) $$;
      -- Waits for the transaction-level advisory lock the test holds: a statement that stays
      -- on its connection for as long as the test wants, without using the machine.
      create function public.wait_for_lock(lock_key int) returns int language sql
        as $$ select pg_advisory_xact_lock(lock_key); select 1 $$;
      grant execute on function public.current_statement_timeout(), public.sleep_seconds(float8),
        public.wait_for_lock(int) to anon, authenticated, service_role;`)
    user = await insertUser(harness.backend, 'pg_availability')
  })

  afterAll(async () => {
    await harness?.close()
  })

  it("gives each role hosted Supabase's statement_timeout, which set local role alone would not", async () => {
    // The premise: a role's own setting does not follow `set local role`.
    const premise = await harness.backend.db.transaction(async (tx) => {
      await tx.query(`select set_config('role', 'anon', true)`)
      return (await tx.query<{ t: string }>(`select current_setting('statement_timeout') as t`))
        .rows[0].t
    })
    expect(premise).toBe('0')
    expect(await timeoutAs('anon')).toBe('3s')
    expect(await timeoutAs('user')).toBe('8s')
    // A role without a setting of its own runs with the request budget.
    expect(await timeoutAs('service')).toBe('2s')
  })

  it('applies a setting made for this database at once, and cancels past it with 57014', async () => {
    const { db } = harness.backend
    await setRoleStatementTimeout(db, 'anon', '250ms')
    try {
      expect(await timeoutAs('anon')).toBe('250ms')
      expect(await timeoutAs('user')).toBe('8s')
      const { error } = await harness.anon().rpc('sleep_seconds', { seconds: 5 })
      expect(error).toMatchObject({
        code: '57014',
        message: 'canceling statement due to statement timeout'
      })
    } finally {
      await setRoleStatementTimeout(db, 'anon', null)
    }
    expect(await timeoutAs('anon')).toBe('3s')
  })

  it('answers others while one caller has more statements stuck than the pool has connections', async () => {
    const { db, url, anonKey } = harness.backend
    // Long enough that the waiting statements are not cancelled while the test runs.
    await setRoleStatementTimeout(db, 'authenticated', '120s')
    const other = await insertUser(harness.backend, 'pg_availability_other')
    let release = (): void => undefined
    let locked = (): void => undefined
    const lockTaken = new Promise<void>((resolve) => (locked = resolve))
    const holder = db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(4343)')
      locked()
      await new Promise<void>((resolve) => (release = resolve))
    })
    try {
      await lockTaken
      // 12 statements of one user, each waiting for the lock: more than the pool's 10
      // connections, of which one caller may hold half.
      let settled = 0
      const burst = testClient(url, anonKey, { token: user.token })
      const stuck = Array.from({ length: 12 }, () =>
        burst.rpc('wait_for_lock', { lock_key: 4343 }).then((result) => {
          settled += 1
          return result
        })
      )
      const readers = [harness.anon(), testClient(url, anonKey, { token: other.token })]
      for (let i = 0; i < 10; i++) {
        const read = await readers[i % 2].from('profiles').select('id').eq('id', user.id)
        expect(read.error).toBeNull()
        expect(read.data).toEqual([{ id: user.id }])
      }
      expect(settled).toBe(0)
      release()
      await holder
      for (const result of await Promise.all(stuck)) expect(result).toMatchObject({ data: 1 })
    } finally {
      release()
      await holder.catch(() => undefined)
      await setRoleStatementTimeout(db, 'authenticated', null)
    }
  })
})
