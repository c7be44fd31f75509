// The statement timeouts hosted Supabase gives its API roles: `alter role anon set
// statement_timeout = '3s'` and 8 s for authenticated. A role's own setting applies only to a
// session that logs in as it, never after `set local role`, which is how every request here
// (db/as-role.ts) and hosted PostgREST take the caller's role; so, as PostgREST does with
// impersonated roles' settings, as-role.ts reads the role's setting from pg_db_role_setting and
// sets it for the request's transaction. A server-wide setting the operator already made is
// kept, and one made for a database (`alter role anon in database …`) wins there.

export const ROLE_SETTINGS = `
do $$
declare
  wanted constant text[][] := array[['anon', '3s'], ['authenticated', '8s']];
  i int;
begin
  -- Roles are the server's: a second backend bootstrapping at once waits, then finds them set.
  perform pg_advisory_xact_lock(7316001);
  for i in 1 .. array_length(wanted, 1) loop
    if not exists (
      select 1 from pg_db_role_setting s, unnest(s.setconfig) as c
      where s.setrole = to_regrole(wanted[i][1]) and s.setdatabase = 0
        and starts_with(c, 'statement_timeout=')
    ) then
      execute format('alter role %I set statement_timeout = %L', wanted[i][1], wanted[i][2]);
    end if;
  end loop;
end
$$;
`
