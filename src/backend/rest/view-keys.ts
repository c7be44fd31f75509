// Relationships through views, as PostgREST's schema cache finds them: a view column that is a
// plain column of a table (or of another view, followed down) keeps that column's keys. So a
// view over `posts` that shows `user_id` embeds `profiles` through the same foreign key, and
// `profiles` embeds the view back; a view showing all of a table's primary key has it as its
// own. Which table column a view column shows is read from the view's stored query tree
// (pg_rewrite.ev_action): each top-level target entry names its origin (`:resorigtbl`,
// `:resorigcol`), which Postgres fills in only for plain column references.

import type { ForeignKey, Table } from './schema-types'

/** The top-level target entries of a stored view query: view column number → origin. */
interface Origin {
  relation: number
  column: number
}

/** A view's stored query text, and where its columns come from once resolved. */
export interface ViewDefinition {
  oid: number
  name: string
  definition: string
}

/** A column of a relation of the exposed schema, by the relation's oid and its attnum. */
export interface CatalogColumn {
  relation: number
  relationName: string
  number: number
  name: string
}

/**
 * The target entries of the outermost query of a view: `:targetList` at the query's own
 * depth, then each `{TARGETENTRY ...}`'s own fields (nested expressions skipped). Node text
 * escapes its special characters with a backslash, so escaped characters never nest.
 */
export function viewOrigins(definition: string): Map<number, Origin> {
  const origins = new Map<number, Origin>()
  let depth = 0
  let inTargets = false
  let entry = ''
  for (let i = 0; i < definition.length; i++) {
    const char = definition[i]
    if (char === '\\') {
      if (depth === 4 && inTargets) entry += char + (definition[i + 1] ?? '')
      i++
      continue
    }
    if (char === '(' || char === '{') {
      depth++
      if (depth === 4 && inTargets) entry = ''
      continue
    }
    if (char === ')' || char === '}') {
      if (depth === 4 && inTargets) addOrigin(origins, entry)
      if (depth === 3 && inTargets) return origins
      depth--
      continue
    }
    if (depth === 4 && inTargets) entry += char
    else if (depth === 2 && definition.startsWith(':targetList ', i)) inTargets = true
  }
  return origins
}

function addOrigin(origins: Map<number, Origin>, entry: string): void {
  const field = (name: string): number => Number(new RegExp(`:${name} (\\d+)`).exec(entry)?.[1])
  const resno = field('resno')
  const relation = field('resorigtbl')
  const column = field('resorigcol')
  if (resno > 0 && relation > 0 && column > 0) origins.set(resno, { relation, column })
}

/** Per view name: view column → the table column (table name, column name) it shows. */
type ColumnSources = Map<string, Map<string, { table: string; column: string }>>

/** Follows each view column down through views to a column of a table, when it is one. */
export function viewColumnSources(
  views: ViewDefinition[],
  columns: CatalogColumn[],
  tables: Map<string, Table>
): ColumnSources {
  const byNumber = new Map(columns.map((c) => [`${c.relation}:${c.number}`, c]))
  const origins = new Map(views.map((v) => [v.oid, viewOrigins(v.definition)]))
  const resolve = (relation: number, column: number, hops: number): CatalogColumn | null => {
    const found = byNumber.get(`${relation}:${column}`)
    if (!found) return null
    const origin = origins.get(relation)?.get(column)
    if (!origin) return tables.get(found.relationName)?.isView ? null : found
    return hops > 16 ? null : resolve(origin.relation, origin.column, hops + 1)
  }
  const sources: ColumnSources = new Map()
  for (const view of views) {
    const mapped = new Map<string, { table: string; column: string }>()
    for (const [number, origin] of origins.get(view.oid) ?? []) {
      const own = byNumber.get(`${view.oid}:${number}`)
      const base = resolve(origin.relation, origin.column, 0)
      if (own && base) mapped.set(own.name, { table: base.relationName, column: base.name })
    }
    sources.set(view.name, mapped)
  }
  return sources
}

/** The columns of `view` that show `columns` of `table`, in order, or null if one is hidden. */
function viewColumnsFor(
  sources: ColumnSources,
  view: string,
  table: string,
  columns: string[]
): string[] | null {
  const mapped = [...(sources.get(view) ?? [])]
  const found = columns.map(
    (column) => mapped.find(([, s]) => s.table === table && s.column === column)?.[0]
  )
  return found.every((c) => c !== undefined) ? (found as string[]) : null
}

/** A relation and its columns standing in for a table's key columns: the table or a view. */
function standIns(
  sources: ColumnSources,
  table: string,
  columns: string[]
): { table: string; columns: string[] }[] {
  const found = [{ table, columns }]
  for (const view of sources.keys()) {
    const viewColumns = viewColumnsFor(sources, view, table, columns)
    if (viewColumns) found.push({ table: view, columns: viewColumns })
  }
  return found
}

/**
 * Gives each view the keys of the tables it shows whole (so a view can be one-to-one and a
 * join table, as in PostgREST), and returns the foreign keys between views and tables that
 * the tables' foreign keys give: from a view, to a view, or between two views.
 */
export function viewForeignKeys(
  sources: ColumnSources,
  tables: Map<string, Table>,
  foreignKeys: ForeignKey[]
): ForeignKey[] {
  for (const view of sources.keys()) {
    const target = tables.get(view)
    if (!target) continue
    for (const table of new Set([...(sources.get(view)?.values() ?? [])].map((s) => s.table))) {
      const base = tables.get(table)
      for (const key of base?.uniqueKeys ?? []) {
        const columns = viewColumnsFor(sources, view, table, key)
        if (!columns) continue
        target.uniqueKeys.push(columns)
        if (base?.primaryKey === key && target.primaryKey.length === 0) {
          target.primaryKey = columns
        }
      }
    }
  }
  const derived: ForeignKey[] = []
  for (const fk of foreignKeys) {
    for (const from of standIns(sources, fk.table, fk.columns)) {
      for (const to of standIns(sources, fk.refTable, fk.refColumns)) {
        if (from.table === fk.table && to.table === fk.refTable) continue
        derived.push({
          name: fk.name,
          table: from.table,
          columns: from.columns,
          refTable: to.table,
          refColumns: to.columns
        })
      }
    }
  }
  return derived
}
