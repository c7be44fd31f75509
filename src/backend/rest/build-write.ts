// INSERT / UPSERT, UPDATE and DELETE statements, with PostgREST's statuses and bodies. The
// payload is bound once as JSON and expanded with json_populate_record(set), so Postgres does
// every type conversion.
// RETURNING is added only for `return=representation`: it makes RLS check SELECT policies too,
// which would turn a legal insert into a 42501. supabase-js sends no Prefer at all for a
// mutation without .select(), and then PostgREST returns nothing.

import { filterSql } from './build-filter'
import { ROOT_ALIAS, type ReadSource } from './read-source'
import { RestError, unknownPayloadColumn } from './errors'
import type { ParsedQuery } from './query-ast'
import type { Table } from './schema-types'
import { ident, qualified, type Params } from './sql'

export interface WritePreferences {
  returning: boolean
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null
  missingDefault: boolean
}

/** The changed rows as a read's source (`return=representation`). */
export function mutationSource(table: Table): ReadSource {
  return { table, from: `_pgrst_mutation as ${ROOT_ALIAS}`, alias: ROOT_ALIAS }
}

function checkColumns(table: Table, columns: string[]): void {
  for (const column of columns) {
    if (!table.columns.has(column)) throw unknownPayloadColumn(table.name, column)
  }
}

function invalidBody(message: string): RestError {
  return new RestError(400, 'PGRST102', message)
}

/** Rows of an insert body: one object or an array of objects. */
export function payloadRows(body: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(body) ? body : [body]
  for (const row of rows) {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) {
      throw invalidBody('All object keys must match')
    }
  }
  return rows as Record<string, unknown>[]
}

export function buildInsert(
  table: Table,
  body: unknown,
  query: ParsedQuery,
  preferences: WritePreferences,
  params: Params
): string {
  const rows = payloadRows(body)
  // Bulk inserts from supabase-js always carry columns=; single objects insert only their keys,
  // so the other columns get their DEFAULTs.
  const columns = query.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))]
  checkColumns(table, columns)
  const target = qualified(table.name, table.schema)
  // An upsert also reports which rows it inserted (xmax is 0 on a freshly inserted row).
  const returning = !preferences.returning
    ? ''
    : preferences.resolution
      ? ' returning *, (xmax = 0) as _pgrst_inserted'
      : ' returning *'
  if (columns.length === 0) {
    if (rows.length !== 1) throw invalidBody('Empty objects can only be inserted one at a time')
    return `insert into ${target} default values${returning}`
  }
  const columnList = columns.map(ident).join(', ')
  const select = preferences.missingDefault
    ? rowsWithDefaults(table, rows, columns, params)
    : `select ${columnList} from json_populate_recordset(null::${target}, ${params.add(JSON.stringify(rows))}::json)`
  let conflict = ''
  if (preferences.resolution) {
    const keys = query.onConflict ?? table.primaryKey
    if (keys.length === 0) {
      throw new RestError(
        400,
        'PGRST100',
        `Table '${table.name}' has no primary key; use on_conflict`
      )
    }
    checkColumns(table, keys)
    // A body of only the conflict columns still "updates" them (to the same values), so the
    // existing row is returned, as PostgREST does; `do nothing` would return nothing.
    const nonKeys = columns.filter((c) => !keys.includes(c))
    const updates = nonKeys.length > 0 ? nonKeys : columns
    conflict =
      preferences.resolution === 'ignore-duplicates'
        ? ` on conflict (${keys.map(ident).join(', ')}) do nothing`
        : ` on conflict (${keys.map(ident).join(', ')}) do update set ` +
          updates.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')
  }
  return `insert into ${target} (${columnList}) ${select}${conflict}${returning}`
}

/** Pairs per jsonb_build_object call: a function takes at most 100 arguments. */
const DEFAULT_PAIRS_PER_CALL = 50

/**
 * `Prefer: missing=default` as PostgREST 12 builds it: every row is the object of the named
 * columns' DEFAULTs overlaid with the row's own keys, so a key absent from a row takes the
 * column's DEFAULT (per row: gen_random_uuid() differs between rows) instead of NULL. Like
 * PostgREST, every DEFAULT is evaluated for every row, so an identity column's sequence
 * advances for rows that name their own id too. The DEFAULT expressions come from the catalog
 * (schema-cache.ts), never from the request.
 */
function rowsWithDefaults(
  table: Table,
  rows: Record<string, unknown>[],
  columns: string[],
  params: Params
): string {
  const pairs = columns.flatMap((name) => {
    const expression = table.columns.get(name)?.defaultExpr
    return expression ? [`${params.add(name)}::text, ${expression}`] : []
  })
  const objects: string[] = []
  for (let i = 0; i < pairs.length; i += DEFAULT_PAIRS_PER_CALL) {
    objects.push(`jsonb_build_object(${pairs.slice(i, i + DEFAULT_PAIRS_PER_CALL).join(', ')})`)
  }
  const defaults = objects.length > 0 ? `${objects.join(' || ')} || ` : ''
  const payload = params.add(JSON.stringify(rows))
  const filled =
    `(select jsonb_agg(${defaults}_pgrst_row.elem order by _pgrst_row.ord)` +
    ` from jsonb_array_elements(${payload}::jsonb) with ordinality as _pgrst_row(elem, ord))`
  return `select ${columns.map(ident).join(', ')} from jsonb_populate_recordset(null::${qualified(table.name, table.schema)}, ${filled})`
}

/**
 * UPDATE and DELETE refuse to run without a root filter, as Supabase's safeupdate does.
 * Filters on embeds only shape the returned representation (build-read.ts applies them).
 */
function rootWhere(table: Table, query: ParsedQuery, params: Params, verb: string): string {
  const conditions = query.filters
    .filter((f) => f.path.length === 0)
    .map((f) => filterSql(table, ROOT_ALIAS, f.value, params))
  if (conditions.length === 0) {
    throw new RestError(400, '21000', `${verb} requires a WHERE clause`)
  }
  return conditions.join(' and ')
}

/** Null when the body has no columns: nothing to update (PostgREST answers as for 0 rows). */
export function buildUpdate(
  table: Table,
  body: unknown,
  query: ParsedQuery,
  preferences: WritePreferences,
  params: Params
): string | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidBody('PATCH expects a single JSON object')
  }
  const columns = Object.keys(body)
  checkColumns(table, columns)
  const where = rootWhere(table, query, params, 'UPDATE')
  if (columns.length === 0) return null
  const target = qualified(table.name, table.schema)
  const payload = params.add(JSON.stringify(body))
  const set = columns.map((c) => `${ident(c)} = _pgrst_rec.${ident(c)}`).join(', ')
  return (
    `update ${target} as ${ROOT_ALIAS} set ${set}` +
    ` from json_populate_record(null::${target}, ${payload}::json) as _pgrst_rec where ${where}` +
    (preferences.returning ? ` returning ${ROOT_ALIAS}.*` : '')
  )
}

export function buildDelete(
  table: Table,
  query: ParsedQuery,
  preferences: WritePreferences,
  params: Params
): string {
  const where = rootWhere(table, query, params, 'DELETE')
  return (
    `delete from ${qualified(table.name, table.schema)} as ${ROOT_ALIAS} where ${where}` +
    (preferences.returning ? ` returning ${ROOT_ALIAS}.*` : '')
  )
}

/**
 * A mutation that returns its rows read as the select asks (`read` is built on
 * mutationSource). An upsert also says whether it inserted any row: a row's xmax is 0 right
 * after its insert, and one that only updated rows answers 200 instead of 201.
 */
export function returningStatement(
  table: Table,
  mutation: string,
  read: string,
  upsert: boolean
): string {
  if (!upsert) return `with _pgrst_mutation as (${mutation}) ${read}`
  const columns = [...table.columns.keys()].map(ident).join(', ')
  return (
    `with _pgrst_changed as (${mutation}),` +
    ` _pgrst_mutation as (select ${columns} from _pgrst_changed)` +
    ` select _pgrst_read.*,` +
    ` (select coalesce(bool_or(_pgrst_inserted), true) from _pgrst_changed) as inserted` +
    ` from (${read}) _pgrst_read`
  )
}
