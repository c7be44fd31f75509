// One backend for tests/bench/engine-placement.ts, in a process of its own: on a data folder, with
// PGlite in the engine worker (as shipped) or on the backend's own thread (`caller`, opened here:
// the shipped backend has no such mode). Prints the URL and anon key lines the CLI prints, so the
// bench reads them the same way.

import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Database } from '../../src/backend/db/database'
import { migrated, type DatabaseOptions } from '../../src/backend/db/open'
import { loadMigrations } from '../../src/backend/db/migration-files'
import { openPglite } from '../../src/backend/db/pglite'
import { extensionsCreatedBy } from '../../src/backend/db/pglite-extensions'
import { compiledPgliteWasm } from '../../src/backend/db/pglite-wasm'
import { startBackend } from '../../src/backend/server'

/** PGlite on the calling thread: no engine worker, so no watchdog either. */
async function openOnThisThread(options: DatabaseOptions): Promise<Database> {
  const migrations = await loadMigrations(options.migrationsDir)
  const { dataDir, pgliteSnapshot } = options
  const isNew = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'))
  const db = await openPglite(dataDir, {
    extensions: extensionsCreatedBy(migrations.map((m) => m.sql)),
    snapshot: isNew ? pgliteSnapshot : undefined,
    wasm: await compiledPgliteWasm()
  })
  return migrated(db, migrations)
}

async function main(): Promise<void> {
  const [dataDir, thread] = process.argv.slice(2)
  if (!dataDir || (thread !== 'worker' && thread !== 'caller')) {
    throw new Error('usage: placement-child.ts <data folder> worker|caller')
  }
  const backend = await startBackend({
    dataDir,
    migrationsDir: resolve(__dirname, '../../supabase/migrations'),
    ...(thread === 'caller' && { openDatabase: openOnThisThread })
  })
  console.log(`API URL: ${backend.url}`)
  console.log(`anon key: ${backend.anonKey}`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
