// Fresh databases for tests: an in-memory PGlite, or a new database on the test PostgreSQL
// server, both bootstrapped and migrated exactly as the backend does at start (from the
// migrated copies of prepared-databases.ts when the test run made them).

import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import pg from 'pg'
import type { Database } from '../../src/backend/db/database'
import { openDatabase } from '../../src/backend/db/open'
import { pooledPglite } from './pglite-pool'
import { postgresTemplate } from './prepared-databases'

export const MIGRATIONS_DIR = resolve(__dirname, '../../supabase/migrations')

/**
 * Creates a database on the server at `adminUrl` and returns its URL: empty, or a copy of
 * `template` (a database nobody is connected to).
 */
export async function createTestDatabase(adminUrl: string, template?: string): Promise<string> {
  const name = `test_${randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(`create database ${name}${template ? ` template ${template}` : ''}`)
  } finally {
    await client.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export type DatabaseKind = 'pglite' | 'postgres'

/** Every kind a backend runs on: each database and HTTP suite runs once per kind. */
export const DATABASE_KINDS: readonly DatabaseKind[] = ['pglite', 'postgres']

/** A new database for a backend: a copy of the run's migrated one when there is one. */
export function createMigratedTestDatabase(adminUrl: string): Promise<string> {
  return createTestDatabase(adminUrl, postgresTemplate())
}

/**
 * A migrated database of the given kind; for postgres, `adminUrl` must be set. A PGlite one
 * comes from this process's pool (pglite-pool.ts): closing it hands it back.
 */
export async function openTestDatabase(kind: DatabaseKind, adminUrl?: string): Promise<Database> {
  if (kind === 'pglite') return pooledPglite(MIGRATIONS_DIR)
  if (!adminUrl) throw new Error('PostgreSQL is not available')
  return openDatabase({
    databaseUrl: await createMigratedTestDatabase(adminUrl),
    migrationsDir: MIGRATIONS_DIR
  })
}
