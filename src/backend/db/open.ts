// Opens the database the backend was asked for and brings it to the current schema.

import type { Database } from './database'
import { bootstrapDatabase } from './bootstrap'
import { applyMigrations } from './migrations'
import { loadMigrations } from './migration-files'
import { openPglite } from './pglite'
import { openPostgres } from './postgres'

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
    ? await openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir)
  try {
    await bootstrapDatabase(db)
    await applyMigrations(db, migrations)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
