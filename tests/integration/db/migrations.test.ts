import { describe, expect, inject, it } from 'vitest'
import { appliedMigrationVersions, applyMigrations } from '../../../src/backend/db/migrations'
import { loadMigrations } from '../../../src/backend/db/migration-files'
import { bootstrapDatabase } from '../../../src/backend/db/bootstrap'
import { MIGRATIONS_DIR, openTestDatabase, type DatabaseKind } from '../../support/databases'

const postgresUrl = inject('postgresUrl')
const kinds: DatabaseKind[] = ['pglite', 'postgres']

describe.each(kinds)('migrations on %s', (kind) => {
  const skip = kind === 'postgres' && !postgresUrl
  it.skipIf(skip)('apply every migration once, and a second run applies nothing', async () => {
    const db = await openTestDatabase(kind, postgresUrl)
    try {
      const files = await loadMigrations(MIGRATIONS_DIR)
      expect(files.length).toBeGreaterThan(0)
      expect(await appliedMigrationVersions(db)).toEqual(files.map((m) => m.version))
      await bootstrapDatabase(db)
      expect(await applyMigrations(db, files)).toEqual([])
      const { rows } = await db.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = 'public' order by 1`
      )
      expect(rows.map((r) => r.table_name)).toEqual(['follows', 'likes', 'posts', 'profiles'])
    } finally {
      await db.close()
    }
  })
})
