// Opens the database the backend was asked for and brings it to the current schema.

import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Database } from './database'
import { bootstrapDatabase } from './bootstrap'
import { applyMigrations, checkMigratable, type Migration } from './migrations'
import { loadMigrations } from './migration-files'
import { startPgliteEngine } from './pglite-engine'
import { extensionsCreatedBy } from './pglite-extensions'

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string
  /** PGlite's data folder; undefined means in memory. */
  dataDir?: string
  migrationsDir: string
  /** Requests that may wait for the database; the next is refused with 503. */
  maxWaitingRequests?: number
  /**
   * A tarball of a bootstrapped and migrated PGlite data directory (an engine's `snapshot()`)
   * that a new PGlite database starts from instead of initdb and every migration: the tests
   * prepare one per run. Used only where there is no database yet (in memory, or a data folder
   * without one); the migrations are checked after as at every start.
   */
  pgliteSnapshot?: ArrayBuffer
}

/**
 * In-memory databases this process has already made, by their migrations: initdb is most of an
 * in-memory start, so the next one (tests start many) loads the finished data directory. Kept in
 * this process only, so nothing outside it can hand the backend a prepared database.
 */
const snapshots = new Map<string, Promise<ArrayBuffer>>()

function snapshotKey(migrations: Migration[]): string {
  const hash = createHash('sha256')
  for (const migration of migrations) hash.update(`${migration.version}\0${migration.sql}\0`)
  return hash.digest('hex')
}

/**
 * Bootstraps and migrates `db`, closing it if that fails. `database` names it in a message that
 * asks the person to act on it.
 */
export async function migrated(
  db: Database,
  migrations: Migration[],
  database?: string
): Promise<Database> {
  try {
    await checkMigratable(db, migrations, database)
    await bootstrapDatabase(db)
    await applyMigrations(db, migrations)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}

async function openInMemory(
  migrations: Migration[],
  maxWaiting: number | undefined
): Promise<Database> {
  const key = snapshotKey(migrations)
  const snapshot = await snapshots.get(key)?.catch(() => undefined)
  const extensions = extensionsCreatedBy(migrations.map((m) => m.sql))
  const db = await startPgliteEngine({ extensions, snapshot, maxWaiting })
  if (snapshot) return db
  await migrated(db, migrations)
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
  const { dataDir, pgliteSnapshot, maxWaitingRequests: maxWaiting } = options
  if (options.databaseUrl) {
    // node-postgres is loaded only for a PostgreSQL server: the desktop app never needs it.
    const { openPostgres } = await import('./postgres')
    return migrated(
      await openPostgres(options.databaseUrl, { maxWaiting }),
      migrations,
      'The PostgreSQL database at DATABASE_URL'
    )
  }
  if (!dataDir && !pgliteSnapshot) return openInMemory(migrations, maxWaiting)
  const isNew = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'))
  const db = await startPgliteEngine({
    dataDir,
    extensions: extensionsCreatedBy(migrations.map((m) => m.sql)),
    snapshot: isNew ? pgliteSnapshot : undefined,
    maxWaiting
  })
  return migrated(db, migrations, dataDir ? `The data folder ${dataDir}` : undefined)
}
