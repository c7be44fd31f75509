// Every auth query runs as supabase_auth_admin, the role GoTrue uses on hosted Supabase. It has
// rights on the auth tables only, so an app trigger on auth.users that is not SECURITY DEFINER
// fails here exactly as it would there, instead of passing as superuser (docs/architecture.md,
// "The local backend").

import { setLocal } from '../db/as-role'
import type { Database, Queryable } from '../db/database'

export function asAuthAdmin<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const { sql, params } = setLocal([
      ['role', 'supabase_auth_admin'],
      ['search_path', 'auth, public, extensions']
    ])
    await tx.query(sql, params)
    return work(tx)
  })
}
