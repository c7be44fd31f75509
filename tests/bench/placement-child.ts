// One backend for tests/bench/engine-placement.ts, in a process of its own: on a data folder, with
// PGlite in the engine worker (as shipped) or on the backend's own thread (`caller`). Prints the
// URL and anon key lines the CLI prints, so the bench reads them the same way.

import { resolve } from 'node:path'
import { startBackend } from '../../src/backend/server'

async function main(): Promise<void> {
  const [dataDir, thread] = process.argv.slice(2)
  if (!dataDir || (thread !== 'worker' && thread !== 'caller')) {
    throw new Error('usage: placement-child.ts <data folder> worker|caller')
  }
  const backend = await startBackend({
    dataDir,
    migrationsDir: resolve(__dirname, '../../supabase/migrations'),
    pgliteThread: thread
  })
  console.log(`API URL: ${backend.url}`)
  console.log(`anon key: ${backend.anonKey}`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
