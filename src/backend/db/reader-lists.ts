// Whether a database's schema can keep the caller's block partners and muted people from the
// statement that switches a request to the caller (see requestSettings in as-role.ts and
// migration 20261127160000). Every database the backend opens is migrated to the current
// schema, so this holds for all but a database opened on older migrations on purpose: the
// safety bench's "before the rules" side, which has no lists to keep.

import type { Database } from './database'

const keeping = new WeakSet<Database>()

/** Looks once, after the migrations, for the function the request settings call. */
export async function noteReaderLists(db: Database): Promise<void> {
  const { rows } = await db.query<{ present: boolean }>(
    `select to_regprocedure('app_rules.reader_lists_of(uuid)') is not null as present`
  )
  if (rows[0]?.present) keeping.add(db)
}

export function keepsReaderLists(db: Database): boolean {
  return keeping.has(db)
}
