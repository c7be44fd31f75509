// vitest globalSetup for the integration project: one PostgreSQL 15 server for the whole run,
// when the binaries exist and INSTAFRAME_TEST_DATABASES (`npm run test:quick` sets it to
// `pglite`) does not leave PostgreSQL out, and the migrated databases that test databases start
// from (prepared-databases.ts). Test files get the server's URL with inject('postgresUrl') and
// make their own database with createTestDatabase(); an empty string means "not available, skip"
// and inject('postgresAbsent') says why.

import type {} from 'vitest'
import type { TestProject } from 'vitest/node'
import { postgresAvailable, startPostgresServer, type PostgresServer } from './postgres-server'
import {
  preparePgliteSnapshot,
  preparePostgresTemplate,
  type PreparedDatabases
} from './prepared-databases'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string
    postgresAbsent: string
    preparedDatabases: PreparedDatabases
  }
}

let server: PostgresServer | null = null

/** Why the PostgreSQL suites cannot run, or '' when they can. */
function postgresAbsent(): string {
  const only = process.env.INSTAFRAME_TEST_DATABASES
  if (only && !only.split(',').includes('postgres')) {
    return `skipped: INSTAFRAME_TEST_DATABASES=${only} leaves PostgreSQL out`
  }
  if (!postgresAvailable()) return 'skipped: PostgreSQL 15 binaries not found (set POSTGRES_BIN)'
  return ''
}

export async function setup(project: TestProject): Promise<void> {
  const absent = postgresAbsent()
  if (absent) console.warn(`[tests] PostgreSQL suites ${absent}.`)
  const [started, pgliteSnapshotFile] = await Promise.all([
    absent ? null : startPostgresServer(),
    preparePgliteSnapshot()
  ])
  server = started
  project.provide('postgresUrl', server?.url ?? '')
  project.provide('postgresAbsent', absent)
  const postgresTemplate = server ? await preparePostgresTemplate(server.url) : ''
  project.provide('preparedDatabases', { pgliteSnapshotFile, postgresTemplate })
}

export function teardown(): void {
  server?.stop()
}
