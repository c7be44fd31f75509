// Runs work the way PostgREST and Storage do: one transaction, switched to the caller's role
// with the JWT claims set, so row-level security applies exactly as on hosted Supabase.
// PGlite and the server's connecting user are superusers; without this switch RLS is bypassed.

import type { Database, Statement, Transaction } from './database'
import type { RequestIdentity } from '../jwt'

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

/** A setting's value: bound as a parameter, or an SQL expression built with `param`. */
type SettingValue = string | ((param: (value: unknown) => string) => string)

/**
 * One `select set_config(name, value, true), …` for the rest of the transaction, set in the
 * order given. Names are this module's constants; every value is bound.
 */
export function setLocal(settings: [name: string, value: SettingValue][]): Required<Statement> {
  const params: unknown[] = []
  const param = (value: unknown): string => `$${params.push(value)}`
  const calls = settings.map(
    ([name, value]) =>
      `set_config('${name}', ${typeof value === 'string' ? param(value) : value(param)}, true)`
  )
  return { sql: `select ${calls.join(',\n       ')}`, params }
}

/** setLocal's parameters alone, in its order: for a statement whose text is already known. */
function setLocalParams(settings: [name: string, value: SettingValue][]): unknown[] {
  const params: unknown[] = []
  const param = (value: unknown): string => `$${params.push(value)}`
  for (const [, value] of settings) {
    if (typeof value === 'string') param(value)
    else value(param)
  }
  return params
}

/**
 * The caller's role and JWT claims as PostgREST sets them: what auth.uid(), auth.jwt() and
 * row-level security read. Every switch to a caller (a request, a realtime check) takes these.
 */
export function callerSettings(identity: RequestIdentity): [string, string][] {
  return [
    ['role', identity.role],
    ['request.jwt.claims', JSON.stringify(identity.claims)],
    ['request.jwt.claim.sub', identity.claims.sub ?? ''],
    ['request.jwt.claim.role', identity.role]
  ]
}

/**
 * The statement_timeout a PostgreSQL request runs with: its role's own setting (`alter role
 * anon set statement_timeout = '3s'`, db/bootstrap-role-settings.ts; one made for this database
 * wins over the server-wide one), else the request's budget. A role's settings apply only
 * when a session logs in as it, never after the `set local role` a request takes its caller's
 * role with, so they are read here, as PostgREST reads an impersonated role's settings. Read
 * before the role changes, as the server's own user. PGlite cannot cancel a statement: its
 * watchdog holds the budget instead (0 there).
 */
function statementTimeout(db: Database, role: string, budgetMs: number): SettingValue {
  if (db.kind !== 'postgres') return '0'
  return (param) => `coalesce(
            (select substr(c, length('statement_timeout=') + 1)
             from pg_catalog.pg_db_role_setting s, unnest(s.setconfig) as c
             where s.setrole = to_regrole(${param(role)})
               and s.setdatabase in (0, (select oid from pg_catalog.pg_database
                                         where datname = current_database()))
               and starts_with(c, 'statement_timeout=')
             order by s.setdatabase desc limit 1),
            ${param(String(budgetMs))})`
}

/** requestSettings' statement text, by Database.kind. */
const preludeSql = new Map<string, string>()

/**
 * One statement sets read-only mode, timeout, role and claims. It waits for the transaction's
 * first statement and goes out with it (see Database.transaction). Exported so that tests can
 * start a transaction as a caller exactly as a request does.
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
  const settings: [string, SettingValue][] = [
    ['statement_timeout', statementTimeout(db, identity.role, request.budgetMs ?? 0)],
    ['search_path', request.searchPath ?? 'public, extensions'],
    ...callerSettings(identity),
    ['request.method', request.method],
    ['request.path', request.path],
    ['request.headers', JSON.stringify(headers)],
    ['transaction_read_only', request.readOnly ? 'on' : 'off']
  ]
  // The text is the same for every request on a kind of database: built once, it is one string
  // that the statement caches find by its hash, kept, rather than a new one hashed in full.
  const sql = preludeSql.get(db.kind)
  if (sql === undefined) {
    const statement = setLocal(settings)
    preludeSql.set(db.kind, statement.sql)
    return statement
  }
  return { sql, params: setLocalParams(settings) }
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
    planRole: identity.role,
    budgetMs: request.budgetMs,
    queueTimeoutMs: request.queueTimeoutMs,
    holder: request.holder
  })
}
