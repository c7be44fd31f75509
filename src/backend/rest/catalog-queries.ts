// The catalog queries behind the schema cache (schema-cache.ts): tables and views with their
// columns, keys and foreign keys, views' stored queries (view-keys.ts), functions, and the
// authenticator role's PostgREST settings, each read for one exposed schema.

import type { Queryable } from '../db/database'
import type { Column, FunctionArg, RoutineInfo } from './schema-types'

export interface TableRow {
  oid: number | string
  name: string
  kind: string
  rls: boolean
}
export interface ColumnRow {
  table_oid: number | string
  table: string
  num: number
  name: string
  type: string
  not_null: boolean
  default_expr: string | null
}
export interface ConstraintRow {
  name: string
  type: string
  table: string
  columns: string[]
  ref_table: string | null
  ref_columns: string[] | null
}
export interface FunctionRow {
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
  select c.oid::int8 as oid, c.relname as name, c.relkind::text as kind, c.relrowsecurity as rls
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')`

const COLUMNS_SQL = `
  select c.oid::int8 as table_oid, c.relname as table, a.attnum::int as num, a.attname as name,
         format_type(a.atttypid, a.atttypmod) as type,
         a.attnotnull as not_null,
         -- As PostgREST's schema cache has it: an identity column's default is its sequence's
         -- nextval, a generated column has none.
         case when a.attidentity <> ''
                then format('nextval(%L::regclass)',
                            pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
              when a.attgenerated <> '' then null
              else pg_get_expr(d.adbin, d.adrelid) end as default_expr
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

export function toRoutine(row: FunctionRow, schema: string): RoutineInfo {
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

export interface ViewRow {
  oid: number | string
  name: string
  definition: string
}

// The `_RETURN` rule of a view holds its query tree; ev_action prints it as node text.
const VIEWS_SQL = `
  select c.oid::int8 as oid, c.relname as name, r.ev_action::text as definition
  from pg_rewrite r
  join pg_class c on c.oid = r.ev_class
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('v', 'm') and r.rulename = '_RETURN'`

export interface SettingRow {
  name: string
  value: string
}

// PostgREST settings on the authenticator role, as hosted Supabase switches features on
// (`alter role authenticator set pgrst.db_plan_enabled to 'true'`), for this database or all
// databases; the database-specific one wins.
const SETTINGS_SQL = `
  select distinct on (split_part(setting, '=', 1))
         split_part(setting, '=', 1) as name, split_part(setting, '=', 2) as value
  from pg_db_role_setting s
  join pg_roles r on r.oid = s.setrole
  cross join lateral unnest(s.setconfig) as setting
  where r.rolname = 'authenticator'
    and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
    and split_part(setting, '=', 1) in ('pgrst.db_aggregates_enabled', 'pgrst.db_plan_enabled')
  order by split_part(setting, '=', 1), s.setdatabase desc`

export interface CatalogRows {
  tables: TableRow[]
  columns: ColumnRow[]
  constraints: ConstraintRow[]
  functions: FunctionRow[]
  views: ViewRow[]
  /** The authenticator's `pgrst.*` settings by name. */
  settings: Map<string, string>
}

export async function readCatalog(db: Queryable, schema: string): Promise<CatalogRows> {
  const [tables, columns, constraints, functions, views, settings] = await Promise.all([
    db.query<TableRow>(TABLES_SQL, [schema]),
    db.query<ColumnRow>(COLUMNS_SQL, [schema]),
    db.query<ConstraintRow>(CONSTRAINTS_SQL, [schema]),
    db.query<FunctionRow>(FUNCTIONS_SQL, [schema]),
    db.query<ViewRow>(VIEWS_SQL, [schema]),
    db.query<SettingRow>(SETTINGS_SQL)
  ])
  return {
    tables: tables.rows,
    columns: columns.rows,
    constraints: constraints.rows,
    functions: functions.rows,
    views: views.rows,
    settings: new Map(settings.rows.map((row) => [row.name, row.value]))
  }
}
