// Filters, logic trees and ORDER BY terms as SQL for one table alias. Column names must exist
// in the schema cache; values are bound as untyped parameters so Postgres coerces them to the
// column's type, as PostgREST does.

import { parseError, RestError, unknownColumn } from './errors'
import type { Condition, Field, Filter, OrderTerm } from './query-ast'
import type { Table } from './schema-types'
import { ident, qualified, type Params } from './sql'

/**
 * A column, or a computed field called with the row (cast to the table's type, since the row
 * may be a mutation's result), by name: what a select, filter or order term names. `label` is
 * the name Postgres would give the relation in an error: the table's, or an embed's alias
 * (`messages_1`, build-read.ts).
 */
function columnSql(table: Table, alias: string, name: string, label: string): string {
  if (table.columns.has(name)) return `${alias}.${ident(name)}`
  const computed = table.computedFields?.get(name)
  if (!computed) throw unknownColumn(label, name)
  const rowType = qualified(table.name, table.schema)
  return `${qualified(computed.name, computed.schema)}(${alias}::${rowType})`
}

/** The SQL for a column reference with an optional JSON path (`data->'a'->>'b'`). */
export function fieldSql(
  table: Table,
  alias: string,
  field: Field,
  params: Params,
  label = table.name
): string {
  let sql = columnSql(table, alias, field.name, label)
  for (const step of field.jsonPath) {
    const key = typeof step.key === 'number' ? String(step.key) : `${params.add(step.key)}::text`
    sql = `${sql}${step.arrow}${key}`
  }
  return sql
}

const COMPARISONS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  // nxr: "does not extend to the right of" is &<; nxl: "does not extend to the left of" is &>.
  nxr: '&<',
  nxl: '&>',
  adj: '-|-'
}

const TS_QUERY: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery'
}

const IS_VALUES: Record<string, string> = {
  null: 'null',
  not_null: 'not null',
  true: 'true',
  false: 'false',
  unknown: 'unknown'
}

function conditionSql(
  table: Table,
  alias: string,
  condition: Condition,
  params: Params,
  label: string
): string {
  const lhs = fieldSql(table, alias, condition.field, params, label)
  const { op, modifier } = condition
  const value = condition.value
  let sql: string
  if (op === 'in') {
    const list = value as string[]
    sql = list.length === 0 ? 'false' : `${lhs} in (${list.map((v) => params.add(v)).join(', ')})`
  } else if (op === 'is') {
    const keyword = IS_VALUES[String(value).toLowerCase()]
    if (!keyword) {
      throw parseError(
        'filter',
        `is.${String(value)}`,
        'is accepts null, not_null, true, false or unknown'
      )
    }
    sql = `${lhs} is ${keyword}`
  } else if (op === 'isdistinct') {
    sql = `${lhs} is distinct from ${params.add(value)}`
  } else if (op in TS_QUERY) {
    const config = modifier ? `${params.add(modifier)}::regconfig, ` : ''
    const column = table.columns.get(condition.field.name)
    const vector =
      column?.type === 'tsvector' && condition.field.jsonPath.length === 0
        ? lhs
        : `to_tsvector(${config}${lhs})`
    sql = `${vector} @@ ${TS_QUERY[op]}(${config}${params.add(value)})`
  } else {
    const operator = COMPARISONS[op]
    const text = op === 'like' || op === 'ilike' ? String(value).replace(/\*/g, '%') : value
    if (modifier === 'any' || modifier === 'all') {
      // eq(any).{a,b}: the value is an array literal, coerced to the column's array type.
      sql = `${lhs} ${operator} ${modifier}(${params.add(text)})`
    } else if (modifier) {
      throw parseError('filter', `${op}(${modifier})`, `Unknown modifier ${modifier}`)
    } else {
      sql = `${lhs} ${operator} ${params.add(text)}`
    }
  }
  return condition.negated ? `not (${sql})` : sql
}

export function filterSql(
  table: Table,
  alias: string,
  filter: Filter,
  params: Params,
  label = table.name
): string {
  if (filter.kind === 'condition') return conditionSql(table, alias, filter, params, label)
  if (filter.children.length === 0) {
    throw new RestError(400, 'PGRST100', `"failed to parse logic tree (${filter.op}=())"`)
  }
  const joined = filter.children
    .map((child) => `(${filterSql(table, alias, child, params, label)})`)
    .join(filter.op === 'and' ? ' and ' : ' or ')
  return filter.negated ? `not (${joined})` : `(${joined})`
}

export function orderSql(
  table: Table,
  alias: string,
  terms: OrderTerm[],
  params: Params,
  label = table.name
): string {
  return terms
    .map((term) => {
      const nulls = term.nulls ? ` nulls ${term.nulls}` : ''
      const field = fieldSql(table, alias, term.field, params, label)
      return `${field} ${term.descending ? 'desc' : 'asc'}${nulls}`
    })
    .join(', ')
}
