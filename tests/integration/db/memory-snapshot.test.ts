// In-memory PGlite databases after the first in a process start from a snapshot of a freshly
// bootstrapped and migrated one (db/open.ts): they must be just as complete, and share nothing.
// Opened without the test run's prepared snapshot, which would skip the first start's initdb.

import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src/backend/db/open'
import { MIGRATIONS_DIR } from '../../support/databases'

const openInMemory = () => openDatabase({ migrationsDir: MIGRATIONS_DIR })

describe('in-memory databases from the snapshot', () => {
  it('are fully migrated, independent of each other, and start faster than initdb', async () => {
    const started = performance.now()
    const first = await openInMemory()
    const firstMs = performance.now() - started
    await first.query(
      `insert into auth.users (id, email, raw_user_meta_data)
       values (gen_random_uuid(), 'snap@example.com', '{"username":"snapshot_user"}')`
    )
    const again = performance.now()
    const second = await openInMemory()
    const secondMs = performance.now() - again
    try {
      const migrations = async (db: typeof first): Promise<string[]> =>
        (
          await db.query<{ version: string }>(
            'select version from supabase_migrations.schema_migrations order by 1'
          )
        ).rows.map((row) => row.version)
      expect(await migrations(second)).toEqual(await migrations(first))
      const profiles = await second.query('select 1 from public.profiles')
      expect(profiles.rows).toEqual([])
      // The sign-up trigger and the policies came with the snapshot.
      await second.query(
        `insert into auth.users (id, email, raw_user_meta_data)
         values (gen_random_uuid(), 'snap2@example.com', '{"username":"snapshot_two"}')`
      )
      const { rows } = await second.query<{ username: string }>('select username from profiles')
      expect(rows).toEqual([{ username: 'snapshot_two' }])
      expect(secondMs).toBeLessThan(firstMs)
    } finally {
      await first.close()
      await second.close()
    }
    // Two starts, the first with initdb: slow on a busy machine.
  }, 120_000)
})
