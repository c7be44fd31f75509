// The migrated schema passes every database lint, and each lint is shown to catch the
// mistake it exists for (on scratch objects in a transaction that is rolled back).

import { expect, it } from 'vitest'
import { bootstrapDatabase } from '../../../src/backend/db/bootstrap'
import type { Queryable } from '../../../src/backend/db/database'
import {
  DATABASE_LINTS,
  lintByName,
  runAllLints,
  runLint,
  type LintFinding
} from '../../support/db-lints'
import { inRolledBackTransaction } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

/** Creates the violation, runs the lint inside the same (rolled back) transaction. */
const violations: Record<string, { sql: string; expected: string[] }> = {
  rls_disabled_in_public: {
    sql: 'create table public.lint_no_rls (id int primary key)',
    expected: ['public.lint_no_rls']
  },
  permissive_write_policy_always_true: {
    sql: `
      create table public.lint_open (id int primary key);
      alter table public.lint_open enable row level security;
      create policy "anyone inserts" on public.lint_open for insert to authenticated
        with check (true);
      create policy "anyone deletes" on public.lint_open for delete to anon using (true);
      create policy "anyone reads" on public.lint_open for select using (true);
      create policy "service writes" on public.lint_open for all to service_role
        using (true) with check (true);`,
    expected: ['public.lint_open: anyone deletes', 'public.lint_open: anyone inserts']
  },
  auth_rls_initplan: {
    sql: `
      create table public.lint_initplan (owner uuid);
      alter table public.lint_initplan enable row level security;
      create policy "bare uid" on public.lint_initplan for select using (owner = auth.uid());
      create policy "bare in check" on public.lint_initplan for update
        using (owner = (select auth.uid())) with check (owner = auth.uid());
      create policy "bare jwt" on public.lint_initplan for delete
        using ((auth.jwt() ->> 'sub')::uuid = owner);
      create policy "wrapped" on public.lint_initplan for insert
        with check (owner::text = (select auth.uid()::text));`,
    expected: [
      'public.lint_initplan: bare in check',
      'public.lint_initplan: bare jwt',
      'public.lint_initplan: bare uid'
    ]
  },
  function_search_path_mutable: {
    sql: `
      create function public.lint_no_path() returns int language sql as 'select 1';
      create function app_private.lint_no_path() returns int language sql as 'select 1';
      create function public.lint_fixed_path() returns int language sql
        set search_path = '' as 'select 1';
      create function public.lint_bound_body() returns int language sql
        begin atomic select 1; end;`,
    expected: ['app_private.lint_no_path()', 'public.lint_no_path()']
  },
  anon_security_definer_function_executable: {
    // The default privileges in public grant execute to anon, so this is the easy mistake.
    sql: `
      create function public.lint_definer() returns int language sql security definer
        set search_path = '' as 'select 1';
      create function public.lint_definer_revoked() returns int language sql security definer
        set search_path = '' as 'select 1';
      revoke execute on function public.lint_definer_revoked() from public, anon;`,
    expected: ['public.lint_definer()']
  },
  private_schema_reachable_by_api_roles: {
    sql: `
      grant usage on schema app_private to authenticated;
      create function app_private.lint_open() returns int language sql
        set search_path = '' as 'select 1';`,
    expected: [
      'anon can execute app_private.lint_open()',
      'authenticated can execute app_private.lint_open()',
      'authenticated can use schema app_private'
    ]
  },
  api_roles_can_truncate: {
    sql: `
      create table public.lint_truncatable (id int primary key);
      grant truncate on public.lint_truncatable to authenticated;
      create table public.lint_kept (id int primary key);
      revoke truncate on public.lint_kept from anon, authenticated;`,
    expected: ['authenticated can truncate public.lint_truncatable']
  },
  second_factor_policy_missing: {
    // Only a table an API role can reach counts; a policy that is permissive, for one command,
    // or loosened with `or ...` does not stand in for the restrictive check on every command.
    sql: `
      create table public.lint_forgot (id int primary key);
      alter table public.lint_forgot enable row level security;
      create table public.lint_no_rls_but_checked (id int primary key);
      create table public.lint_unreachable (id int primary key);
      revoke all on public.lint_unreachable from anon, authenticated;
      create table public.lint_loose (id int primary key);
      alter table public.lint_loose enable row level security;
      create policy "loose" on public.lint_loose as restrictive for all to authenticated
        using ((select app_rules.second_factor_satisfied()) or true)
        with check ((select app_rules.second_factor_satisfied()));
      create table public.lint_reads_only (id int primary key);
      alter table public.lint_reads_only enable row level security;
      create policy "reads" on public.lint_reads_only as restrictive for select to authenticated
        using ((select app_rules.second_factor_satisfied()));
      create table public.lint_permissive (id int primary key);
      alter table public.lint_permissive enable row level security;
      create policy "permissive" on public.lint_permissive for all to authenticated
        using ((select app_rules.second_factor_satisfied()))
        with check ((select app_rules.second_factor_satisfied()));
      create table public.lint_checked (id int primary key);
      alter table public.lint_checked enable row level security;
      create policy "checked" on public.lint_checked as restrictive for all to authenticated
        using ((select app_rules.second_factor_satisfied()))
        with check ((select app_rules.second_factor_satisfied()));
      -- Without RLS the policy is never applied.
      create policy "checked" on public.lint_no_rls_but_checked as restrictive for all
        to authenticated
        using ((select app_rules.second_factor_satisfied()))
        with check ((select app_rules.second_factor_satisfied()));`,
    expected: [
      'public.lint_forgot',
      'public.lint_loose',
      'public.lint_no_rls_but_checked',
      'public.lint_permissive',
      'public.lint_reads_only'
    ]
  },
  definer_rpc_skips_second_factor: {
    sql: `
      create function public.lint_acts_for_caller() returns int language sql security definer
        set search_path = '' as 'select 1';
      create function public.lint_checks_first() returns int language plpgsql security definer
        set search_path = '' as $$
        begin
          perform app_private.require_second_factor();
          return 1;
        end $$;
      create function public.lint_service_only() returns int language sql security definer
        set search_path = '' as 'select 1';
      revoke execute on function public.lint_service_only() from public, anon, authenticated;
      create function public.lint_invoker() returns int language sql
        set search_path = '' as 'select 1';`,
    expected: ['public.lint_acts_for_caller()']
  },
  suspended_writer_unrestricted: {
    sql: `
      create table public.lint_unguarded (id int primary key, owner uuid);
      alter table public.lint_unguarded enable row level security;
      create policy "owners read" on public.lint_unguarded for select to authenticated
        using (true);
      create policy "owners insert" on public.lint_unguarded for insert to authenticated
        with check (owner = (select auth.uid()));
      create policy "owners change" on public.lint_unguarded for update to authenticated
        using (owner = (select auth.uid()));
      create policy "owners remove" on public.lint_unguarded for delete to authenticated
        using (owner = (select auth.uid()));
      create policy "guarded insert" on public.lint_unguarded as restrictive for insert
        to authenticated with check ((select app_rules.caller_may_write()));
      -- A restrictive policy that checks something else does not count.
      create policy "some other rule" on public.lint_unguarded as restrictive for delete
        to authenticated using (id > 0);
      -- Neither does the check in a permissive policy, nor for a role nobody writes as.
      create policy "permissive check" on public.lint_unguarded for update to authenticated
        using ((select app_rules.caller_may_write()));
      create policy "service check" on public.lint_unguarded as restrictive for update
        to service_role using ((select app_rules.caller_may_write()));`,
    expected: ['public.lint_unguarded: DELETE', 'public.lint_unguarded: UPDATE']
  },
  suspended_writer_definer_rpc: {
    sql: `
      create function public.lint_definer_write() returns void language sql volatile
        security definer set search_path = '' as 'select 1';
      create function public.lint_definer_guarded() returns void language plpgsql volatile
        security definer set search_path = ''
        as 'begin perform app_rules.caller_may_write(); end';
      create function public.lint_definer_read() returns int language sql stable
        security definer set search_path = '' as 'select 1';
      create function public.lint_definer_service() returns void language sql volatile
        security definer set search_path = '' as 'select 1';
      revoke execute on function public.lint_definer_service() from public, anon, authenticated;
      create function public.lint_invoker_write() returns void language sql volatile
        set search_path = '' as 'select 1';`,
    expected: ['public.lint_definer_write()']
  },
  unindexed_foreign_keys: {
    sql: `
      create table public.lint_parent (id int primary key, other int, unique (id, other));
      create table public.lint_child (
        id int primary key,
        parent_id int references public.lint_parent (id),
        pair_id int,
        pair_other int,
        constraint lint_child_pair_fkey foreign key (pair_id, pair_other)
          references public.lint_parent (id, other),
        constraint lint_child_indexed_fkey foreign key (id) references public.lint_parent (id)
      );
      -- The key column is not leading here, and a partial index does not count.
      create index on public.lint_child (pair_other, parent_id);
      create index on public.lint_child (parent_id) where parent_id > 0;
      -- Leading columns in another order still cover the two-column key.
      create index on public.lint_child (pair_other, pair_id, id);`,
    expected: ['public.lint_child: lint_child_parent_id_fkey']
  },
  policy_function_planned_per_statement: {
    // Reached directly, or only through an inlined SQL-standard body; PL/pgSQL keeps its plans.
    sql: `
      create function app_rules.lint_replanned() returns uuid[] language sql stable
        security definer set search_path = '' as 'select ''{}''::uuid[]';
      create function app_rules.lint_hidden() returns uuid[] language sql stable
        set search_path = '' as 'select ''{}''::uuid[]';
      create function app_rules.lint_inlined() returns uuid[] language sql stable
        begin atomic select app_rules.lint_hidden(); end;
      create function app_rules.lint_kept() returns uuid[] language plpgsql stable
        security definer set search_path = '' as 'begin return ''{}''::uuid[]; end';
      create table public.lint_planned (id uuid primary key);
      alter table public.lint_planned enable row level security;
      create policy "direct" on public.lint_planned for select to authenticated
        using (not (id = any ((select app_rules.lint_replanned())::uuid[])));
      create policy "inlined" on public.lint_planned for select to authenticated
        using (not (id = any ((select app_rules.lint_inlined())::uuid[])));
      create policy "kept" on public.lint_planned for select to authenticated
        using (not (id = any ((select app_rules.lint_kept())::uuid[])));`,
    expected: ['app_rules.lint_hidden()', 'app_rules.lint_replanned()']
  }
}

function objects(findings: LintFinding[]): string[] {
  return findings.map((finding) => finding.object)
}

describeEachDatabase('database lints', (suite) => {
  it('the migrated schema passes every lint', async () => {
    expect(await runAllLints(suite.db)).toEqual({})
  })

  it('still passes once the bootstrap runs again (a data folder after an update changed it)', async () => {
    await suite.db.exec(`comment on schema supabase_migrations is 'an older bootstrap'`)
    await bootstrapDatabase(suite.db)
    expect(await runAllLints(suite.db)).toEqual({})
  })

  it('every lint has a negative test below', () => {
    expect(Object.keys(violations).sort()).toEqual(DATABASE_LINTS.map((lint) => lint.name).sort())
  })

  for (const lint of DATABASE_LINTS) {
    it(`${lint.name} detects a violation`, async () => {
      const { sql, expected } = violations[lint.name]
      // Compared with what the schema already reports, so this proves detection even while
      // the schema itself is failing the lint (the test above reports that).
      const baseline = objects(await runLint(suite.db, lint))
      const findings = await inRolledBackTransaction(suite.db, async (tx: Queryable) => {
        await tx.exec(sql)
        return runLint(tx, lintByName(lint.name))
      })
      expect(objects(findings).filter((name) => !baseline.includes(name))).toEqual(expected)
      // The scratch objects were rolled back.
      expect(objects(await runLint(suite.db, lint))).toEqual(baseline)
    })
  }
})
