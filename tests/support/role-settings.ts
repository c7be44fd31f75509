// Setting a role's statement_timeout for one database of the test PostgreSQL server, as an
// operator does with `alter role … in database …` (hosted: `alter role … set`): the request's
// transaction reads it (src/backend/db/as-role.ts). One database's setting leaves every other
// test's database alone.

import type { Queryable } from '../../src/backend/db/database'

/** Sets (or with null, resets) `role`'s statement_timeout in the database `db` is connected to. */
export async function setRoleStatementTimeout(
  db: Queryable,
  role: 'anon' | 'authenticated',
  timeout: string | null
): Promise<void> {
  const change = timeout === null ? 'reset statement_timeout' : `set statement_timeout = %L`
  await db.exec(`do $$ begin
    execute format('alter role ${role} in database %I ${change}', current_database()${
      timeout === null ? '' : `, '${timeout.replace(/'/g, "''")}'`
    });
  end $$`)
}
