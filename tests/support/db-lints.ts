// Database lints as plain SQL over pg_catalog: the rules of Supabase's database advisor
// (splinter) that apply to this app, made stricter where the original can be fooled. Each
// lint returns one row per offending object, so "no rows" means clean. They only read the
// catalog, so they run on PGlite and PostgreSQL alike, on a live or a scratch database.

import type { Queryable } from '../../src/backend/db/database'
import { PLAN_LINTS } from './db-lints-plans'

export interface DatabaseLint {
  /** Stable id, as in splinter where there is an equivalent. */
  name: string
  description: string
  /** Returns the offending objects; each row has at least `object`, naming it. */
  sql: string
}

export interface LintFinding {
  object: string
  [detail: string]: unknown
}

/** Schemas PostgREST exposes: every table here is reachable with the anon key. */
export const EXPOSED_SCHEMAS = ['public']
/** Schemas holding the app's own functions. */
export const APP_SCHEMAS = ['public', 'app_private', 'app_rules']
/** Schemas that hold SECURITY DEFINER helpers and must stay out of the API roles' reach. */
export const PRIVATE_SCHEMAS = ['app_private']
/** Schemas whose policies the app writes (storage.objects gets the images bucket policies). */
export const POLICY_SCHEMAS = ['public', 'storage']
/** Schemas whose tables the API roles write through REST, storage or realtime. */
export const WRITABLE_SCHEMAS = ['public', 'storage', 'realtime']

/** The call every write policy and writing SECURITY DEFINER rpc makes for a suspended caller. */
const WRITER_CHECK = String.raw`app_rules\.caller_may_write\(\)`
/** Calls that make it too: the moderators' gate, and the older check the thread rules use. */
const WRITER_CHECKS_IN_BODIES = String.raw`app_rules\.caller_may_write\(\)|app_rules\.caller_suspended\(\)|app_private\.require_moderator\(\)`

/**
 * SECURITY DEFINER rpcs signed-in callers may run that write without asking whether the caller
 * is suspended, each with its reason.
 */
export const UNGUARDED_WRITING_DEFINERS: Record<string, string> = {
  'public.sign_in_email(login text, password text)':
    'runs signed out; what it writes is the failed-attempt count of the account it checks',
  'public.verify_password(password text)':
    'writes only the failed-attempt count of the caller\u2019s password checks',
  'public.start_direct_thread(recipient_ids uuid[], thread_name text, new_thread_id uuid)':
    'the thread rules (one rule for every way into a thread) refuse a suspended caller',
  'public.add_direct_participants(thread uuid, user_ids uuid[])':
    'the thread rules (one rule for every way into a thread) refuse a suspended caller'
}

/** Schemas whose tables an API role reaches: PostgREST's, Storage's and Realtime's. */
export const API_TABLE_SCHEMAS = ['public', 'storage', 'realtime']

const list = (schemas: string[]): string => schemas.map((s) => `'${s}'`).join(', ')

/**
 * SECURITY DEFINER functions anon may call on purpose, each with its reason. Keep this short:
 * every entry is an rpc that runs with the owner's rights for anyone.
 */
export const ANON_DEFINERS_BY_DESIGN: Record<string, string> = {
  'public.sign_in_email(login text, password text)':
    'signing in with a username happens signed out; it reads auth.users, but answers with an ' +
    'email only to a caller who gives that account\u2019s password (and counts wrong ones)'
}

/**
 * SECURITY DEFINER rpcs that need not call app_private.require_second_factor(), each with its
 * reason: the others act for their caller with the owner's rights, past every RLS policy, so
 * an aal1 session of a person with a verified factor must be refused by the function itself.
 */
export const DEFINERS_WITHOUT_SECOND_FACTOR: Record<string, string> = {
  'public.sign_in_email(login text, password text)':
    'it is how a password sign-in starts: no session exists yet, let alone an aal2 one',
  'public.delete_account(password text)':
    'it checks aal2 itself, after the password, so that a wrong password is counted first'
}

/** How pg_policies prints the second-factor check: `( SELECT app_rules.second_factor_…() AS …)`. */
const SECOND_FACTOR_CHECK = String.raw`^\(\s*SELECT\s+app_rules\.second_factor_satisfied\(\)\s+AS\s+\w+\)$`

/** The call each SECURITY DEFINER rpc makes first (app_private.require_second_factor). */
const SECOND_FACTOR_GUARD = String.raw`app_private\.require_second_factor\(\)`

// How PostgreSQL prints `(select auth.uid())` and `(select auth.uid()::text)` in pg_policies:
// `( SELECT auth.uid() AS uid)` and `( SELECT (auth.uid())::text AS uid)`.
const WRAPPED_CALL = String.raw`\(\s*SELECT\s+\(?\s*(auth\.(uid|jwt|role|email)\(\)|current_setting\()`
const BARE_CALL = String.raw`auth\.(uid|jwt|role|email)\(\)|current_setting\(`

export const DATABASE_LINTS: readonly DatabaseLint[] = [
  {
    name: 'rls_disabled_in_public',
    description:
      'Every table in an exposed schema has row-level security enabled; without it anon can ' +
      'read and write every row, because the default grants give the API roles everything.',
    sql: `
      select format('%I.%I', n.nspname, c.relname) as object
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p')
        and n.nspname in (${list(EXPOSED_SCHEMAS)})
        and not c.relrowsecurity
      order by 1`
  },
  {
    name: 'permissive_write_policy_always_true',
    description:
      'No permissive INSERT, UPDATE, DELETE or ALL policy for the API roles has `true` as its ' +
      'USING or WITH CHECK expression: such a policy lets anyone write any row.',
    sql: `
      select format('%I.%I: %s', schemaname, tablename, policyname) as object,
             cmd, qual, with_check
      from pg_policies
      where schemaname in (${list(POLICY_SCHEMAS)})
        and permissive = 'PERMISSIVE'
        and cmd in ('INSERT', 'UPDATE', 'DELETE', 'ALL')
        and roles <> array['service_role']::name[]
        and (lower(btrim(coalesce(qual, ''))) = 'true'
             or lower(btrim(coalesce(with_check, ''))) = 'true')
      order by 1`
  },
  {
    name: 'auth_rls_initplan',
    description:
      'Policies call auth.uid() (and auth.jwt(), auth.role(), current_setting()) wrapped in a ' +
      'sub-select, `(select auth.uid())`, so it is evaluated once per statement instead of ' +
      'once per row.',
    sql: `
      select format('%I.%I: %s', schemaname, tablename, policyname) as object, qual, with_check
      from pg_policies
      where schemaname in (${list(POLICY_SCHEMAS)})
        and regexp_replace(coalesce(qual, '') || ' ' || coalesce(with_check, ''),
                           '${WRAPPED_CALL}', '', 'gi') ~* '${BARE_CALL}'
      order by 1`
  },
  {
    name: 'function_search_path_mutable',
    description:
      "Every function in the app's schemas fixes its search_path (SET search_path = ...), so a " +
      'caller cannot make it resolve names to objects of their choosing. A SQL-standard body ' +
      '(BEGIN ATOMIC) needs none: its names were resolved when it was created.',
    sql: `
      select format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
               as object,
             p.prosecdef as security_definer
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in (${list(APP_SCHEMAS)})
        and p.prokind in ('f', 'p')
        and not exists (select 1 from pg_depend d
                        where d.objid = p.oid and d.classid = 'pg_proc'::regclass
                          and d.deptype = 'e')
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) as setting
                        where setting like 'search_path=%')
        and p.prosqlbody is null
      order by 1`
  },
  {
    name: 'anon_security_definer_function_executable',
    description:
      'No SECURITY DEFINER function in an exposed schema is executable by anon: PostgREST ' +
      'offers it as an rpc endpoint that runs with its owner\u2019s rights, bypassing RLS.',
    sql: `
      select format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
               as object
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in (${list(EXPOSED_SCHEMAS)})
        and p.prosecdef
        and has_function_privilege('anon', p.oid, 'execute')
        and format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
              not in (${Object.keys(ANON_DEFINERS_BY_DESIGN)
                .map((name) => `'${name}'`)
                .join(', ')})
      order by 1`
  },
  {
    name: 'private_schema_reachable_by_api_roles',
    description:
      'anon and authenticated can neither use a private schema nor execute its functions: ' +
      'those run with elevated rights and are meant to be called by triggers only.',
    sql: `
      with api_roles (role) as (values ('anon'), ('authenticated'))
      select format('%s can use schema %I', r.role, n.nspname) as object
      from pg_namespace n
      cross join api_roles r
      where n.nspname in (${list(PRIVATE_SCHEMAS)})
        and has_schema_privilege(r.role, n.oid, 'usage')
      union all
      select format('%s can execute %I.%I(%s)', r.role, n.nspname, p.proname,
                    pg_get_function_identity_arguments(p.oid)) as object
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      cross join api_roles r
      where n.nspname in (${list(PRIVATE_SCHEMAS)})
        and has_function_privilege(r.role, p.oid, 'execute')
      order by 1`
  },
  {
    name: 'api_roles_can_truncate',
    description:
      'anon and authenticated cannot TRUNCATE an app table: TRUNCATE ignores row-level ' +
      'security, so one grant left from the default privileges would empty a table for everyone.',
    sql: `
      with api_roles (role) as (values ('anon'), ('authenticated'))
      select format('%s can truncate %I.%I', r.role, n.nspname, c.relname) as object
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      cross join api_roles r
      where c.relkind in ('r', 'p')
        and n.nspname in (${list([...APP_SCHEMAS, 'storage'])})
        and has_table_privilege(r.role, c.oid, 'truncate')
      order by 1`
  },
  {
    name: 'second_factor_policy_missing',
    description:
      'Every table an API role can reach (public, storage, realtime) has row-level security and ' +
      'the RESTRICTIVE policy for all commands to authenticated whose USING and WITH CHECK are ' +
      'exactly `(select app_rules.second_factor_satisfied())`, so an aal1 session of a person ' +
      'with a verified factor reads and writes nothing (migration 20261129100000).',
    sql: `
      select format('%I.%I', n.nspname, c.relname) as object
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p')
        and not c.relispartition
        and n.nspname in (${list(API_TABLE_SCHEMAS)})
        and exists (
          select 1 from (values ('anon'), ('authenticated')) as api_roles (role)
          where has_table_privilege(api_roles.role, c.oid, 'select, insert, update, delete')
             or has_any_column_privilege(api_roles.role, c.oid, 'select, insert, update'))
        and (not c.relrowsecurity or not exists (
          select 1 from pg_policies p
          where p.schemaname = n.nspname and p.tablename = c.relname
            and p.permissive = 'RESTRICTIVE'
            and p.cmd = 'ALL'
            and p.roles && array['authenticated', 'public']::name[]
            and p.qual ~* '${SECOND_FACTOR_CHECK}'
            and p.with_check ~* '${SECOND_FACTOR_CHECK}'))
      order by 1`
  },
  {
    name: 'definer_rpc_skips_second_factor',
    description:
      'Every SECURITY DEFINER function in an exposed schema that authenticated may call starts ' +
      'by calling app_private.require_second_factor(): it runs past RLS, so the restrictive ' +
      'second-factor policies do not stop it. Exceptions are listed with their reason.',
    sql: `
      select format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
               as object
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in (${list(EXPOSED_SCHEMAS)})
        and p.prosecdef
        and has_function_privilege('authenticated', p.oid, 'execute')
        and p.prosrc !~ '${SECOND_FACTOR_GUARD}'
        and format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
              not in (${Object.keys(DEFINERS_WITHOUT_SECOND_FACTOR)
                .map((name) => `'${name}'`)
                .join(', ')})
      order by 1`
  },
  {
    name: 'suspended_writer_unrestricted',
    description:
      'Every table and command the API roles write through a permissive policy also has a ' +
      'RESTRICTIVE policy for that command calling app_rules.caller_may_write(), so a ' +
      'suspended account writes nothing there whatever its token (INSERT and UPDATE in WITH ' +
      'CHECK, DELETE in USING).',
    sql: `
      with api_roles (role) as (values ('authenticated'), ('public')),
      writes as (
        select distinct p.schemaname, p.tablename, c.cmd
        from pg_policies p
        cross join lateral unnest(case when p.cmd = 'ALL' then array['INSERT', 'UPDATE', 'DELETE']
                                       else array[p.cmd] end) as c (cmd)
        where p.schemaname in (${list(WRITABLE_SCHEMAS)})
          and p.permissive = 'PERMISSIVE'
          and c.cmd in ('INSERT', 'UPDATE', 'DELETE')
          and exists (select 1 from api_roles r where r.role = any (p.roles))
      )
      select format('%I.%I: %s', w.schemaname, w.tablename, w.cmd) as object
      from writes w
      where not exists (
        select 1 from pg_policies r
        where r.schemaname = w.schemaname
          and r.tablename = w.tablename
          and r.permissive = 'RESTRICTIVE'
          and r.cmd in (w.cmd, 'ALL')
          and exists (select 1 from api_roles a where a.role = any (r.roles))
          and case w.cmd when 'DELETE' then coalesce(r.qual, '')
                         else coalesce(r.with_check, r.qual, '') end ~ '${WRITER_CHECK}'
      )
      order by 1`
  },
  {
    name: 'suspended_writer_definer_rpc',
    description:
      'Every SECURITY DEFINER function in an exposed schema that a signed-in caller may run and ' +
      'that can write (VOLATILE) asks whether its caller is suspended: row-level security does ' +
      'not apply to it, so the write policies cannot refuse for it.',
    sql: `
      select format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
               as object
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in (${list(EXPOSED_SCHEMAS)})
        and p.prosecdef
        and p.provolatile = 'v'
        and has_function_privilege('authenticated', p.oid, 'execute')
        and p.prosrc !~ '${WRITER_CHECKS_IN_BODIES}'
        and format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
              not in (${Object.keys(UNGUARDED_WRITING_DEFINERS)
                .map((name) => `'${name}'`)
                .join(', ')})
      order by 1`
  },
  {
    name: 'unindexed_foreign_keys',
    description:
      'Every foreign key in the app\u2019s schemas is covered by a valid, non-partial index whose ' +
      'leading columns are the key\u2019s columns, so cascades and joins do not scan the table.',
    sql: `
      select format('%I.%I: %s', n.nspname, c.relname, con.conname) as object
      from pg_constraint con
      join pg_class c on c.oid = con.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      where con.contype = 'f'
        and n.nspname in (${list(APP_SCHEMAS)})
        and not exists (
          select 1
          from pg_index i
          cross join lateral (
            select (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(con.conkey)]
                     as leading
          ) k
          where i.indrelid = con.conrelid
            and i.indisvalid
            and i.indpred is null
            and k.leading @> con.conkey
            and k.leading <@ con.conkey
        )
      order by 1`
  },
  ...PLAN_LINTS
]

export function lintByName(name: string): DatabaseLint {
  const lint = DATABASE_LINTS.find((candidate) => candidate.name === name)
  if (!lint) throw new Error(`No database lint named ${name}`)
  return lint
}

/** The objects that break `lint`; empty when the database is clean. */
export async function runLint(db: Queryable, lint: DatabaseLint): Promise<LintFinding[]> {
  const { rows } = await db.query<LintFinding>(lint.sql)
  return rows
}

/** Every lint's findings, keyed by lint name; only lints with findings appear. */
export async function runAllLints(db: Queryable): Promise<Record<string, LintFinding[]>> {
  const findings: Record<string, LintFinding[]> = {}
  for (const lint of DATABASE_LINTS) {
    const rows = await runLint(db, lint)
    if (rows.length > 0) findings[lint.name] = rows
  }
  return findings
}
