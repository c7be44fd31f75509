// The tables Realtime streams: those of the `supabase_realtime` publication, with what the
// realtime code needs to know about each (columns, primary key, row-level security and the
// policies that decide what SELECT returns).

import type { Database } from '../db/database'
import type { Column, Table } from '../rest/schema-types'

export const PUBLICATION = 'supabase_realtime'

/** A policy that decides which rows SELECT returns (FOR SELECT or FOR ALL). */
export interface SelectPolicy {
  permissive: boolean
  /** The USING expression as Postgres prints it; null when the policy has none. */
  using: string | null
  /** Role names it applies to; 'public' means every role. */
  roles: string[]
}

/** A table of the publication, as the realtime code needs it. */
export interface PublishedTable extends Table {
  schema: string
  /** Column names with their type names as realtime-js converts them (int4, _text, …). */
  payloadColumns: { name: string; type: string }[]
  rowSecurity: boolean
  selectPolicies: SelectPolicy[]
}

interface TableRow {
  schema: string
  name: string
  primary_key: string[] | null
  row_security: boolean
}

interface PolicyRow {
  schema: string
  table: string
  permissive: boolean
  using: string | null
  roles: string[]
}

interface ColumnRow {
  schema: string
  table: string
  name: string
  type: string
  type_name: string
  not_null: boolean
}

const PUBLISHED_TABLES_SQL = `
  select pt.schemaname as schema, pt.tablename as name,
         array(
           select a.attname::text
           from pg_index i
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
           where i.indrelid = c.oid and i.indisprimary
           order by array_position(i.indkey::int2[], a.attnum)
         ) as primary_key,
         c.relrowsecurity as row_security
  from pg_publication_tables pt
  join pg_namespace n on n.nspname = pt.schemaname
  join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
  where pt.pubname = $1`

const COLUMNS_SQL = `
  select n.nspname as schema, c.relname as table, a.attname as name,
         format_type(a.atttypid, a.atttypmod) as type, t.typname as type_name,
         a.attnotnull as not_null
  from pg_publication_tables pt
  join pg_namespace n on n.nspname = pt.schemaname
  join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  join pg_type t on t.oid = a.atttypid
  where pt.pubname = $1
  order by a.attnum`

// Catalog text written by migrations, never by clients: delivery.ts evaluates these USING
// expressions against a deleted row, the one change a select cannot check.
const POLICIES_SQL = `
  select pt.schemaname as schema, pt.tablename as table, p.polpermissive as permissive,
         pg_get_expr(p.polqual, p.polrelid) as using,
         array(
           select case when r = 0 then 'public' else pg_get_userbyid(r)::text end
           from unnest(p.polroles) as r
         ) as roles
  from pg_publication_tables pt
  join pg_namespace n on n.nspname = pt.schemaname
  join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
  join pg_policy p on p.polrelid = c.oid
  where pt.pubname = $1 and p.polcmd in ('r', '*')`

export const tableKey = (schema: string, table: string): string => `${schema}.${table}`

/** The publication's tables with their columns and primary keys. */
export async function loadPublishedTables(db: Database): Promise<Map<string, PublishedTable>> {
  const [tables, columns, policies] = await Promise.all([
    db.query<TableRow>(PUBLISHED_TABLES_SQL, [PUBLICATION]),
    db.query<ColumnRow>(COLUMNS_SQL, [PUBLICATION]),
    // With an empty search_path every name in the printed expressions comes out qualified.
    db.transaction(async (tx) => {
      await tx.query(`select set_config('search_path', '', true)`)
      return tx.query<PolicyRow>(POLICIES_SQL, [PUBLICATION])
    })
  ])
  const result = new Map<string, PublishedTable>()
  for (const row of tables.rows) {
    result.set(tableKey(row.schema, row.name), {
      schema: row.schema,
      name: row.name,
      isView: false,
      columns: new Map<string, Column>(),
      primaryKey: row.primary_key ?? [],
      uniqueKeys: row.primary_key?.length ? [row.primary_key] : [],
      payloadColumns: [],
      rowSecurity: row.row_security,
      selectPolicies: []
    })
  }
  for (const row of policies.rows) {
    result
      .get(tableKey(row.schema, row.table))
      ?.selectPolicies.push({ permissive: row.permissive, using: row.using, roles: row.roles })
  }
  for (const row of columns.rows) {
    const table = result.get(tableKey(row.schema, row.table))
    if (!table) continue
    table.columns.set(row.name, {
      name: row.name,
      type: row.type,
      notNull: row.not_null,
      defaultExpr: null
    })
    table.payloadColumns.push({ name: row.name, type: row.type_name })
  }
  return result
}
