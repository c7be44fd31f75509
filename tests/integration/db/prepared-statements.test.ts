// Request statements stay prepared on their connection, by SQL text, and the cache of them is
// bounded: past its limit the least recently used are deallocated, on PGlite and on PostgreSQL,
// and a statement let go still runs correctly when it comes back.

import { expect, it } from 'vitest'
import type { Database } from '../../../src/backend/db/database'
import { describeEachDatabase } from '../../support/database-suite'

/** The limit StatementCache keeps by default. */
const LIMIT = 128

async function runKept(db: Database, sql: string, params: string[]): Promise<unknown[]> {
  const { rows } = await db.transaction((tx) => tx.queryAndCommit(sql, params), {
    reuseStatements: true
  })
  return rows
}

describeEachDatabase('prepared request statements', (suite) => {
  it('keeps at most the limit prepared, and a statement let go runs again', async () => {
    const shape = (i: number): string => `select $1::text || '-${i}' as v`
    for (let i = 0; i < LIMIT + 20; i++) {
      expect(await runKept(suite.db, shape(i), ['x'])).toEqual([{ v: `x-${i}` }])
    }
    // The count runs as a kept statement too, so the deallocations waiting go out first.
    const [{ n }] = (await runKept(
      suite.db,
      `select count(*)::int as n from pg_prepared_statements where name like 'instaframe\\_%'`,
      []
    )) as { n: number }[]
    expect(n).toBeGreaterThan(LIMIT / 2)
    expect(n).toBeLessThanOrEqual(LIMIT)
    // Statement 0 was evicted long ago: it is prepared again under a new name.
    expect(await runKept(suite.db, shape(0), ['again'])).toEqual([{ v: 'again-0' }])
    // A kept statement whose run fails does not poison the next run of the same shape.
    await expect(runKept(suite.db, `select $1::int as n`, ['not a number'])).rejects.toThrow()
    expect(await runKept(suite.db, `select $1::int as n`, ['7'])).toEqual([{ n: 7 }])
  })

  it("keeps a statement prepared once per role that runs it, so neither's plan is redone", async () => {
    // Postgres plans a statement under row-level security again whenever another role runs it.
    const sql = `select current_user::text as who, pg_backend_pid() as pid, $1::text as v`
    const as = (role: string) =>
      suite.db.transaction((tx) => tx.queryAndCommit<{ who: string; pid: number }>(sql, ['r']), {
        prelude: [{ sql: `select set_config('role', $1, true)`, params: [role] }],
        reuseStatements: true,
        planRole: role
      })
    const seen = [await as('anon'), await as('authenticated'), await as('anon')]
    expect(seen.map(({ rows }) => rows[0].who)).toEqual(['anon', 'authenticated', 'anon'])
    // One after another, requests take the connection the last one gave back.
    expect(new Set(seen.map(({ rows }) => rows[0].pid)).size).toBe(1)
    const { rows } = await suite.db.transaction(
      (tx) =>
        tx.queryAndCommit<{ n: number }>(
          `select count(*)::int as n from pg_prepared_statements where statement = $1`,
          [sql]
        ),
      { reuseStatements: true }
    )
    expect(rows).toEqual([{ n: 2 }])
  })

  it('bounds what transactions of several statements keep prepared too', async () => {
    // Each statement here goes out behind BEGIN; the ones let go are closed ahead of the next.
    const twice = (sql: string, params: string[]) =>
      suite.db.transaction(
        async (tx) => {
          const first = await tx.query(sql, params)
          await tx.query(sql, params)
          return first.rows
        },
        { reuseStatements: true }
      )
    const shape = (i: number): string => `select $1::text || '+${i}' as v`
    for (let i = 0; i < LIMIT + 20; i++) {
      expect(await twice(shape(i), ['y'])).toEqual([{ v: `y+${i}` }])
    }
    const [{ n }] = (await twice(
      `select count(*)::int as n from pg_prepared_statements where name like 'instaframe\\_%'`,
      []
    )) as { n: number }[]
    expect(n).toBeLessThanOrEqual(LIMIT)
    expect(await twice(shape(0), ['again'])).toEqual([{ v: 'again+0' }])
    // A statement first prepared by a one-call request is only bound by a longer transaction.
    expect(await runKept(suite.db, shape(1), ['one'])).toEqual([{ v: 'one+1' }])
    expect(await twice(shape(1), ['two'])).toEqual([{ v: 'two+1' }])
  })

  it('reads a kept statement by its first description, and by a new one once its table changes', async () => {
    await suite.db.exec(
      `create table public.described (a int); insert into public.described values (1)`
    )
    const sql = `select * from public.described`
    // Described when first parsed; the runs after it are only bound and executed.
    for (let i = 0; i < 3; i++) expect(await runKept(suite.db, sql, [])).toEqual([{ a: 1 }])
    expect(await runKept(suite.db, `select a + $1::int as b from public.described`, ['1'])).toEqual(
      [{ b: 2 }]
    )
    await suite.db.exec(`alter table public.described add column b text default 'x'`)
    // Postgres refuses to run the kept statement with other columns; it is prepared anew.
    // At most one run fails, with Postgres' own message; the next runs the new statement.
    const after = await runKept(suite.db, sql, []).catch((error: Error) => error.message)
    expect(['cached plan must not change result type', [{ a: 1, b: 'x' }]]).toContainEqual(after)
    expect(await runKept(suite.db, sql, [])).toEqual([{ a: 1, b: 'x' }])
    // The same in a transaction of several statements.
    const twice = () =>
      suite.db.transaction(
        async (tx) => {
          await tx.query(`select 1`)
          return (await tx.query(sql)).rows
        },
        { reuseStatements: true }
      )
    expect(await twice()).toEqual([{ a: 1, b: 'x' }])
    await suite.db.exec(`alter table public.described add column c int default 3`)
    await twice().catch(() => undefined)
    expect(await twice()).toEqual([{ a: 1, b: 'x', c: 3 }])
  })
})
