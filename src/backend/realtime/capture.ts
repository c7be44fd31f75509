// Where changes come from: triggers on every table of the `supabase_realtime` publication call
// pg_notify when rows are written, so writes from any client (REST, SQL, other triggers) are
// seen. Hosted Supabase reads the WAL instead; these triggers exist only in the local backend's
// database and are (re)installed at every start, after the migrations.
//
// pg_notify payloads are capped at 8000 bytes, so a change carries primary keys, not rows: each
// subscriber reads the row back under its own role (delivery.ts).
// - INSERT and UPDATE: one statement-level trigger per statement, sending the keys of all the
//   rows it wrote in as few notifications as fit (a bulk insert of 100,000 rows costs a few
//   hundred notifications, not 100,000 trigger calls). An UPDATE is assumed to keep its primary
//   key, as this app's updates do: `old_record` repeats the key.
// - DELETE: a row-level trigger, because a deleted row cannot be read back: it also carries the
//   old row when that fits, so delivery can check read policies and filters against it. Clients
//   get the primary key alone, as hosted Realtime sends it with the default replica identity.

import type { Database } from '../db/database'
import { loadPublishedTables, type PublishedTable } from './published-tables'

export const CHANGES_CHANNEL = 'local_realtime_changes'
const TRIGGER_PREFIX = 'local_realtime_'

// Keys are gathered into chunks of about CHUNK_BYTES; a single key over MAX_KEY_BYTES is left
// out (and reported) so no notification can exceed the limit and fail the write.
const CHUNK_BYTES = 4_000
const MAX_KEY_BYTES = 3_500
const MAX_DELETE_BYTES = 7_000

const CAPTURE_FUNCTIONS = `
create schema if not exists local_realtime;
revoke all on schema local_realtime from public;

-- SECURITY INVOKER: to_jsonb and pg_notify need no rights, so the writer's role is enough.
-- tg_argv holds the table's primary key columns; changed_rows is the statement's new rows.
create or replace function local_realtime.capture_statement()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  notified bigint;
  skipped bigint;
begin
  with keyed as (
    select row_number() over () as n,
           (select jsonb_object_agg(c, to_jsonb(r) -> c) from unnest(tg_argv) c) as key
    from changed_rows r
  ), sized as (
    select n, key, octet_length(key::text) as bytes from keyed
  ), chunks as (
    select k.chunk, jsonb_agg(k.key order by k.n) as keys
    from (
      select n, key, sum(bytes) over (order by n) / ${CHUNK_BYTES} as chunk
      from sized where bytes <= ${MAX_KEY_BYTES}
    ) k
    group by k.chunk
  ), sent as (
    -- Sent from an ordered subquery, so the notifications keep the rows' order.
    select pg_notify('${CHANGES_CHANNEL}', jsonb_build_object(
             'schema', tg_table_schema, 'table', tg_table_name, 'type', tg_op,
             'commit_timestamp',
               to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
             'keys', c.keys)::text)
    from (select keys from chunks order by chunk) c
  )
  -- Counting the rows of "sent" is what makes its notifications go out.
  select (select count(*) from sent), (select count(*) from sized where bytes > ${MAX_KEY_BYTES})
  into notified, skipped;
  if skipped > 0 then
    perform pg_notify('${CHANGES_CHANNEL}', jsonb_build_object(
      'schema', tg_table_schema, 'table', tg_table_name, 'type', tg_op, 'too_large', skipped)::text);
  end if;
  return null;
end
$$;

create or replace function local_realtime.capture_delete()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  old_row jsonb := to_jsonb(old);
  payload jsonb;
begin
  payload := jsonb_build_object(
    'schema', tg_table_schema, 'table', tg_table_name, 'type', tg_op,
    'commit_timestamp',
      to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'keys', jsonb_build_array((select jsonb_object_agg(c, old_row -> c) from unnest(tg_argv) c))
  );
  if octet_length(payload::text) + octet_length(old_row::text) < ${MAX_DELETE_BYTES} then
    payload := payload || jsonb_build_object('old', old_row);
  end if;
  if octet_length(payload::text) > ${MAX_DELETE_BYTES} then
    payload := jsonb_build_object('schema', tg_table_schema, 'table', tg_table_name,
                                  'type', tg_op, 'too_large', 1);
  end if;
  perform pg_notify('${CHANGES_CHANNEL}', payload::text);
  return null;
end
$$;

revoke all on function local_realtime.capture_statement(), local_realtime.capture_delete()
  from public;
`

const quoteIdent = (name: string): string => '"' + name.replace(/"/g, '""') + '"'
const quoteLiteral = (text: string): string => "'" + text.replace(/'/g, "''") + "'"

interface CaptureTrigger {
  schema: string
  table: string
  name: string
  /** The create statement; existing triggers are compared by `key`. */
  sql: string
  key: string
}

const triggerKey = (
  schema: string,
  table: string,
  name: string,
  fn: string,
  args: string[]
): string => JSON.stringify([schema, table, name, fn, args])

/** The three triggers a table should have. */
function wantedTriggers(table: PublishedTable): CaptureTrigger[] {
  const relation = `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`
  const args = table.primaryKey.map(quoteLiteral).join(', ')
  const statement = (event: 'insert' | 'update'): CaptureTrigger => ({
    schema: table.schema,
    table: table.name,
    name: `${TRIGGER_PREFIX}${event}`,
    key: triggerKey(
      table.schema,
      table.name,
      `${TRIGGER_PREFIX}${event}`,
      'capture_statement',
      table.primaryKey
    ),
    sql: `create trigger ${TRIGGER_PREFIX}${event} after ${event} on ${relation}
            referencing new table as changed_rows
            for each statement execute function local_realtime.capture_statement(${args})`
  })
  return [
    statement('insert'),
    statement('update'),
    {
      schema: table.schema,
      table: table.name,
      name: `${TRIGGER_PREFIX}delete`,
      key: triggerKey(
        table.schema,
        table.name,
        `${TRIGGER_PREFIX}delete`,
        'capture_delete',
        table.primaryKey
      ),
      sql: `create trigger ${TRIGGER_PREFIX}delete after delete on ${relation}
              for each row execute function local_realtime.capture_delete(${args})`
    }
  ]
}

interface ExistingTrigger {
  trigger: string
  schema: string
  name: string
  fn: string
  args_hex: string
}

/**
 * Puts the capture triggers on every published table with a primary key (a row without one
 * cannot be read back per subscriber) and takes them off tables that left the publication.
 * Triggers already in place are left alone, so a restart takes no table locks.
 */
export async function installChangeCapture(db: Database): Promise<Map<string, PublishedTable>> {
  await db.exec(CAPTURE_FUNCTIONS)
  const tables = await loadPublishedTables(db)
  const wanted = new Map<string, CaptureTrigger>()
  for (const table of tables.values()) {
    if (table.primaryKey.length === 0) {
      console.warn(
        `[realtime] ${table.schema}.${table.name} has no primary key: its changes are not streamed`
      )
      continue
    }
    for (const trigger of wantedTriggers(table)) wanted.set(trigger.key, trigger)
  }
  await db.transaction(async (tx) => {
    const existing = await tx.query<ExistingTrigger>(
      `select t.tgname as trigger, n.nspname as schema, c.relname as name, p.proname as fn,
              encode(t.tgargs, 'hex') as args_hex
       from pg_trigger t
       join pg_proc p on p.oid = t.tgfoid
       join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace
       where p.pronamespace = 'local_realtime'::regnamespace`
    )
    for (const row of existing.rows) {
      // Trigger arguments are stored NUL-terminated, one after another.
      const args = Buffer.from(row.args_hex, 'hex').toString('utf8').split('\0').filter(Boolean)
      const key = triggerKey(row.schema, row.name, row.trigger, row.fn, args)
      if (wanted.delete(key)) continue
      const relation = `${quoteIdent(row.schema)}.${quoteIdent(row.name)}`
      await tx.exec(`drop trigger if exists ${quoteIdent(row.trigger)} on ${relation}`)
    }
    for (const trigger of wanted.values()) {
      // A stale trigger of the same name (other arguments) was dropped above.
      await tx.exec(trigger.sql)
    }
  })
  return tables
}
