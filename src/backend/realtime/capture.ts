// Where changes come from: a row trigger on every table of the `supabase_realtime` publication
// calls pg_notify once the row is written, so writes from any client (REST, SQL, triggers)
// are seen. Hosted Supabase reads the WAL instead; these triggers exist only in the local
// backend's database and are (re)installed at every start, after the migrations.
//
// pg_notify payloads are capped at 8000 bytes, so a change carries the row's primary key, not
// the row: each subscriber reads the row back under its own role (delivery.ts). A deleted row
// cannot be read back, so a DELETE also carries the old row when it fits, only to evaluate
// subscription filters; clients get the primary key alone, as hosted Realtime sends them with
// the default replica identity.

import type { Database } from '../db/database'
import type { Column, Table } from '../rest/schema-cache'

export const CHANGES_CHANNEL = 'local_realtime_changes'
export const PUBLICATION = 'supabase_realtime'
const TRIGGER_NAME = 'local_realtime_capture'

const CAPTURE_FUNCTION = `
create schema if not exists local_realtime;
revoke all on schema local_realtime from public;

-- tg_argv holds the table's primary key columns. SECURITY INVOKER: to_jsonb and pg_notify
-- need no rights, so the writer's own role is enough.
create or replace function local_realtime.capture_change()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  payload jsonb;
begin
  payload := jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'commit_timestamp',
      to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'key', (select jsonb_object_agg(k, coalesce(new_row, old_row) -> k) from unnest(tg_argv) k),
    'old_key', (select jsonb_object_agg(k, old_row -> k) from unnest(tg_argv) k)
  );
  if tg_op = 'DELETE' and octet_length(payload::text) + octet_length(old_row::text) < 7000 then
    payload := payload || jsonb_build_object('old', old_row);
  end if;
  -- Never fail the write: a key too large to notify is reported without it.
  if octet_length(payload::text) >= 7900 then
    payload := jsonb_build_object('schema', tg_table_schema, 'table', tg_table_name,
                                  'type', tg_op, 'too_large', true);
  end if;
  perform pg_notify('${CHANGES_CHANNEL}', payload::text);
  return null;
end
$$;
revoke all on function local_realtime.capture_change() from public;
`

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

const quoteIdent = (name: string): string => '"' + name.replace(/"/g, '""') + '"'
const quoteLiteral = (text: string): string => "'" + text.replace(/'/g, "''") + "'"

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

/**
 * Puts the capture trigger on every published table with a primary key (a row without one
 * cannot be read back per subscriber) and takes it off tables that left the publication.
 */
export async function installChangeCapture(db: Database): Promise<Map<string, PublishedTable>> {
  await db.exec(CAPTURE_FUNCTION)
  const tables = await loadPublishedTables(db)
  await db.transaction(async (tx) => {
    const existing = await tx.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace
       where t.tgname = $1`,
      [TRIGGER_NAME]
    )
    for (const row of existing.rows) {
      const table = `${quoteIdent(row.schema)}.${quoteIdent(row.name)}`
      await tx.exec(`drop trigger if exists ${TRIGGER_NAME} on ${table}`)
    }
    for (const table of tables.values()) {
      if (table.primaryKey.length === 0) {
        console.warn(
          `[realtime] ${table.schema}.${table.name} has no primary key: its changes are not streamed`
        )
        continue
      }
      const args = table.primaryKey.map(quoteLiteral).join(', ')
      await tx.exec(
        `create trigger ${TRIGGER_NAME}
           after insert or update or delete on ${quoteIdent(table.schema)}.${quoteIdent(table.name)}
           for each row execute function local_realtime.capture_change(${args})`
      )
    }
  })
  return tables
}
