// Whether a change is visible to one identity, and which of its subscribers' filters it
// matches. Row-level security decides: for an INSERT or UPDATE the identity selects the row
// back by primary key as itself (as hosted Realtime's `walrus_rls_stmt` does, so a row deleted
// before its check reaches no one there either); for a DELETE the table's SELECT policies are evaluated, as
// that identity, against the old row the trigger captured. The policies see that row under the
// table's own name, since a policy may name its table (`where p.id = likes.post_id`).
//
// Filters are evaluated in SQL in bounded chunks (REALTIME_LIMITS.filtersPerStatement per
// statement), the row and the first chunk together, so the usual few filters cost one
// statement. Every anonymous subscriber shares one identity, so one client's filters must never
// break another's delivery: before, 70,000 filters made one statement too large to run, after
// which no anonymous subscriber received anything. A chunk that fails (a filter whose value
// cannot be cast, a pattern the engine rejects) is evaluated again one filter at a time, so only
// the failing filters match nothing; a filter that failed alone is remembered and not run again
// (its value is constant, so it would fail on every change).

import { withRole } from '../db/as-role'
import { DEFAULT_REST_LIMITS } from '../request-limits'
import { isPostgresError, type Database } from '../db/database'
import type { RequestIdentity } from '../jwt'
import { Params, ident } from '../rest/sql'
import { conditionsSql, type Binding } from './bindings'
import type { Change } from './changes'
import { REALTIME_LIMITS } from './limits'
import type { PublishedTable } from './published-tables'

export interface Visibility {
  /** The row as this identity may read it; null when it may not. */
  record: Record<string, unknown> | null
  /** Per distinct filter text: did the row match it. */
  matches: Map<string, boolean>
}

// A change's visibility check is a request like any other: past the budget the engine stops it.
const READ_ONLY = {
  method: 'GET',
  path: '/realtime/v1/websocket',
  readOnly: true,
  budgetMs: DEFAULT_REST_LIMITS.requestBudgetMs
}
/** Not allowed to read the table at all: not visible, not an error worth logging. */
const PERMISSION_DENIED = '42501'

/**
 * Whether `role`'s SELECT would have returned the row `_t0`: the USING expressions of the
 * policies that apply to it, combined as Postgres does (any permissive one, and every
 * restrictive one). No RLS on the table: every row.
 */
export function selectPolicySql(table: PublishedTable, role: string): string {
  if (!table.rowSecurity) return 'true'
  const applying = table.selectPolicies.filter(
    (policy) => policy.roles.includes('public') || policy.roles.includes(role)
  )
  const permissive = applying
    .filter((policy) => policy.permissive)
    .map((policy) => (policy.using ? `(${policy.using})` : 'false'))
  const restrictive = applying
    .filter((policy) => !policy.permissive && policy.using)
    .map((policy) => `(${policy.using})`)
  if (permissive.length === 0) return 'false'
  return [`(${permissive.join(' or ')})`, ...restrictive].join(' and ')
}

type Outcome =
  | { kind: 'visible'; record: Record<string, unknown>; matches: boolean[] }
  | { kind: 'unseen' }
  | { kind: 'failed' }

/** One statement: the row under the identity's RLS and whether it matches each filter. */
async function evaluate(
  db: Database,
  table: PublishedTable,
  change: Change,
  identity: RequestIdentity,
  filters: Binding[]
): Promise<Outcome> {
  const params = new Params()
  const matchSql = filters
    .map((binding) => `coalesce(${conditionsSql(binding.conditions, table, params)}, false)`)
    .join(', ')
  const relation = `${ident(table.schema)}.${ident(table.name)}`
  let sql: string
  if (change.type === 'DELETE') {
    const old = params.add(JSON.stringify(change.old))
    const name = params.add(relation)
    sql = `select has_table_privilege(${name}::text, 'SELECT')
                  and (coalesce((select r.rolbypassrls from pg_catalog.pg_roles r
                                 where r.rolname = current_user), false)
                       or coalesce((select ${selectPolicySql(table, identity.role)}
                                    from (select _t0.*) as ${ident(table.name)}), false)) as visible,
                  '{}'::jsonb as record, array[${matchSql}]::boolean[] as matches
           from jsonb_populate_record(null::${relation}, ${old}::jsonb) as _t0`
  } else {
    const keyMatch = table.primaryKey
      .map((column) => `_t0.${ident(column)} = ${params.add(change.key[column])}`)
      .join(' and ')
    sql = `select true as visible, to_jsonb(_t0.*) as record,
                  array[${matchSql}]::boolean[] as matches
           from ${relation} as _t0 where ${keyMatch}`
  }
  try {
    const { rows } = await withRole(db, identity, READ_ONLY, (tx) =>
      tx.query<{ visible: boolean; record: Record<string, unknown>; matches: boolean[] }>(
        sql,
        params.values
      )
    )
    const row = rows[0]
    if (!row || !row.visible) return { kind: 'unseen' }
    return { kind: 'visible', record: row.record, matches: row.matches }
  } catch (error) {
    if (isPostgresError(error) && error.code === PERMISSION_DENIED) return { kind: 'unseen' }
    if (filters.length <= 1) {
      console.error(`[realtime] checking a change on ${relation} failed`, error)
    }
    return { kind: 'failed' }
  }
}

/** `schema.table` + filter text of filters that failed on their own; bounded, then forgotten. */
const brokenFilters = new Set<string>()
const MAX_REMEMBERED = 10_000
const brokenKey = (table: PublishedTable, text: string): string =>
  `${table.schema}.${table.name}\0${text}`

function rememberBroken(table: PublishedTable, text: string): void {
  if (brokenFilters.size >= MAX_REMEMBERED) brokenFilters.clear()
  brokenFilters.add(brokenKey(table, text))
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size))
  return out.length > 0 ? out : [[]]
}

/** Whether `identity` may see the changed row, and which of `bindings`' filters it matches. */
export async function checkVisibility(
  db: Database,
  table: PublishedTable,
  change: Change,
  identity: RequestIdentity,
  bindings: Binding[]
): Promise<Visibility> {
  const byText = new Map<string, Binding>()
  for (const binding of bindings) byText.set(binding.filterText, binding)
  const texts = [...byText.keys()].filter((text) => !brokenFilters.has(brokenKey(table, text)))
  if (change.type === 'DELETE' && !change.old) {
    // Too large to capture: without the old row neither policies nor filters can be checked.
    const open = !table.rowSecurity
    return { record: open ? {} : null, matches: new Map(texts.map((t) => [t, t === ''])) }
  }
  const unseen: Visibility = { record: null, matches: new Map() }
  const matches = new Map<string, boolean>()
  let record: Record<string, unknown> | null = null
  for (const group of chunks(texts, REALTIME_LIMITS.filtersPerStatement)) {
    const filters = group.map((text) => byText.get(text)!)
    const outcome = await evaluate(db, table, change, identity, filters)
    if (outcome.kind === 'unseen') return unseen
    if (outcome.kind === 'visible') {
      record ??= outcome.record
      group.forEach((text, index) => matches.set(text, outcome.matches[index] === true))
      continue
    }
    // One filter of the chunk broke the statement: each alone, so only that one is lost.
    for (const [index, text] of group.entries()) {
      const alone = await evaluate(db, table, change, identity, [filters[index]])
      if (alone.kind === 'unseen') return unseen
      if (alone.kind === 'visible') record ??= alone.record
      if (alone.kind === 'failed') rememberBroken(table, text)
      matches.set(text, alone.kind === 'visible' && alone.matches[0] === true)
    }
    if (!record) {
      const row = await evaluate(db, table, change, identity, [])
      if (row.kind !== 'visible') return unseen
      record = row.record
    }
  }
  return record ? { record, matches } : unseen
}
