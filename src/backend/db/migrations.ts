// Applies supabase/migrations/*.sql in order, each once and in its own transaction, recording
// what was applied in the same table the Supabase CLI uses. A baseline that squashes earlier
// migrations is only recorded where they all were applied (squash.ts).

import type { Database, Queryable } from './database'
import type { Migration } from './migration'
import { planMigrations } from './squash'

export type { Migration } from './migration'

const MIGRATION_FILE = /^(\d{14})_([\w-]+)\.sql$/

/** Parses "20261123090000_initial_schema.sql"; null for files that are not migrations. */
export function parseMigrationFileName(fileName: string): { version: string; name: string } | null {
  const match = MIGRATION_FILE.exec(fileName)
  return match ? { version: match[1], name: match[2] } : null
}

export async function appliedMigrationVersions(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations order by version'
  )
  return rows.map((row) => row.version)
}

/**
 * Throws, changing nothing, when `db` cannot be brought to `migrations` (it stopped part-way
 * through migrations a baseline squashes). Run before the bootstrap, which may write.
 */
export async function checkMigratable(
  db: Queryable,
  migrations: Migration[],
  database?: string
): Promise<void> {
  const { rows } = await db.query<{ present: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is not null as present`
  )
  if (rows[0]?.present) planMigrations(await appliedMigrationVersions(db), migrations, database)
}

/**
 * Returns the versions it recorded now (applied, or a baseline recorded without running);
 * already-recorded ones are skipped.
 */
export async function applyMigrations(db: Database, migrations: Migration[]): Promise<string[]> {
  const { steps } = planMigrations(await appliedMigrationVersions(db), migrations)
  for (const { migration, action } of steps) {
    await db.transaction(async (tx) => {
      try {
        if (action === 'run') await tx.exec(migration.sql)
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        throw new Error(`Migration ${migration.version}_${migration.name} failed: ${reason}`, {
          cause: error
        })
      }
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
        [migration.version, migration.name]
      )
    })
  }
  return steps.map((step) => step.migration.version)
}
