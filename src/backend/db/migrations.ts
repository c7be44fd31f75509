// Applies supabase/migrations/*.sql in order, each once and in its own transaction, recording
// what was applied in the same table the Supabase CLI uses.

import type { Database } from './database'

export interface Migration {
  /** The timestamp prefix of the file name, e.g. "20261123090000". */
  version: string
  name: string
  sql: string
}

const MIGRATION_FILE = /^(\d{14})_([\w-]+)\.sql$/

/** Parses "20261123090000_initial_schema.sql"; null for files that are not migrations. */
export function parseMigrationFileName(fileName: string): { version: string; name: string } | null {
  const match = MIGRATION_FILE.exec(fileName)
  return match ? { version: match[1], name: match[2] } : null
}

export async function appliedMigrationVersions(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations order by version'
  )
  return rows.map((row) => row.version)
}

/** Returns the versions it applied now; already-applied ones are skipped. */
export async function applyMigrations(db: Database, migrations: Migration[]): Promise<string[]> {
  const done = new Set(await appliedMigrationVersions(db))
  const pending = [...migrations]
    .sort((a, b) => a.version.localeCompare(b.version))
    .filter((migration) => !done.has(migration.version))
  for (const migration of pending) {
    await db.transaction(async (tx) => {
      try {
        await tx.exec(migration.sql)
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
  return pending.map((migration) => migration.version)
}
