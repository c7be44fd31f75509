// What the REST API knows about the exposed schema, read from pg_catalog: tables and views
// with their columns and keys, foreign keys (for embedding) and functions (for rpc). Every
// identifier in a request is looked up here before it reaches SQL, so a name that is not in
// the live schema can never be spliced into a statement.

import type { Queryable } from '../db/database'

export const EXPOSED_SCHEMA = 'public'

export interface Column {
  name: string
  /** format_type() output, e.g. `uuid`, `timestamp with time zone`, `text[]`. */
  type: string
  notNull: boolean
  /** The DEFAULT expression as Postgres prints it (pg_get_expr), or null. */
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
  tables: Map<string, Table>
  foreignKeys: ForeignKey[]
  functions: Map<string, RoutineInfo[]>
}

interface TableRow {
  name: string
  kind: string
  rls: boolean
}
interface ColumnRow {
  table: string
  name: string
  type: string
  not_null: boolean
  default_expr: string | null
}
interface ConstraintRow {
  name: string
  type: string
  table: string
  columns: string[]
  ref_table: string | null
  ref_columns: string[] | null
}
interface FunctionRow {
  name: string
  volatility: string
  returns_set: boolean
  rows: number
  return_type: string
  return_relid_columns: { name: string; type: string }[] | null
  arg_names: string[] | null
  arg_modes: string[] | null
  arg_types: string[]
  input_arg_count: number
  default_count: number
}

const TABLES_SQL = `
  select c.relname as name, c.relkind::text as kind, c.relrowsecurity as rls
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')`

const COLUMNS_SQL = `
  select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
         a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as default_expr
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
    and a.attnum > 0 and not a.attisdropped
  order by c.relname, a.attnum`

// Column names in key order; foreign keys only when they point into the exposed schema,
// so profiles.id → auth.users is never offered as a relationship (real PostgREST does not
// embed through auth.users either: an app that relied on it would break on hosted Supabase).
const CONSTRAINTS_SQL = `
  select con.conname as name, con.contype::text as type, rel.relname as table,
         array(select a.attname::text from unnest(con.conkey) with ordinality k(num, ord)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num
               order by k.ord)::text[] as columns,
         frel.relname as ref_table,
         case when con.contype = 'f' then
           array(select a.attname::text from unnest(con.confkey) with ordinality k(num, ord)
                 join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num
                 order by k.ord)::text[] end as ref_columns
  from pg_constraint con
  join pg_class rel on rel.oid = con.conrelid
  join pg_namespace n on n.oid = rel.relnamespace
  left join pg_class frel on frel.oid = con.confrelid
  left join pg_namespace fn on fn.oid = frel.relnamespace
  where n.nspname = $1 and con.contype in ('p', 'u', 'f')
    and (con.contype <> 'f' or fn.nspname = $1)
  order by con.conname`

const FUNCTIONS_SQL = `
  select p.proname as name, p.provolatile::text as volatility, p.proretset as returns_set,
         p.prorows::float8 as rows,
         format_type(p.prorettype, null) as return_type,
         case when t.typrelid <> 0 then
           (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod))
                            order by a.attnum)
            from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped)
         end as return_relid_columns,
         p.proargnames::text[] as arg_names, p.proargmodes::text[] as arg_modes,
         array(select format_type(x.oid, null)
               from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality x(oid, ord)
               order by x.ord)::text[] as arg_types,
         p.pronargs::int as input_arg_count, p.pronargdefaults::int as default_count
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type t on t.oid = p.prorettype
  where n.nspname = $1 and p.prokind = 'f'`

const VOLATILITY = { i: 'immutable', s: 'stable', v: 'volatile' } as const

// Role settings for this database or all databases; the database-specific one wins.
const AGGREGATES_SETTING_SQL = `
  select split_part(setting, '=', 2) as value
  from pg_db_role_setting s
  join pg_roles r on r.oid = s.setrole
  cross join lateral unnest(s.setconfig) as setting
  where r.rolname = 'authenticator'
    and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
    and setting like 'pgrst.db_aggregates_enabled=%'
  order by s.setdatabase desc
  limit 1`

function toRoutine(row: FunctionRow, schema: string): RoutineInfo {
  const modes = row.arg_modes ?? row.arg_types.map(() => 'i')
  const names = row.arg_names ?? []
  const inputs: FunctionArg[] = []
  const outputs: Column[] = []
  row.arg_types.forEach((type, index) => {
    const mode = modes[index] ?? 'i'
    const name = names[index] ?? ''
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type, hasDefault: false })
    if (mode === 'o' || mode === 'b' || mode === 't') {
      outputs.push({ name, type, notNull: false, defaultExpr: null })
    }
  })
  // pronargdefaults counts the trailing input arguments that have defaults.
  for (let i = inputs.length - row.default_count; i < inputs.length; i++) {
    if (i >= 0) inputs[i].hasDefault = true
  }
  const relColumns = row.return_relid_columns?.map((c): Column => ({
    name: c.name,
    type: c.type,
    notNull: false,
    defaultExpr: null
  }))
  return {
    schema,
    name: row.name,
    args: inputs,
    returnType: row.return_type,
    returnsSet: row.returns_set,
    rows: Number(row.rows),
    resultColumns: relColumns ?? (outputs.length > 0 ? outputs : null),
    returnsVoid: row.return_type === 'void',
    volatility: VOLATILITY[row.volatility as keyof typeof VOLATILITY] ?? 'volatile'
  }
}

export async function loadSchemaCache(
  db: Queryable,
  schema: string = EXPOSED_SCHEMA
): Promise<SchemaCache> {
  const [tableRows, columnRows, constraintRows, functionRows, settingRows] = await Promise.all([
    db.query<TableRow>(TABLES_SQL, [schema]),
    db.query<ColumnRow>(COLUMNS_SQL, [schema]),
    db.query<ConstraintRow>(CONSTRAINTS_SQL, [schema]),
    db.query<FunctionRow>(FUNCTIONS_SQL, [schema]),
    db.query<{ value: string }>(AGGREGATES_SETTING_SQL)
  ])
  const tables = new Map<string, Table>()
  for (const row of tableRows.rows) {
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
  for (const row of columnRows.rows) {
    tables.get(row.table)?.columns.set(row.name, {
      name: row.name,
      type: row.type,
      notNull: row.not_null,
      defaultExpr: row.default_expr
    })
  }
  const foreignKeys: ForeignKey[] = []
  for (const row of constraintRows.rows) {
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
  const functions = new Map<string, RoutineInfo[]>()
  for (const row of functionRows.rows) {
    const routine = toRoutine(row, schema)
    functions.set(routine.name, [...(functions.get(routine.name) ?? []), routine])
  }
  addComputedFields(schema, tables, functions)
  const setting = settingRows.rows[0]?.value.trim().toLowerCase()
  const aggregatesSetting =
    setting === undefined ? null : ['true', 'on', '1', 'yes'].includes(setting)
  return { schema, aggregatesSetting, tables, foreignKeys, functions }
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
