// Opens the database the backend was asked for and brings it to the current schema.

import type { Database } from './database'
import { bootstrapDatabase } from './bootstrap'
import { applyMigrations } from './migrations'
import { loadMigrations } from './migration-files'
import { openPglite } from './pglite'
import { extensionsCreatedBy } from './pglite-extensions'

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string
  /** PGlite's data folder; undefined means in memory. */
  dataDir?: string
  migrationsDir: string
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  // Read before PGlite starts: while it compiles its WebAssembly in the background, file reads
  // on a busy machine were seen to wait seconds for a thread.
  const migrations = await loadMigrations(options.migrationsDir)
  const db = options.databaseUrl
    ? // node-postgres is loaded only for a PostgreSQL server: the desktop app never needs it.
      await (await import('./postgres')).openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir, extensionsCreatedBy(migrations.map((m) => m.sql)))
  try {
    await bootstrapDatabase(db)
    await applyMigrations(db, migrations)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
