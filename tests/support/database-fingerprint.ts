// What a migrated test database holds, as one comparable value: every object a test could
// change outside its rows (schemas, tables, columns, functions, policies, grants, roles,
// settings, statistics) and the rows of the tables that are not empty when it opens, plus the
// session's own state. The PGlite pool (pglite-pool.ts) hands a database to the next test file
// only when its fingerprint after a data reset is the one it had when it opened.

import type { Queryable } from '../../src/backend/db/database'

/** Schemas of the server itself, never changed by a test. */
const SYSTEM_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema')
  and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp\\_%'`

/**
 * One row per part: its name and a digest. Each part reads a catalog by names (not by the
 * file numbers and counters that a TRUNCATE or a dropped object changes).
 */
const CATALOG_PARTS: Record<string, string> = {
  schemas: `select n.nspname, n.nspowner::regrole, n.nspacl from pg_namespace n`,
  relations: `select c.oid::regclass, c.relkind, c.relowner::regrole, c.relacl, c.relrowsecurity,
      c.relforcerowsecurity, c.reloptions, c.relreplident, c.relpersistence, c.relpages,
      c.reltuples, c.relallvisible, c.relhastriggers, c.relispartition,
      pg_relation_size(c.oid)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where ${SYSTEM_SCHEMAS} or c.relpersistence = 't'`,
  columns: `select a.attrelid::regclass, a.attname, a.atttypid::regtype, a.atttypmod,
      a.attnotnull, a.attisdropped, a.attidentity, a.attgenerated, a.attacl, a.attoptions,
      pg_get_expr(d.adbin, d.adrelid)
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attnum > 0 and (${SYSTEM_SCHEMAS})`,
  constraints: `select c.conrelid::regclass, c.contypid::regtype, c.conname,
      pg_get_constraintdef(c.oid)
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace where ${SYSTEM_SCHEMAS}`,
  indexes: `select pg_get_indexdef(i.indexrelid) from pg_index i join pg_class c
      on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace where ${SYSTEM_SCHEMAS}`,
  functions: `select p.oid::regprocedure, p.proowner::regrole, md5(p.prosrc), p.proacl,
      p.proconfig, p.prosecdef, p.provolatile, p.proleakproof, p.prorettype::regtype
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${SYSTEM_SCHEMAS}`,
  types: `select t.oid::regtype, t.typtype, t.typowner::regrole, t.typacl,
      (select array_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid)
    from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${SYSTEM_SCHEMAS}`,
  policies: `select p.polrelid::regclass, p.polname, p.polcmd, p.polpermissive,
      p.polroles::regrole[], pg_get_expr(p.polqual, p.polrelid),
      pg_get_expr(p.polwithcheck, p.polrelid)
    from pg_policy p`,
  triggers: `select t.tgrelid::regclass, t.tgname, t.tgenabled, pg_get_triggerdef(t.oid)
    from pg_trigger t where not t.tgisinternal`,
  rules: `select r.ev_class::regclass, r.rulename, r.ev_enabled, md5(pg_get_ruledef(r.oid))
    from pg_rewrite r join pg_class c on c.oid = r.ev_class
    join pg_namespace n on n.oid = c.relnamespace where ${SYSTEM_SCHEMAS}`,
  eventTriggers: `select evtname, evtevent, evtfoid::regprocedure, evtenabled, evttags
    from pg_event_trigger`,
  roles: `select a.rolname, a.rolsuper, a.rolinherit, a.rolcreaterole, a.rolcreatedb,
      a.rolcanlogin, a.rolreplication, a.rolbypassrls, a.rolconnlimit, a.rolpassword,
      a.rolvaliduntil
    from pg_authid a`,
  memberships: `select roleid::regrole, member::regrole, admin_option from pg_auth_members`,
  roleSettings: `select setdatabase, setrole, setconfig from pg_db_role_setting`,
  defaultAcls: `select defaclrole::regrole, defaclnamespace::regnamespace, defaclobjtype,
      defaclacl from pg_default_acl`,
  extensions: `select extname, extversion, extconfig::regclass[] from pg_extension`,
  publications: `select p.pubname, p.puballtables, p.pubinsert, p.pubupdate, p.pubdelete,
      p.pubtruncate, array(select r.prrelid::regclass::text from pg_publication_rel r
        where r.prpubid = p.oid order by 1)
    from pg_publication p`,
  comments: `select d.classoid::regclass, d.objsubid, d.description,
      case d.classoid when 'pg_namespace'::regclass then d.objoid::regnamespace::text
        when 'pg_class'::regclass then d.objoid::regclass::text
        when 'pg_proc'::regclass then d.objoid::regprocedure::text
        else null end
    from pg_description d where d.classoid in
      ('pg_namespace'::regclass, 'pg_class'::regclass, 'pg_proc'::regclass)`,
  statistics: `select s.starelid::regclass, s.staattnum, s.stainherit from pg_statistic s
    join pg_class c on c.oid = s.starelid join pg_namespace n on n.oid = c.relnamespace
    where ${SYSTEM_SCHEMAS}`,
  largeObjects: `select count(*) from pg_largeobject_metadata`,
  preparedTransactions: `select gid from pg_prepared_xacts`,
  // The session PGlite keeps between files: settings, role, locks and cursors (each holder's
  // channels end with its lease, pglite-pool.ts; a backend listens while it runs).
  session: `select current_user, session_user, current_setting('search_path'),
      array(select name || '=' || setting from pg_settings where source = 'session' order by 1),
      (select count(*) from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()),
      (select count(*) from pg_cursors)`
}

/** A digest of `sql`'s rows in a stable order. */
function digestOf(name: string, sql: string): string {
  return `select '${name}' as part,
    coalesce(md5(string_agg(row_text, E'\\n' order by row_text)), '') as digest
    from (select t::text as row_text from (${sql}) t) rows`
}

export interface TableRows {
  /** The table, as `schema.table`, quoted. */
  table: string
  rows: number
}

/** Every table and materialized view outside the system schemas, with its row count. */
export async function tablesWithRows(db: Queryable): Promise<TableRows[]> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'm') and c.relpersistence = 'p' and (${SYSTEM_SCHEMAS})
      order by 1`
  )
  if (tables.length === 0) return []
  const counts = tables
    .map(({ name }) => `select ${literal(name)} as name, count(*)::int as rows from ${name}`)
    .join(' union all ')
  const { rows } = await db.query<{ name: string; rows: number }>(counts)
  return rows.map((row) => ({ table: row.name, rows: row.rows })).sort(byTable)
}

function byTable(a: TableRows, b: TableRows): number {
  return a.table < b.table ? -1 : a.table > b.table ? 1 : 0
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`
}

export interface SequenceState {
  /** The sequence, as `schema.sequence`, quoted. */
  sequence: string
  lastValue: string
  isCalled: boolean
}

/** Where each sequence stands, to put it back there after a reset. */
export async function sequenceStates(db: Queryable): Promise<SequenceState[]> {
  const { rows: sequences } = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and c.relpersistence = 'p' and (${SYSTEM_SCHEMAS}) order by 1`
  )
  if (sequences.length === 0) return []
  const { rows } = await db.query<{ name: string; last_value: string; is_called: boolean }>(
    sequences
      .map(
        ({ name }) => `select ${literal(name)} as name, last_value::text, is_called from ${name}`
      )
      .join(' union all ')
  )
  return rows.map((row) => ({
    sequence: row.name,
    lastValue: row.last_value,
    isCalled: row.is_called
  }))
}

export interface RelationStats {
  /** The table or index, as `schema.name`, quoted. */
  relation: string
  relpages: number
  reltuples: number
  relallvisible: number
}

/**
 * The planner's size estimates of every table and index: a TRUNCATE resets them to "never
 * measured", which plans differently from the migrated database's, so a reset writes them back.
 */
export async function relationStats(db: Queryable): Promise<RelationStats[]> {
  const { rows } = await db.query<RelationStats>(
    `select format('%I.%I', n.nspname, c.relname) as relation, c.relpages, c.reltuples::float8
            as reltuples, c.relallvisible
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'm', 'i', 't') and c.relpersistence = 'p'
        and (${SYSTEM_SCHEMAS} or n.nspname like 'pg\\_toast%')
        and c.oid >= 16384
      order by 1`
  )
  return rows
}

/** Writes `stats` back where they changed (a superuser's update of pg_class). */
export async function restoreRelationStats(
  db: Queryable,
  stats: readonly RelationStats[]
): Promise<void> {
  if (stats.length === 0) return
  await db.query(
    `update pg_class c set relpages = v.relpages, reltuples = v.reltuples,
            relallvisible = v.relallvisible
       from jsonb_to_recordset($1::jsonb) as v(relation text, relpages int, reltuples real,
                                               relallvisible int)
      where c.oid = v.relation::regclass
        and (c.relpages, c.reltuples, c.relallvisible)
            is distinct from (v.relpages, v.reltuples, v.relallvisible)`,
    [JSON.stringify(stats)]
  )
}

/** The tables of `tables` that hold anything on disk (rows, or the space deleted ones left). */
export async function tablesInUse(db: Queryable, tables: readonly string[]): Promise<string[]> {
  if (tables.length === 0) return []
  const { rows } = await db.query<{ name: string }>(
    `select t.name from unnest($1::text[]) as t(name)
      where pg_relation_size(t.name::regclass) > 0`,
    [tables]
  )
  return rows.map((row) => row.name)
}

/**
 * The fingerprint of `db`: the catalog parts, every table's row count, the full rows (with
 * their physical place, so even a row updated back to its value shows) of `keptTables`, and the
 * sequences.
 */
export async function fingerprint(db: Queryable, keptTables: readonly string[]): Promise<string> {
  const parts = Object.entries(CATALOG_PARTS).map(([name, sql]) => digestOf(name, sql))
  for (const table of keptTables) {
    parts.push(digestOf(`rows of ${table}`, `select ctid, x from ${table} x`))
  }
  const { rows } = await db.query<{ part: string; digest: string }>(parts.join(' union all '))
  const counts = await tablesWithRows(db)
  const sequences = await sequenceStates(db)
  return JSON.stringify({ parts: rows, counts, sequences })
}
