// A request whose only statement is its last goes out in one database call: its prelude (role,
// claims, read-only mode) and the statement, committed together as one implicit transaction of
// the extended protocol, without BEGIN and COMMIT. It commits all or nothing, its settings hold
// for its statement and end with it, and a failure leaves the connection ready for the next
// request, which sees none of them.

import { beforeAll, expect, it } from 'vitest'
import type { Database, Statement } from '../../../src/backend/db/database'
import { describeEachDatabase } from '../../support/database-suite'

const settings = (who: string, readOnly = 'off'): Statement => ({
  sql: `select set_config('app.one_call_who', $1, true), set_config('transaction_read_only', $2, true)`,
  params: [who, readOnly]
})

function oneCall<Row>(db: Database, prelude: Statement, sql: string, params: string[] = []) {
  return db.transaction((tx) => tx.queryAndCommit<Row>(sql, params), {
    prelude: [prelude],
    reuseStatements: true
  })
}

async function idsOf(db: Database): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('select id from one_call_rows order by id')
  return rows.map((row) => row.id)
}

describeEachDatabase('one-call request transactions', (suite) => {
  beforeAll(async () => {
    await suite.db.exec('create table one_call_rows (id int primary key, who text not null)')
  })

  it('runs the statement under its prelude, commits it, and ends the settings with it', async () => {
    const { rows } = await oneCall<{ who: string }>(
      suite.db,
      settings('alice'),
      `insert into one_call_rows values (1, current_setting('app.one_call_who')) returning who`
    )
    expect(rows).toEqual([{ who: 'alice' }])
    expect(await idsOf(suite.db)).toEqual([1])
    const after = await suite.db.query<{ who: string | null }>(
      `select nullif(current_setting('app.one_call_who', true), '') as who`
    )
    expect(after.rows).toEqual([{ who: null }])
  })

  it('commits nothing of a statement that fails, and the next request runs', async () => {
    await expect(
      oneCall(suite.db, settings('bob'), `insert into one_call_rows values (2, 'b'), (2, 'c')`)
    ).rejects.toMatchObject({ code: '23505' })
    expect(await idsOf(suite.db)).toEqual([1])
    await oneCall(suite.db, settings('carol'), `insert into one_call_rows values (3, 'c')`)
    expect(await idsOf(suite.db)).toEqual([1, 3])
  })

  it('runs nothing behind a prelude that fails', async () => {
    const badRole = { sql: `select set_config('role', $1, true)`, params: ['no_such_role_x'] }
    await expect(
      oneCall(suite.db, badRole, `insert into one_call_rows values (4, 'd')`)
    ).rejects.toThrow(/no_such_role_x/)
    expect(await idsOf(suite.db)).toEqual([1, 3])
  })

  it('leaves none of its settings to the next request on its connection, even when it fails', async () => {
    type Seen = { pid: number; who: string | null; role: string; readOnly: string }
    const seen = `select pg_backend_pid() as pid, current_user::text as role,
                        nullif(current_setting('app.one_call_who', true), '') as who,
                        current_setting('transaction_read_only') as "readOnly"`
    const asAnon: Statement = {
      sql: `select set_config('app.one_call_who', $1, true), set_config('role', 'anon', true),
                   set_config('transaction_read_only', 'on', true)`,
      params: ['erin']
    }
    const quiet: Statement = {
      sql: `select set_config('app.one_call_quiet', $1, true)`,
      params: ['1']
    }
    const [during] = (await oneCall<Seen>(suite.db, asAnon, seen)).rows
    expect(during).toMatchObject({ who: 'erin', role: 'anon', readOnly: 'on' })
    await expect(oneCall(suite.db, asAnon, `select 1 / 0`)).rejects.toMatchObject({ code: '22012' })
    // Requests one after another take the connection the last one gave back.
    const [after] = (await oneCall<Seen>(suite.db, quiet, seen)).rows
    expect(after.pid).toBe(during.pid)
    expect(after).toMatchObject({ who: null, readOnly: 'off' })
    expect(after.role).not.toBe('anon')
  })

  it('refuses a write in a read-only request (25006)', async () => {
    await expect(
      oneCall(suite.db, settings('dave', 'on'), `insert into one_call_rows values (5, 'e')`)
    ).rejects.toMatchObject({ code: '25006' })
    expect(await idsOf(suite.db)).toEqual([1, 3])
  })
})
