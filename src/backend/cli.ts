// `npm run backend`: the local Supabase-compatible backend on 127.0.0.1:54321, for browser
// development, tests and a small team's shared server. Prints its URLs and key on start.

import { resolve } from 'node:path'
import {
  BackendArgsError,
  DEFAULT_DATA_DIR,
  DEFAULT_PORT,
  parseBackendArgs,
  USAGE,
  type BackendArgs
} from './args'
import { describeStartError } from './data-dir'
import { startBackend } from './server'

const MIGRATIONS_DIR = resolve(__dirname, '../../supabase/migrations')

async function main(): Promise<void> {
  let options: BackendArgs
  try {
    options = parseBackendArgs(process.argv.slice(2))
  } catch (error) {
    if (error instanceof BackendArgsError) {
      console.error(`${error.message}\n${USAGE}`)
      process.exit(2)
    }
    throw error
  }
  const dataDir = options.dataDir === undefined ? DEFAULT_DATA_DIR : options.dataDir
  const backend = await startBackend({
    port: options.port ?? DEFAULT_PORT,
    dataDir: dataDir === null ? null : resolve(dataDir),
    databaseUrl: process.env.DATABASE_URL || undefined,
    migrationsDir: options.migrationsDir ?? MIGRATIONS_DIR,
    config: { enableConfirmations: options.enableConfirmations }
  })
  console.log(`API URL: ${backend.url}`)
  console.log(`anon key: ${backend.anonKey}`)
  // `supabase start` prints its mail catcher's URL too; here it is a page on the same port.
  console.log(`Mailbox URL: ${backend.url}/mailbox`)

  let stopping = false
  const stop = async (): Promise<void> => {
    if (stopping) return
    stopping = true
    // Closing the database flushes PGlite to the data folder; a second Ctrl-C forces exit.
    process.once('SIGINT', () => process.exit(130))
    await backend.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())
}

main().catch((error: unknown) => {
  console.error(`Could not start the local backend: ${describeStartError(error)}`)
  process.exit(1)
})
