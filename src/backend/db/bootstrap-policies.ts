// The one policy every table of GoTrue's gets in the bootstrap: row-level security on, and the
// auth server's own role (supabase_auth_admin) may do everything; the API roles get nothing.

/** RLS on for each of `tables` (schema-qualified), and the auth server's policy on each. */
export function authAdminOnly(tables: readonly string[]): string {
  return tables
    .map(
      (table) => `alter table ${table} enable row level security;
drop policy if exists auth_admin_all on ${table};
create policy auth_admin_all on ${table} to supabase_auth_admin using (true) with check (true);`
    )
    .join('\n')
}
