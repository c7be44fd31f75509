// Runs work the way PostgREST and Storage do: one transaction, switched to the caller's role
// with the JWT claims set, so row-level security applies exactly as on hosted Supabase.
// PGlite and the server's connecting user are superusers; without this switch RLS is bypassed.

import type { Database, Statement, Transaction } from './database'
import type { RequestIdentity } from '../jwt'
import { keepsReaderLists } from './reader-lists'

export interface RequestInfo {
  method: string
  path: string
  /** Lower-cased header names; forwarded as request.headers for policies that read them. */
  headers?: Record<string, string | undefined>
  /** GET and HEAD run read-only, as PostgREST does; a write there fails with 25006. */
  readOnly?: boolean
  /**
   * How long the request may run: the watchdog's limit on PGlite (see
   * TransactionOptions.budgetMs); on PostgreSQL the statement_timeout of a role that has none
   * of its own (roleStatementTimeout).
   */
  budgetMs?: number
  /**
   * A request still waiting for the database after this long fails with DatabaseBusyError
   * instead of running late: its client has likely given up, and a queue behind one slow
   * request must drain rather than grow.
   */
  queueTimeoutMs?: number
  /** The search_path, already quoted; 'public, extensions' unless a schema was asked for. */
  searchPath?: string
  /** Who the request is for, so one caller cannot take a whole pool (TransactionOptions.holder). */
  holder?: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The start of the request settings that keeps a caller's lists for the transaction, with its
 * values ($10 on); nothing on a database that keeps none. It runs first, before the role switch:
 * the lists tell who blocked the caller, which no API role may read. Their key, in a setting of
 * its own (migration 20261127180000), is what app_rules.reader_key() reads: the claim.sub and
 * claims that requestSettings sets ($3, $2), then chr(31).
 * - PostgreSQL, and a visitor anywhere ($10 null, whose lists are empty): one primary-key read
 *   of app_private.reader_lists (migration 20261127170000).
 * - A signed-in caller on PGlite: the lists kept in the session ($11) while no write to that
 *   table came since (migration 20261127180200); otherwise the read, which keeps them there.
 */
function readerListsSettings(db: Database, sub: string | undefined): Required<Statement> {
  if (!keepsReaderLists(db)) return { sql: '', params: [] }
  const reader = sub !== undefined && UUID.test(sub) ? sub : null
  const key = `set_config('app_rules.reader_lists_key', $3 || $2 || chr(31), true),`
  if (db.kind === 'pglite' && reader !== null) {
    return {
      sql: `set_config('app_rules.reader_lists',
              case when split_part(current_setting($11, true), chr(30), 1)
                        = coalesce(nullif(current_setting('app_rules.reader_lists_generation',
                                                          true), ''), '0')
                   then split_part(current_setting($11, true), chr(30), 2)
                   else app_private.reader_lists_kept_in_session($10::uuid) end,
              true),
            ${key}`,
      params: [reader, `app_rules.kept_${reader.replaceAll('-', '')}`]
    }
  }
  return {
    sql: `set_config('app_rules.reader_lists', app_rules.reader_lists_of($10::uuid), true), ${key}`,
    params: [reader]
  }
}

/**
 * The statement_timeout a PostgreSQL request runs with: its role's own setting (`alter role
 * anon set statement_timeout = '3s'`, db/bootstrap-role-settings.ts; one made for this database
 * wins over the server-wide one), else the request's budget ($7). A role's settings apply only
 * when a session logs in as it, never after the `set local role` a request takes its caller's
 * role with, so they are read here, as PostgREST reads an impersonated role's settings. Read
 * before the role changes, as the server's own user. PGlite cannot cancel a statement: its
 * watchdog holds the budget instead ($7 is 0 there).
 */
function statementTimeoutSql(db: Database): string {
  if (db.kind !== 'postgres') return '$7'
  return `coalesce(
            (select substr(c, length('statement_timeout=') + 1)
             from pg_catalog.pg_db_role_setting s, unnest(s.setconfig) as c
             where s.setrole = to_regrole($1)
               and s.setdatabase in (0, (select oid from pg_catalog.pg_database
                                         where datname = current_database()))
               and starts_with(c, 'statement_timeout=')
             order by s.setdatabase desc limit 1),
            $7)`
}

/**
 * One statement sets read-only mode, timeout, role and claims. It waits for the transaction's
 * first statement and goes out with it (see Database.transaction). Exported so that tests can
 * start a transaction as a caller exactly as a request does.
 *
 * For a signed-in caller it also keeps their lists for the transaction (block partners, muted
 * people, the private people they follow: migrations 20261127160000, 160200 and 170000), which
 * nearly every read's policies ask for (readerListsSettings). Read here, they cost at most one
 * primary-key lookup in this statement rather than a function call on the first policy that
 * asks. They tell who blocked the caller, which no API role may read, so the statement must
 * open the transaction, while it still runs as the server's own user: under a caller's role it
 * is refused.
 */
export function requestSettings(
  db: Database,
  identity: RequestIdentity,
  request: RequestInfo
): Statement {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    // Never hand tokens to SQL that does not need them.
    if (value !== undefined && name !== 'authorization' && name !== 'apikey') headers[name] = value
  }
  const keepLists = readerListsSettings(db, identity.claims.sub)
  return {
    sql: `select ${keepLists.sql}
              set_config('statement_timeout', ${statementTimeoutSql(db)}, true),
              set_config('search_path', $9, true),
              set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', $3, true),
              set_config('request.jwt.claim.role', $1, true),
              set_config('request.method', $4, true),
              set_config('request.path', $5, true),
              set_config('request.headers', $6, true),
              set_config('transaction_read_only', $8, true)`,
    params: [
      identity.role,
      JSON.stringify(identity.claims),
      identity.claims.sub ?? '',
      request.method,
      request.path,
      JSON.stringify(headers),
      String(db.kind === 'postgres' ? (request.budgetMs ?? 0) : 0),
      request.readOnly ? 'on' : 'off',
      request.searchPath ?? 'public, extensions',
      ...keepLists.params
    ]
  }
}

export async function withRole<T>(
  db: Database,
  identity: RequestIdentity,
  request: RequestInfo,
  work: (tx: Transaction) => Promise<T>
): Promise<T> {
  return db.transaction(work, {
    prelude: [requestSettings(db, identity, request)],
    reuseStatements: true,
    budgetMs: request.budgetMs,
    queueTimeoutMs: request.queueTimeoutMs,
    holder: request.holder
  })
}
