// A deterministic text dump of a database's schema, read from the catalog: the one place that
// shows what bootstrap, the migrations and the realtime capture leave behind together
// (supabase/schema.sql, written by `npm run schema`). Everything is sorted by name, so the file
// changes only when the schema does. Objects that belong to an extension, the catalog schemas
// and grants to the connecting superuser (whose name differs between servers) are left out.

import { resolve } from 'node:path'
import type { Database, Queryable } from '../../src/backend/db/database'
import { openDatabase } from '../../src/backend/db/open'
import { installChangeCapture } from '../../src/backend/realtime/capture'

export const SCHEMA_FILE = resolve(__dirname, '../../supabase/schema.sql')
export const MIGRATIONS_DIR = resolve(__dirname, '../../supabase/migrations')

/** Schemas that are Postgres's own, not the app's. */
const SYSTEM_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
  and n.nspname not like 'pg_temp_%' and n.nspname not like 'pg_toast_temp_%'`

/** The object `classid`/`objid` was created by an extension (pg_trgm's functions, …). */
const notExtensionMember = (classTable: string, oid: string): string =>
  `not exists (select 1 from pg_depend d where d.classid = '${classTable}'::regclass
    and d.objid = ${oid} and d.deptype = 'e')`

/** A grantee's name; 0 is PUBLIC. */
const GRANTEE = `case when g.grantee = 0 then 'public' else g.grantee::regrole::text end`
/** Grants to anyone but a superuser (the owner, whose name differs between servers). */
const NOT_SUPERUSER = `(g.grantee = 0 or not (select rolsuper from pg_roles where oid = g.grantee))`

/**
 * `grant … on <target> to …` rows from an ACL, one per grantee, privileges sorted. A null ACL
 * means the defaults (`acldefault`), which matter: functions are executable by PUBLIC unless
 * revoked.
 */
const GRANTS = (acl: string, target: string, source: string): string => `
  select ${target} as target, ${GRANTEE} as grantee,
         string_agg(g.privilege_type, ', ' order by g.privilege_type) as privileges
  from ${source} cross join lateral aclexplode(${acl}) g
  where ${NOT_SUPERUSER}
  group by 1, 2`

interface Section {
  title: string
  sql: string
  /** One line (or block) of the dump per row, in the order the query sorts them. */
  format: (row: Record<string, string>) => string
}

const SECTIONS: Section[] = [
  {
    title: 'Roles (the ones bootstrap makes; superusers and pg_* roles left out)',
    sql: `select r.rolname as name,
            concat_ws(' ', case when r.rolcanlogin then 'login' else 'nologin' end,
                      case when r.rolinherit then 'inherit' else 'noinherit' end,
                      case when r.rolbypassrls then 'bypassrls' end) as attributes,
            (select string_agg(m.roleid::regrole::text, ', ' order by m.roleid::regrole::text)
               from pg_auth_members m where m.member = r.oid) as member_of
          from pg_roles r
          where not r.rolsuper and r.rolname not like 'pg\\_%'
          order by 1`,
    format: (r) =>
      `-- role ${r.name}: ${r.attributes}${r.member_of ? `; member of ${r.member_of}` : ''}`
  },
  {
    title: 'Schemas',
    sql: `select n.nspname as name from pg_namespace n where ${SYSTEM_SCHEMAS}
            and ${notExtensionMember('pg_namespace', 'n.oid')} order by 1`,
    format: (r) => `create schema ${r.name};`
  },
  {
    title: 'Extensions',
    sql: `select e.extname as name, n.nspname as schema
          from pg_extension e join pg_namespace n on n.oid = e.extnamespace
          where e.extname <> 'plpgsql' order by 1`,
    format: (r) => `create extension ${r.name} with schema ${r.schema};`
  },
  {
    title: 'Types (enums and domains)',
    sql: `select format('%I.%I', n.nspname, t.typname) as name,
            case t.typtype
              when 'e' then (select 'as enum (' || string_agg(quote_literal(e.enumlabel), ', '
                                 order by e.enumsortorder) || ')'
                             from pg_enum e where e.enumtypid = t.oid)
              else 'as ' || format_type(t.typbasetype, t.typtypmod) end as definition,
            case t.typtype when 'e' then 'type' else 'domain' end as kind
          from pg_type t join pg_namespace n on n.oid = t.typnamespace
          where t.typtype in ('e', 'd') and ${SYSTEM_SCHEMAS}
            and ${notExtensionMember('pg_type', 't.oid')}
          order by 1`,
    format: (r) => `create ${r.kind} ${r.name} ${r.definition};`
  },
  {
    title: 'Tables, views and sequences, with their columns',
    sql: `select format('%I.%I', n.nspname, c.relname) as name, c.relkind as kind,
            case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid) end as view,
            (select string_agg(format('  %I %s%s%s%s', a.attname, format_type(a.atttypid, a.atttypmod),
                      case when a.attnotnull then ' not null' end,
                      case when a.attgenerated = 's'
                           then ' generated always as (' || pg_get_expr(ad.adbin, ad.adrelid) || ') stored'
                           when ad.adbin is not null
                           then ' default ' || pg_get_expr(ad.adbin, ad.adrelid) end,
                      case a.attidentity when 'a' then ' generated always as identity'
                                         when 'd' then ' generated by default as identity' end),
                      E',\\n' order by a.attnum)
               from pg_attribute a
               left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
               where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
            concat_ws(' ', case when c.relrowsecurity then 'enable' end,
                           case when c.relforcerowsecurity then 'force' end) as rls
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p', 'v', 'm', 'S') and ${SYSTEM_SCHEMAS}
            and ${notExtensionMember('pg_class', 'c.oid')}
          order by 1`,
    format: (r) => {
      if (r.kind === 'S') return `create sequence ${r.name};`
      if (r.view) return `create view ${r.name} as\n${r.view.trim()}`
      const rls = r.rls
        ? `\nalter table ${r.name} ${r.rls.replace(' ', ', ')} row level security;`
        : ''
      return `create table ${r.name} (\n${r.columns ?? ''}\n);${rls}`
    }
  },
  {
    title: 'Constraints',
    sql: `select format('%I.%I', n.nspname, c.relname) as tbl, k.conname as name,
            pg_get_constraintdef(k.oid) as definition
          from pg_constraint k
          join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
          where k.contype <> 'n' and ${SYSTEM_SCHEMAS}
          order by 1, 2`,
    format: (r) => `alter table ${r.tbl} add constraint ${r.name} ${r.definition};`
  },
  {
    title: 'Indexes',
    sql: `select format('%I.%I', n.nspname, i.relname) as name, pg_get_indexdef(i.oid) as definition
          from pg_index x
          join pg_class i on i.oid = x.indexrelid join pg_namespace n on n.oid = i.relnamespace
          where ${SYSTEM_SCHEMAS} and ${notExtensionMember('pg_class', 'i.oid')}
          order by 1`,
    format: (r) => `${r.definition};`
  },
  {
    title: 'Functions',
    sql: `select format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
              as name, pg_get_functiondef(p.oid) as definition
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where p.prokind in ('f', 'p') and ${SYSTEM_SCHEMAS}
            and ${notExtensionMember('pg_proc', 'p.oid')}
          order by 1`,
    format: (r) => `${r.definition.trim()};`
  },
  {
    title: 'Triggers',
    sql: `select format('%I.%I', n.nspname, c.relname) as tbl, t.tgname as name,
            pg_get_triggerdef(t.oid) as definition
          from pg_trigger t
          join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
          where not t.tgisinternal and ${SYSTEM_SCHEMAS}
          order by 1, 2`,
    format: (r) => `${r.definition};`
  },
  {
    title: 'Row-level security policies',
    sql: `select format('%I.%I', p.schemaname, p.tablename) as tbl, p.policyname as name,
            p.permissive, p.cmd, array_to_string(p.roles, ', ') as roles, p.qual, p.with_check
          from pg_policies p
          order by 1, 2`,
    format: (r) =>
      `create policy ${JSON.stringify(r.name)} on ${r.tbl} as ${r.permissive.toLowerCase()}` +
      ` for ${r.cmd.toLowerCase()} to ${r.roles}` +
      (r.qual ? `\n  using (${r.qual})` : '') +
      (r.with_check ? `\n  with check (${r.with_check})` : '') +
      ';'
  },
  {
    title: 'Grants on schemas, tables, columns and functions',
    sql: `select * from (
            ${GRANTS(
              `coalesce(n.nspacl, acldefault('n'::"char", n.nspowner))`,
              `'schema ' || quote_ident(n.nspname)`,
              `(select * from pg_namespace n where ${SYSTEM_SCHEMAS}) n`
            )}
            union all
            ${GRANTS(
              `coalesce(c.relacl, acldefault((case c.relkind when 'S' then 's' else 'r' end)::"char", c.relowner))`,
              `format('table %I.%I', c.nspname, c.relname)`,
              `(select c.*, n.nspname from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where c.relkind in ('r', 'p', 'v', 'm', 'S') and ${SYSTEM_SCHEMAS}) c`
            )}
            union all
            ${GRANTS(
              'a.attacl',
              `format('table %I.%I (%I)', a.nspname, a.relname, a.attname)`,
              `(select a.attacl, a.attname, c.relname, n.nspname from pg_attribute a
                join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
                where a.attacl is not null and ${SYSTEM_SCHEMAS}) a`
            )}
            union all
            ${GRANTS(
              `coalesce(p.proacl, acldefault('f'::"char", p.proowner))`,
              `format('function %I.%I(%s)', p.nspname, p.proname, pg_get_function_identity_arguments(p.oid))`,
              `(select p.oid, p.proacl, p.proowner, p.proname, n.nspname from pg_proc p
                join pg_namespace n on n.oid = p.pronamespace
                where ${SYSTEM_SCHEMAS} and ${notExtensionMember('pg_proc', 'p.oid')}) p`
            )}
          ) grants order by 1, 2`,
    format: (r) => `grant ${r.privileges} on ${r.target} to ${r.grantee};`
  },
  {
    title: 'Default privileges',
    sql: `select coalesce(n.nspname, '(all schemas)') as schema, d.defaclobjtype as kind,
            ${GRANTEE} as grantee,
            string_agg(g.privilege_type, ', ' order by g.privilege_type) as privileges
          from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace
          cross join aclexplode(d.defaclacl) g
          where ${NOT_SUPERUSER}
          group by 1, 2, 3 order by 1, 2, 3`,
    format: (r) =>
      `alter default privileges in schema ${r.schema} grant ${r.privileges} on ` +
      `${{ r: 'tables', S: 'sequences', f: 'functions', T: 'types', n: 'schemas' }[r.kind] ?? r.kind} to ${r.grantee};`
  },
  {
    title: 'Publications',
    sql: `select p.pubname as name,
            (select string_agg(format('%I.%I', t.schemaname, t.tablename), ', '
                               order by t.schemaname, t.tablename)
               from pg_publication_tables t where t.pubname = p.pubname) as tables
          from pg_publication p order by 1`,
    format: (r) => `create publication ${r.name}${r.tables ? ` for table ${r.tables}` : ''};`
  }
]

/** The titles of the dump's sections, in order (each starts with `-- <title>`). */
export const SECTION_TITLES = SECTIONS.map((section) => section.title)

/** The whole schema of `db` as text, the same for the same schema. */
export async function dumpSchema(db: Queryable): Promise<string> {
  const parts = [
    '-- The whole schema after bootstrap, every migration and the realtime capture, read from',
    "-- the catalog. Generated by `npm run schema` (scripts/dump-schema.ts): don't edit by hand.",
    '-- A reference, not a migration: change the schema with a new file in supabase/migrations.'
  ]
  for (const section of SECTIONS) {
    const { rows } = await db.query<Record<string, string>>(section.sql)
    parts.push('', `-- ${section.title}`, '')
    parts.push(...(rows.length > 0 ? rows.map(section.format) : ['-- (none)']))
  }
  return parts.join('\n') + '\n'
}

/**
 * The dump of `db` (already bootstrapped and migrated, as openDatabase leaves it) once the
 * realtime capture, which the backend installs at start, is in place too.
 */
export async function dumpStartedSchema(db: Database): Promise<string> {
  await installChangeCapture(db)
  return dumpSchema(db)
}

/** The current schema as a fresh in-memory PGlite backend has it: what schema.sql must hold. */
export async function dumpCurrentSchema(): Promise<string> {
  const db = await openDatabase({ migrationsDir: MIGRATIONS_DIR })
  try {
    return await dumpStartedSchema(db)
  } finally {
    await db.close()
  }
}
