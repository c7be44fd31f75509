// The PGlite pool of the test support (tests/support/pglite-pool.ts): a database a test closed
// comes back to the next one empty of what the test wrote, and one whose schema, settings or
// starting rows a test changed is never handed on.

import { describe, expect, it } from 'vitest'
import type { Database } from '../../../src/backend/db/database'
import { openTestDatabase } from '../../support/databases'
import { poolStats } from '../../support/pglite-pool'
import { signUpUsers, type SignUpData } from '../../support/sql-actors'

/** Opens a database, lets `use` change it, closes it and opens the next one. */
async function handedOnAfter(use: (db: Database) => Promise<unknown>): Promise<{
  reused: boolean
  next: Database
}> {
  const db = await openTestDatabase('pglite')
  await use(db)
  await db.close()
  const before = poolStats.reused
  const next = await openTestDatabase('pglite')
  return { reused: poolStats.reused > before, next }
}

async function count(db: Database, sql: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select (${sql})::int as n`)
  return rows[0].n
}

describe('the PGlite pool of the tests', () => {
  it('hands a database on without the rows a test added, sequences back where they were', async () => {
    const fresh = await openTestDatabase('pglite')
    const users = await count(fresh, 'select count(*) from auth.users')
    const sequences = await fresh.query(
      'select last_value, is_called from auth.refresh_tokens_id_seq'
    )
    await fresh.close()
    const { reused, next } = await handedOnAfter(async (db) => {
      await signUpUsers(db, [{ username: 'pooled_alice' }, { username: 'pooled_bob' }])
      await db.exec(
        `insert into auth.refresh_tokens (token, user_id) select 'pooled', id from auth.users limit 1`
      )
    })
    try {
      expect(reused).toBe(true)
      expect(await count(next, 'select count(*) from auth.users')).toBe(users)
      expect(await count(next, `select count(*) from profiles where username like 'pooled%'`)).toBe(
        0
      )
      expect(
        (await next.query('select last_value, is_called from auth.refresh_tokens_id_seq')).rows
      ).toEqual(sequences.rows)
    } finally {
      await next.close()
    }
  })

  it.each([
    ['a table it made', 'create table public.pool_probe (id int)'],
    ['a policy it dropped', 'drop policy "Profiles are readable by everyone" on public.profiles'],
    [
      'a function it replaced',
      `create or replace function public.pool_probe() returns int language sql as 'select 1'`
    ],
    ['a grant it took away', 'revoke select on public.profiles from anon'],
    ['a role setting', `alter role authenticated set statement_timeout = '5s'`],
    // On an empty table analyze keeps no statistics and its size estimates are reset.
    ['statistics it gathered', 'analyze public.profiles', [{ username: 'pooled_stats' }]],
    ['a session setting', `set search_path = auth`],
    [
      'a starting row it changed',
      `update supabase_migrations.schema_migrations set name = name || '_'
       where version = (select min(version) from supabase_migrations.schema_migrations)`
    ]
  ] as [string, string, SignUpData[]?][])(
    'never hands on a database with %s',
    async (_what, sql, users) => {
      const discarded = poolStats.discarded
      const { reused, next } = await handedOnAfter(async (db) => {
        if (users) await signUpUsers(db, users)
        await db.exec(sql)
      })
      try {
        expect(reused).toBe(false)
        expect(poolStats.discarded).toBe(discarded + 1)
        expect(
          await count(next, `select count(*) from pg_class where relname = 'pool_probe'`)
        ).toBe(0)
        expect(await count(next, `select count(*) from pg_proc where proname = 'pool_probe'`)).toBe(
          0
        )
        expect(
          await count(
            next,
            `select count(*) from pg_policy where polname = 'Profiles are readable by everyone'`
          )
        ).toBe(1)
        expect(
          await count(
            next,
            `select count(*) from pg_db_role_setting, unnest(setconfig) c where c = 'statement_timeout=5s'`
          )
        ).toBe(0)
        expect(
          (await next.query(`select current_setting('search_path') as path`)).rows
        ).not.toEqual([{ path: 'auth' }])
      } finally {
        await next.close()
      }
    }
  )

  it('refuses queries on a database after its holder closed it', async () => {
    const db = await openTestDatabase('pglite')
    await db.close()
    await expect(db.query('select 1')).rejects.toThrow('The database is closed')
    await expect(db.exec('select 1')).rejects.toThrow('The database is closed')
    await expect(db.transaction(async () => undefined)).rejects.toThrow('The database is closed')
  })
})
