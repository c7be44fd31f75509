// What the REST API knows about the exposed schema, read from pg_catalog: tables and views
// with their columns and keys, foreign keys (for embedding) and functions (for rpc). Every
// identifier in a request is looked up here before it reaches SQL, so a name that is not in
// the live schema can never be spliced into a statement.

import type { Queryable } from '../db/database'
import { readCatalog, toRoutine } from './catalog-queries'
import type { ForeignKey, RoutineInfo, SchemaCache, Table } from './schema-types'
import { viewColumnSources, viewForeignKeys } from './view-keys'

export const EXPOSED_SCHEMA = 'public'

function booleanSetting(value: string | undefined): boolean | null {
  return value === undefined
    ? null
    : ['true', 'on', '1', 'yes'].includes(value.trim().toLowerCase())
}

export async function loadSchemaCache(
  db: Queryable,
  schema: string = EXPOSED_SCHEMA
): Promise<SchemaCache> {
  const catalog = await readCatalog(db, schema)
  const tables = new Map<string, Table>()
  for (const row of catalog.tables) {
    tables.set(row.name, {
      schema,
      name: row.name,
      isView: row.kind === 'v' || row.kind === 'm',
      rowSecurity: row.rls,
      columns: new Map(),
      primaryKey: [],
      uniqueKeys: []
    })
  }
  for (const row of catalog.columns) {
    tables.get(row.table)?.columns.set(row.name, {
      name: row.name,
      type: row.type,
      notNull: row.not_null,
      defaultExpr: row.default_expr
    })
  }
  const foreignKeys: ForeignKey[] = []
  for (const row of catalog.constraints) {
    const table = tables.get(row.table)
    if (!table) continue
    if (row.type === 'p') table.primaryKey = row.columns
    if (row.type === 'p' || row.type === 'u') table.uniqueKeys.push(row.columns)
    if (row.type === 'f' && row.ref_table && row.ref_columns) {
      foreignKeys.push({
        name: row.name,
        table: row.table,
        columns: row.columns,
        refTable: row.ref_table,
        refColumns: row.ref_columns
      })
    }
  }
  const views = catalog.views.map((v) => ({ ...v, oid: Number(v.oid) }))
  const columns = catalog.columns.map((c) => ({
    relation: Number(c.table_oid),
    relationName: c.table,
    number: c.num,
    name: c.name
  }))
  const sources = viewColumnSources(views, columns, tables)
  foreignKeys.push(...viewForeignKeys(sources, tables, foreignKeys))
  const functions = new Map<string, RoutineInfo[]>()
  for (const row of catalog.functions) {
    const routine = toRoutine(row, schema)
    functions.set(routine.name, [...(functions.get(routine.name) ?? []), routine])
  }
  addComputedFields(schema, tables, functions)
  return {
    schema,
    aggregatesSetting: booleanSetting(catalog.settings.get('pgrst.db_aggregates_enabled')),
    planSetting: booleanSetting(catalog.settings.get('pgrst.db_plan_enabled')),
    tables,
    foreignKeys,
    functions
  }
}

/** A type name as format_type prints it, without the schema when it is `schema`. */
export function localTypeName(type: string, schema: string): string {
  return type.startsWith(`${schema}.`) ? type.slice(schema.length + 1) : type
}

function addComputedFields(
  schema: string,
  tables: Map<string, Table>,
  functions: Map<string, RoutineInfo[]>
): void {
  for (const routine of [...functions.values()].flat()) {
    if (routine.args.length !== 1 || routine.returnsSet || routine.returnsVoid) continue
    const table = tables.get(localTypeName(routine.args[0].type, schema))
    if (!table || tables.has(localTypeName(routine.returnType, schema))) continue
    if (table.columns.has(routine.name)) continue
    table.computedFields ??= new Map()
    table.computedFields.set(routine.name, routine)
  }
}

/** True when `columns` (in any order) are exactly one of the table's unique keys. */
export function isUniqueKey(table: Table, columns: string[]): boolean {
  const wanted = [...columns].sort().join('\u0000')
  return table.uniqueKeys.some((key) => [...key].sort().join('\u0000') === wanted)
}
