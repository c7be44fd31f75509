// What the REST API knows about the exposed schema, read from pg_catalog: tables and views
// with their columns and keys, foreign keys (for embedding) and functions (for rpc). Every
// identifier in a request is looked up here before it reaches SQL, so a name that is not in
// the live schema can never be spliced into a statement.

import type { Queryable } from '../db/database'
import { readCatalog, toRoutine } from './catalog-queries'
import { viewColumnSources, viewForeignKeys } from './view-keys'

export const EXPOSED_SCHEMA = 'public'

export interface Column {
  name: string
  /** format_type() output, e.g. `uuid`, `timestamp with time zone`, `text[]`. */
  type: string
  notNull: boolean
  /** The DEFAULT expression as Postgres prints it (identity: its nextval), or null. */
  defaultExpr: string | null
}

export interface Table {
  /** The schema the table is in (one of the exposed schemas). */
  schema: string
  name: string
  isView: boolean
  /** Row level security is on (unknown counts as on: it hides the table's size). */
  rowSecurity?: boolean
  columns: Map<string, Column>
  primaryKey: string[]
  /** Primary key and unique constraints: column sets that identify one row. */
  uniqueKeys: string[][]
  /**
   * Computed fields: functions of one argument, this table's row type, returning a value that
   * is not a table's row (those are computed relationships). Selected, filtered and ordered by
   * name like columns, as PostgREST does.
   */
  computedFields?: Map<string, RoutineInfo>
}

export interface ForeignKey {
  name: string
  table: string
  columns: string[]
  refTable: string
  refColumns: string[]
}

export interface FunctionArg {
  name: string
  type: string
  hasDefault: boolean
}

export interface RoutineInfo {
  schema: string
  name: string
  args: FunctionArg[]
  returnType: string
  returnsSet: boolean
  /** The planner's row estimate (ROWS); 1 makes a set-returning function to-one when embedded. */
  rows: number
  /** Columns of the result when it is a row type (a table's row type, OUT or TABLE columns). */
  resultColumns: Column[] | null
  returnsVoid: boolean
  volatility: 'immutable' | 'stable' | 'volatile'
}

export interface SchemaCache {
  /** The exposed schema this cache describes. */
  schema: string
  /**
   * `pgrst.db_aggregates_enabled` set on the authenticator role, as hosted Supabase switches
   * aggregate functions on (`alter role authenticator set ...`); null when not set.
   */
  aggregatesSetting: boolean | null
  /** `pgrst.db_plan_enabled` on the authenticator role (explain()); null when not set. */
  planSetting: boolean | null
  tables: Map<string, Table>
  /** Foreign keys between tables, and those views keep from the tables they show. */
  foreignKeys: ForeignKey[]
  functions: Map<string, RoutineInfo[]>
}

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
