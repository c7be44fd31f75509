// The `postgres_changes` bindings of a join: which changes a channel wants. Filters use
// Realtime's `column=op.value` grammar (several joined by commas mean AND, `not.` negates),
// parsed with the REST layer's PostgREST grammar and checked against the table's columns, so
// they become SQL only through filterSql (identifiers from the catalog, values bound).

import { filterSql } from '../rest/build-filter'
import type { Condition } from '../rest/query-ast'
import { parseField, splitTopLevel } from '../rest/parse-field'
import { parseOperation } from '../rest/parse-filter'
import type { Params } from '../rest/sql'
import { REALTIME_LIMITS } from './limits'
import { PUBLICATION, tableKey, type PublishedTable } from './published-tables'

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE'
const EVENTS = ['*', 'INSERT', 'UPDATE', 'DELETE'] as const
type BindingEvent = (typeof EVENTS)[number]

/**
 * The operators hosted Realtime accepts in postgres_changes filters, and no others: each filter
 * is evaluated for every change of its table, so a pattern or regular expression would be a
 * match per change and subscriber (100 `match` filters on comments held PGlite 5.1 s for one
 * insert), and an app that used one here would break on a hosted project.
 */
const OPERATORS = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'])

export interface Binding {
  /** Sent back in the join reply; each change names the bindings it matched by these ids. */
  id: number
  event: BindingEvent
  schema: string
  /** null: every published table of the schema. */
  table: string | null
  /** The filter exactly as the client sent it, the key for sharing one check across bindings. */
  filterText: string
  conditions: Condition[]
  /** Only these columns in `record` (the `select` option), or all. */
  select: string[] | null
  /** What the join reply lists for this binding: the client's own params plus the id. */
  reply: Record<string, unknown>
}

export class BindingError extends Error {}

function parseFilter(text: string, table: PublishedTable): Condition[] {
  if (Buffer.byteLength(text) > REALTIME_LIMITS.filterBytesPerBinding) {
    throw new BindingError(
      `The filter is longer than ${REALTIME_LIMITS.filterBytesPerBinding} bytes`
    )
  }
  return splitTopLevel(text, ',').map((part) => {
    const equals = part.indexOf('=')
    if (equals <= 0) {
      throw new BindingError(`Filter "${part}" is not column=operator.value (e.g. id=eq.1)`)
    }
    let condition: Condition
    try {
      condition = parseOperation(parseField(part.slice(0, equals)), part.slice(equals + 1), true)
    } catch (error) {
      throw new BindingError(`Filter "${part}": ${(error as Error).message}`)
    }
    if (condition.field.jsonPath.length > 0 || condition.modifier) {
      throw new BindingError(`Filter "${part}": only plain column=operator.value is supported`)
    }
    if (!OPERATORS.has(condition.op)) {
      throw new BindingError(
        `Filter "${part}": operator ${condition.op} is not one of ${[...OPERATORS].join(', ')}`
      )
    }
    if (!table.columns.has(condition.field.name)) {
      throw new BindingError(
        `Filter "${part}": ${table.schema}.${table.name} has no column ${condition.field.name}`
      )
    }
    return condition
  })
}

function parseSelect(value: unknown, table: PublishedTable | null): string[] | null {
  if (value === undefined || value === null) return null
  if (!Array.isArray(value) || value.some((column) => typeof column !== 'string')) {
    throw new BindingError('select must be a list of column names')
  }
  if (!table) throw new BindingError('select needs a table')
  for (const column of value as string[]) {
    if (!table.columns.has(column)) {
      throw new BindingError(`select: ${table.schema}.${table.name} has no column ${column}`)
    }
  }
  return value as string[]
}

function parseOne(raw: unknown, id: number, tables: Map<string, PublishedTable>): Binding {
  if (typeof raw !== 'object' || raw === null) {
    throw new BindingError('Each postgres_changes entry must be an object')
  }
  const params = raw as Record<string, unknown>
  const event = typeof params.event === 'string' ? params.event.toUpperCase() : ''
  if (!(EVENTS as readonly string[]).includes(event)) {
    throw new BindingError(`postgres_changes event must be one of ${EVENTS.join(', ')}`)
  }
  const schema = params.schema
  if (typeof schema !== 'string' || !schema) {
    throw new BindingError('postgres_changes needs a schema (e.g. public)')
  }
  const tableName =
    params.table === undefined || params.table === null || params.table === '*'
      ? null
      : params.table
  if (tableName !== null && typeof tableName !== 'string') {
    throw new BindingError('postgres_changes table must be a string')
  }
  const table = tableName === null ? null : tables.get(tableKey(schema, tableName))
  if (tableName !== null && !table) {
    throw new BindingError(
      `${schema}.${tableName} is not in the ${PUBLICATION} publication, so its changes are not ` +
        `streamed (a migration adds it: alter publication ${PUBLICATION} add table ${schema}.${tableName})`
    )
  }
  const filter = params.filter
  if (filter !== undefined && filter !== null && typeof filter !== 'string') {
    throw new BindingError('postgres_changes filter must be a string')
  }
  const filterText = typeof filter === 'string' ? filter.trim() : ''
  if (filterText && !table) throw new BindingError('A filter needs a table')
  return {
    id,
    event: event as BindingEvent,
    schema,
    table: tableName,
    filterText,
    conditions: filterText && table ? parseFilter(filterText, table) : [],
    select: parseSelect(params.select, table ?? null),
    reply: { ...params, id }
  }
}

/** Validates a join's `config.postgres_changes`; `nextId` numbers the bindings. */
export function parseBindings(
  raw: unknown,
  tables: Map<string, PublishedTable>,
  nextId: () => number
): Binding[] {
  if (raw === undefined || raw === null) return []
  if (!Array.isArray(raw)) throw new BindingError('config.postgres_changes must be a list')
  if (raw.length > REALTIME_LIMITS.bindingsPerChannel) {
    throw new BindingError(
      `At most ${REALTIME_LIMITS.bindingsPerChannel} postgres_changes per channel`
    )
  }
  return raw.map((entry) => parseOne(entry, nextId(), tables))
}

export function bindingMatches(
  binding: Binding,
  schema: string,
  table: string,
  type: ChangeType
): boolean {
  return (
    binding.schema === schema &&
    (binding.table === null || binding.table === table) &&
    (binding.event === '*' || binding.event === type)
  )
}

/** The binding's filter as a boolean SQL expression over alias `_t0` (true when it has none). */
export function conditionsSql(
  conditions: Condition[],
  table: PublishedTable,
  params: Params
): string {
  if (conditions.length === 0) return 'true'
  return conditions
    .map((condition) => `(${filterSql(table, '_t0', condition, params)})`)
    .join(' and ')
}
