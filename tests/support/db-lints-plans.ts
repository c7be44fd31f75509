// Database lints about what the policies cost: each policy's helpers keep their plans between
// statements. Part of DATABASE_LINTS (db-lints.ts); plain SQL over pg_catalog, so they run on
// PGlite and PostgreSQL alike.

import type { DatabaseLint } from './db-lints'

export const PLAN_LINTS: readonly DatabaseLint[] = [
  {
    name: 'policy_function_planned_per_statement',
    description:
      'No row-level security policy calls (directly, or through the SQL-standard bodies Postgres ' +
      'inlines into it) a LANGUAGE sql function with SECURITY DEFINER or a SET clause: such a ' +
      'function is never inlined, and before PostgreSQL 18 it plans its body again in every ' +
      'statement that calls it, so a read pays that planning once per policy it passes. Such a ' +
      'helper is PL/pgSQL (planned once per connection) or an inlinable SQL-standard body.',
    sql: `
      with recursive reached(fn, policy) as (
        select d.refobjid, format('%s: %s', pol.polrelid::regclass, pol.polname)
        from pg_depend d
        join pg_policy pol on pol.oid = d.objid
        where d.classid = 'pg_policy'::regclass and d.refclassid = 'pg_proc'::regclass
        union
        select d.refobjid, r.policy
        from reached r
        join pg_proc p on p.oid = r.fn
        join pg_depend d on d.objid = p.oid and d.classid = 'pg_proc'::regclass
                        and d.refclassid = 'pg_proc'::regclass
        where p.prosqlbody is not null
      )
      select format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
               as object,
             min(r.policy) as policy
      from reached r
      join pg_proc p on p.oid = r.fn
      join pg_namespace n on n.oid = p.pronamespace
      join pg_language l on l.oid = p.prolang
      where l.lanname = 'sql'
        and p.prosqlbody is null
        and (p.prosecdef or p.proconfig is not null)
      group by 1
      order by 1`
  }
]
