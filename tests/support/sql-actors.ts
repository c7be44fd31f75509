// Actors for database tests: users created the way the auth server creates them (an insert
// into auth.users as supabase_auth_admin, so the sign-up trigger runs exactly as on hosted
// Supabase), and statements run as anon or as a signed-in user through withRole, the same
// path every API request takes. Queries on `db` itself run as the superuser and bypass RLS:
// use them only to arrange data and to check what really is in the tables.

import { randomUUID } from 'node:crypto'
import { requestSettings, withRole } from '../../src/backend/db/as-role'
import {
  isPostgresError,
  type Database,
  type Queryable,
  type QueryResult
} from '../../src/backend/db/database'
import type { RequestIdentity } from '../../src/backend/jwt'

export interface Actor {
  /** For messages: "anon", "user A", ... */
  readonly name: string
  /** The auth user id, null for anon. */
  readonly id: string | null
  readonly identity: RequestIdentity
}

export const anon: Actor = {
  name: 'anon',
  id: null,
  identity: { role: 'anon', claims: { role: 'anon' } }
}

export function userActor(name: string, id: string, email?: string): Actor {
  return {
    name,
    id,
    identity: {
      role: 'authenticated',
      claims: { role: 'authenticated', sub: id, aud: 'authenticated', email }
    }
  }
}

export interface SignUpData {
  /** raw_user_meta_data.username; omitted from the metadata when undefined. */
  username?: string
  /** raw_user_meta_data.full_name; omitted from the metadata when undefined. */
  fullName?: string
  email?: string
  id?: string
}

const SIGN_UP_SQL = `
  insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
                          raw_app_meta_data, raw_user_meta_data)
  select u.id, 'authenticated', 'authenticated', u.email, '', now(),
         '{"provider":"email","providers":["email"]}'::jsonb, u.meta
  from jsonb_to_recordset($1::jsonb) as u(id uuid, email text, meta jsonb)
  returning id`

/** Runs `work` in a transaction as supabase_auth_admin, the role GoTrue writes auth.users with. */
export async function asAuthAdmin<T>(
  db: Database,
  work: (tx: Queryable) => Promise<T>
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('role', 'supabase_auth_admin', true)`)
    return work(tx)
  })
}

/** Signs users up in one insert, as the auth server would; returns their ids in order. */
export async function signUpUsers(db: Database, users: SignUpData[]): Promise<string[]> {
  const rows = users.map((user, index) => {
    const id = user.id ?? randomUUID()
    const meta: Record<string, string> = {}
    if (user.username !== undefined) meta.username = user.username
    if (user.fullName !== undefined) meta.full_name = user.fullName
    return { id, email: user.email ?? `${id}-${index}@example.test`, meta }
  })
  await asAuthAdmin(db, (tx) => tx.query(SIGN_UP_SQL, [JSON.stringify(rows)]))
  return rows.map((row) => row.id)
}

/** Signs one user up and returns them as an actor. */
export async function signUp(db: Database, name: string, data: SignUpData = {}): Promise<Actor> {
  const [id] = await signUpUsers(db, [data])
  return userActor(name, id, data.email)
}

/** One statement as `actor`, in its own transaction, exactly as an API request runs it. */
export async function runAs<Row = Record<string, unknown>>(
  db: Database,
  actor: Actor,
  sql: string,
  params: unknown[] = []
): Promise<QueryResult<Row>> {
  return withRole(db, actor.identity, { method: 'POST', path: '/tests/sql' }, (tx) =>
    tx.query<Row>(sql, params)
  )
}

/**
 * The key app_rules.reader_key() gives a caller (what the second factor is kept under):
 * the claim.sub and claims settings as a request sets them, then the unit separator.
 */
export function readerKeyOf(actor: Actor): string {
  return `${actor.id}${JSON.stringify(actor.identity.claims)}\x1f`
}

/** A post by `actor`, written as they would write it (through the posts policies); its id. */
export async function postAs(db: Database, actor: Actor, photo = '1.png'): Promise<string> {
  const { rows } = await runAs<{ id: string }>(
    db,
    actor,
    'insert into posts (user_id, image_url) values ($1, $2) returning id',
    [actor.id, `https://example.test/storage/v1/object/public/images/posts/${actor.id}/${photo}`]
  )
  return rows[0].id
}

export type Outcome =
  | { ok: true; rowCount: number; rows: Record<string, unknown>[] }
  | { ok: false; code: string; message: string }

/** Like runAs, but a Postgres error becomes an outcome instead of a rejection. */
export async function attemptAs(
  db: Database,
  actor: Actor,
  sql: string,
  params: unknown[] = []
): Promise<Outcome> {
  try {
    const { rowCount, rows } = await runAs(db, actor, sql, params)
    return { ok: true, rowCount, rows }
  } catch (error) {
    if (isPostgresError(error)) return { ok: false, code: error.code ?? '', message: error.message }
    throw error
  }
}

/** Every row of `table` (a trusted, qualified name) in a stable order, to prove nothing changed. */
export async function snapshot(db: Queryable, table: string): Promise<string[]> {
  const { rows } = await db.query<{ row: string }>(
    `select to_jsonb(t)::text as row from ${table} t order by 1`
  )
  return rows.map((r) => r.row)
}

/**
 * Empties what `truncate auth.users, public.profiles, public.posts, public.likes, public.follows
 * cascade` would (those tables and every table that references them, found through their
 * foreign keys), then removes every stored object. As TRUNCATE does, it fires no trigger: the
 * rows are deleted with session_replication_role = replica, which skips triggers and foreign-key
 * checks. Not TRUNCATE itself, which gives every table and index new files and invalidates every
 * cached plan on them: ten times the CPU on PGlite, in every test that starts from empty tables.
 */
export async function resetData(db: Queryable): Promise<void> {
  await db.exec(`
    select set_config('session_replication_role', 'replica', true);
    do $$
    declare
      doomed regclass;
    begin
      for doomed in
        with recursive referencing(rel) as (
          select unnest(array['auth.users', 'public.profiles', 'public.posts', 'public.likes',
                              'public.follows']::regclass[])
          union
          select c.conrelid::regclass
          from pg_constraint c join referencing r on c.confrelid = r.rel
          where c.contype = 'f'
        )
        select rel from referencing
      loop
        execute format('delete from %s', doomed);
      end loop;
    end
    $$;
    select set_config('session_replication_role', 'origin', true);
    -- Empty already; deleted again with triggers on, so that the session counts a write to it and
    -- no reader's lists kept in the session outlive the reset (migration 20261127180200).
    delete from app_private.reader_lists;
    delete from storage.objects;
    delete from storage.buckets where id <> 'images';`)
}

class Rollback<T> extends Error {
  constructor(readonly result: T) {
    super('rolled back on purpose')
  }
}

/**
 * Runs `work` as the superuser in a transaction that is always rolled back, and returns what
 * it returned: for scratch objects (a table without RLS, a copy of a function) that must
 * never leak into the shared database.
 */
export async function inRolledBackTransaction<T>(
  db: Database,
  work: (tx: Queryable) => Promise<T>
): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await work(tx))
    })
  } catch (error) {
    if (error instanceof Rollback) return error.result as T
    throw error
  }
  throw new Error('unreachable: the transaction always throws')
}

/**
 * Switches `tx`, just opened on `db`, to `actor` with the statement every request starts with
 * (as-role.ts): role, claims and the caller's kept lists. For a test that goes on in the same
 * transaction as that caller, where runAs would open a transaction of its own.
 */
export async function startAs(db: Database, tx: Queryable, actor: Actor): Promise<void> {
  const { sql, params } = requestSettings(db, actor.identity, {
    method: 'POST',
    path: '/tests/sql'
  })
  await tx.query(sql, params)
}

/** Runs one statement under a savepoint and returns 'ok' or its SQLSTATE; `tx` stays usable. */
export async function sqlStateOf(
  tx: Queryable,
  sql: string,
  params: unknown[] = []
): Promise<string> {
  await tx.query('savepoint sql_state_of')
  try {
    await tx.query(sql, params)
    await tx.query('release savepoint sql_state_of')
    return 'ok'
  } catch (error) {
    await tx.query('rollback to savepoint sql_state_of')
    if (isPostgresError(error)) return error.code ?? 'unknown'
    throw error
  }
}

/**
 * Makes the account with this email a moderator, as the SQL editor of a hosted project (the
 * database owner) does: the service-role-only `grant_moderator`. False when no account has it.
 */
export async function grantModerator(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query<{ granted: boolean }>(
    'select public.grant_moderator($1) as granted',
    [email]
  )
  return rows[0]?.granted === true
}
