// `npm run backend`: the local Supabase-compatible backend on 127.0.0.1:54321, with the app's
// housekeeping (stack.ts), for browser development, tests and a small team's shared server.
// Prints what `supabase start` prints for the parts it has: the URLs and the keys (the
// service_role key too, so admin tools and server-side code can be pointed at an in-memory
// backend).

import { resolve } from 'node:path'
import {
  BackendArgsError,
  DEFAULT_DATA_DIR,
  DEFAULT_PORT,
  parseBackendArgs,
  USAGE,
  type BackendArgs
} from '../backend/args'
import { describeStartError } from '../backend/data-dir'
import { DEV_ORIGINS } from '../backend/http/cors'
import { MODERATOR_USAGE, splitStackArgs } from './args'
import { grantModerator } from './moderators'
import { startLocalStack } from './stack'

const MIGRATIONS_DIR = resolve(__dirname, '../../supabase/migrations')

/** The database URL as printed: its password is the operator's, not the console's. */
function redactPassword(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return url
  }
}

async function main(): Promise<void> {
  let options: BackendArgs
  let moderators: string[]
  try {
    const stackArgs = splitStackArgs(process.argv.slice(2))
    moderators = stackArgs.moderators
    options = parseBackendArgs(stackArgs.backendArgv)
  } catch (error) {
    if (error instanceof BackendArgsError) {
      console.error(`${error.message}\n${USAGE} ${MODERATOR_USAGE}`)
      process.exit(2)
    }
    throw error
  }
  const dataDir = options.dataDir === undefined ? DEFAULT_DATA_DIR : options.dataDir
  const backend = await startLocalStack({
    port: options.port ?? DEFAULT_PORT,
    dataDir: dataDir === null ? null : resolve(dataDir),
    databaseUrl: process.env.DATABASE_URL || undefined,
    migrationsDir: options.migrationsDir ?? MIGRATIONS_DIR,
    config: {
      enableConfirmations: options.enableConfirmations,
      corsOrigins: [...DEV_ORIGINS, ...options.origins]
    }
  })
  const database = process.env.DATABASE_URL
    ? redactPassword(process.env.DATABASE_URL)
    : `PGlite (embedded, ${dataDir === null ? 'in memory' : `in ${resolve(dataDir, 'pgdata')}`}; no TCP port)`
  console.log(`API URL: ${backend.url}`)
  console.log(`DB URL: ${database}`)
  console.log(
    `JWT secret (hex of the HS256 key): ${Buffer.from(backend.context.keys.secret).toString('hex')}`
  )
  console.log(`anon key: ${backend.anonKey}`)
  console.log(`service_role key: ${backend.serviceRoleKey}`)
  // `supabase start` prints its mail catcher's URL too; here it is a page on the same port,
  // switched off when [auth.email.smtp] sends real mail.
  if (backend.context.config.email.smtp === null) {
    console.log(`Mailbox URL: ${backend.url}/mailbox`)
  }
  for (const email of moderators) {
    const granted = await grantModerator(backend.url, backend.serviceRoleKey, email)
    console.log(
      granted
        ? `Moderator: ${email}`
        : `No account with the email ${email} yet: sign up, then start again with --moderator`
    )
  }

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
