// `npm run seed -- --posts N [--data DIR]`: fills the local backend's data folder with demo
// users, follows, likes and posts (stop `npm run backend` first: PGlite has one owner).
// With SEED_URL, SEED_ANON_KEY and SEED_SERVICE_ROLE_KEY it seeds a running backend instead.

import { resolve } from 'node:path'
import { DEFAULT_DATA_DIR } from '../src/backend/args'
import { authConfigWith } from '../src/backend/auth/config'
import { startBackend } from '../src/backend/server'
import { DEMO_PASSWORD, seed } from './lib/seed'

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name)
  return at >= 0 ? process.argv[at + 1] : undefined
}

async function main(): Promise<void> {
  const posts = Number(option('--posts') ?? 60)
  if (!Number.isInteger(posts) || posts < 0) throw new Error('--posts takes a whole number')
  const users = option('--users') ? Number(option('--users')) : undefined
  const log = (line: string): void => console.log(line)
  const started = Date.now()

  if (process.env.SEED_URL) {
    await seed({
      url: process.env.SEED_URL,
      anonKey: process.env.SEED_ANON_KEY ?? '',
      serviceRoleKey: process.env.SEED_SERVICE_ROLE_KEY ?? '',
      posts,
      users,
      log
    })
  } else {
    const dataDir = resolve(option('--data') ?? DEFAULT_DATA_DIR)
    const backend = await startBackend({
      port: 0,
      dataDir,
      databaseUrl: process.env.DATABASE_URL || undefined,
      migrationsDir: resolve(__dirname, '../supabase/migrations'),
      // The seed signs every demo user up and in from this one address.
      config: {
        auth: authConfigWith({ rateLimits: { signInSignUps: 100_000, tokenRefresh: 100_000 } })
      }
    })
    try {
      await seed({
        url: backend.url,
        anonKey: backend.anonKey,
        serviceRoleKey: backend.serviceRoleKey,
        posts,
        users,
        log
      })
    } finally {
      await backend.close()
    }
    console.log(`Seeded ${dataDir}`)
  }
  console.log(
    `Done in ${((Date.now() - started) / 1000).toFixed(1)} s. Demo users sign in with the password "${DEMO_PASSWORD}".`
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
