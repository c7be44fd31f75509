// The plan stage, between the parsed query string (parse-query.ts) and the SQL (build-*.ts), as
// PostgREST splits a request into request → plan → query → response. A plan says which
// relationship every embed goes through and has passed every check that needs no database:
// embed depth, one hint per embed, ambiguous or unknown relationships, spreads of to-many
// embeds, filters or paging for embeds the select does not have, the input bounds (bounds.ts)
// and the rows embeds below repeated rows may bring (repeated-rows.ts). Whatever is refused here is refused before any SQL is written; the builders
// only turn a plan into SQL. The planner's cost check (limits.ts) runs later, on the SQL.

import type { RestLimits } from '../request-limits'
import { checkFilterBounds, checkToManyEmbeds, checkWriteRows } from './bounds'
import { payloadRows } from './build-write'
import { spreadNotToOne } from './embed-source'
import { RestError } from './errors'
import { checkEmbedDepth } from './limits'
import { pathKey, type ParsedQuery, type Scoped, type SelectItem } from './query-ast'
import { isToOne, type Relationship } from './relationships'
import { checkRepeatedEmbedRows } from './repeated-rows'
import { resolveRelationship } from './resolve-relationship'
import type { SchemaCache, Table } from './schema-types'

export type EmbedItem = SelectItem & { kind: 'embed' }

export interface ReadPlan {
  query: ParsedQuery
  /** The relationship each embed of the select goes through. */
  relationships: Map<EmbedItem, Relationship>
  /** The path keys of the embeds, where filters and paging may apply. */
  paths: Set<string>
  /** How many one-to-many embeds the select has. */
  toManyEmbeds: number
  /** The first embed join name used twice on one level (Postgres refuses it: 42712). */
  duplicateJoin?: string
}

function tooManyHints(item: EmbedItem): RestError {
  return new RestError(
    400,
    'PGRST100',
    `"failed to parse select parameter (${item.name}!${item.hints.join('!')})"`,
    'An embed takes at most one hint besides !inner or !left'
  )
}

/** Filters, order or paging given for an embed that the select does not have: PGRST108. */
function checkScopes(query: ParsedQuery, paths: Set<string>): void {
  const scoped: Scoped<unknown>[] = [
    ...query.filters,
    ...query.order,
    ...query.limit,
    ...query.offset
  ]
  for (const { path } of scoped) {
    if (path.length > 0 && !paths.has(pathKey(path))) {
      const name = path[path.length - 1]
      throw new RestError(
        400,
        'PGRST108',
        `'${name}' is not an embedded resource in this request`,
        null,
        `Verify that '${name}' is included in the 'select' query parameter.`
      )
    }
  }
}

/**
 * The name PostgREST 12 gives an embed's lateral join: `<parent>_<alias or name>_<depth>`.
 * Two embeds of one level with the same name collide there, and Postgres refuses the
 * statement (42712): `users!first_user(*),users!second_user(*)` needs aliases.
 */
function joinName(parent: Table, item: EmbedItem, depth: number): string {
  return `${parent.name}_${item.alias ?? item.name}_${depth}`
}

function duplicateJoin(name: string): RestError {
  return new RestError(400, '42712', `table name "${name}" specified more than once`)
}

/** Resolves every embed of `items` (on `parent`) and those nested in them. */
function resolveEmbeds(
  cache: SchemaCache,
  parent: Table,
  items: SelectItem[],
  parentPath: string[],
  plan: ReadPlan
): void {
  const joins = new Set<string>()
  for (const item of items) {
    if (item.kind !== 'embed') continue
    const join = joinName(parent, item, parentPath.length + 1)
    if (joins.has(join)) plan.duplicateJoin ??= join
    joins.add(join)
    if (item.hints.length > 1) throw tooManyHints(item)
    const relationship = resolveRelationship(cache, parent, item.name, item.hints[0] ?? null)
    const toOne = isToOne(relationship)
    if (item.spread && !toOne) throw spreadNotToOne(parent.name, item.alias ?? item.name)
    if (!toOne) plan.toManyEmbeds += 1
    const path = [...parentPath, item.alias ?? item.name]
    plan.relationships.set(item, relationship)
    plan.paths.add(pathKey(path))
    resolveEmbeds(cache, relationship.target, item.select, path, plan)
  }
}

/**
 * Plans a read of `table` (or a write's returned rows, at most `rootRows`, or a function's
 * result rows).
 */
export function planRead(
  cache: SchemaCache,
  table: Table,
  query: ParsedQuery,
  limits: RestLimits,
  rootRows?: number
): ReadPlan {
  checkEmbedDepth(query.select, limits)
  checkFilterBounds(query, limits)
  const plan: ReadPlan = { query, relationships: new Map(), paths: new Set(), toManyEmbeds: 0 }
  resolveEmbeds(cache, table, query.select, [], plan)
  checkToManyEmbeds(plan.toManyEmbeds, limits)
  checkScopes(query, plan.paths)
  checkRepeatedEmbedRows(query, plan.relationships, limits, rootRows)
  // Postgres's error, so it comes after every refusal PostgREST makes before its SQL.
  if (plan.duplicateJoin) throw duplicateJoin(plan.duplicateJoin)
  return plan
}

/**
 * Plans a write: its filters and returned rows as a read, and the rows an insert carries
 * (payloadRows also refuses a body that is not objects).
 */
export function planWrite(
  cache: SchemaCache,
  table: Table,
  query: ParsedQuery,
  insertBody: unknown,
  limits: RestLimits
): ReadPlan {
  if (insertBody !== undefined) checkWriteRows(payloadRows(insertBody).length, limits)
  return planRead(cache, table, query, limits, limits.maxRowsPerWrite)
}
