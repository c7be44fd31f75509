// Opens the database the backend was asked for and brings it to the current schema.

import { createHash } from 'node:crypto'
import type { Database } from './database'
import { bootstrapDatabase } from './bootstrap'
import { applyMigrations, type Migration } from './migrations'
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

/**
 * In-memory databases this process has already made, by their migrations: initdb is most of an
 * in-memory start, so the next one (tests start many) loads the finished data directory. Kept in
 * this process only, so nothing outside it can hand the backend a prepared database.
 */
const snapshots = new Map<string, Promise<Blob>>()

function snapshotKey(migrations: Migration[]): string {
  const hash = createHash('sha256')
  for (const migration of migrations) hash.update(`${migration.version}\0${migration.sql}\0`)
  return hash.digest('hex')
}

async function openInMemory(migrations: Migration[]): Promise<Database> {
  const key = snapshotKey(migrations)
  const snapshot = await snapshots.get(key)?.catch(() => undefined)
  const extensions = extensionsCreatedBy(migrations.map((m) => m.sql))
  const db = await openPglite(undefined, { extensions, snapshot })
  if (snapshot) return db
  try {
    await bootstrapDatabase(db)
    await applyMigrations(db, migrations)
  } catch (error) {
    await db.close()
    throw error
  }
  // Taken before anyone else can write, so the snapshot holds only the schema.
  const taken = db.snapshot()
  snapshots.set(key, taken)
  try {
    await taken
  } catch {
    // A failed dump only means the next start runs initdb again.
    snapshots.delete(key)
  }
  return db
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  // Read before PGlite starts: while it compiles its WebAssembly in the background, file reads
  // on a busy machine were seen to wait seconds for a thread.
  const migrations = await loadMigrations(options.migrationsDir)
  if (!options.databaseUrl && !options.dataDir) return openInMemory(migrations)
  const db = options.databaseUrl
    ? // node-postgres is loaded only for a PostgreSQL server: the desktop app never needs it.
      await (await import('./postgres')).openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir, {
        extensions: extensionsCreatedBy(migrations.map((m) => m.sql))
      })
  try {
    await bootstrapDatabase(db)
    await applyMigrations(db, migrations)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
