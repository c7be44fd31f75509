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

/** Why the PostgreSQL suites cannot run, or '' when they can. */
function postgresAbsent(): string {
  const only = process.env.INSTAFRAME_TEST_DATABASES
  if (only && !only.split(',').includes('postgres')) {
    return `skipped: INSTAFRAME_TEST_DATABASES=${only} leaves PostgreSQL out`
  }
  if (!postgresAvailable()) return 'skipped: PostgreSQL 15 binaries not found (set POSTGRES_BIN)'
  return ''
}

interface Prepared {
  server: PostgresServer | null
  absent: string
  databases: PreparedDatabases
}

/**
 * Made once for the run: the integration projects (integration, integration-isolated) share
 * this module, the server and the prepared databases; the last project's teardown stops it.
 */
let prepared: Promise<Prepared> | null = null
let users = 0

async function prepare(): Promise<Prepared> {
  const absent = postgresAbsent()
  if (absent) console.warn(`[tests] PostgreSQL suites ${absent}.`)
  const [server, pgliteSnapshotFile] = await Promise.all([
    absent ? null : startPostgresServer(),
    preparePgliteSnapshot()
  ])
  const postgresTemplate = server ? await preparePostgresTemplate(server.url) : ''
  return { server, absent, databases: { pgliteSnapshotFile, postgresTemplate } }
}

export async function setup(project: TestProject): Promise<void> {
  users += 1
  prepared ??= prepare()
  const { server, absent, databases } = await prepared
  project.provide('postgresUrl', server?.url ?? '')
  project.provide('postgresAbsent', absent)
  project.provide('preparedDatabases', databases)
}

export async function teardown(): Promise<void> {
  users -= 1
  if (users > 0 || !prepared) return
  const { server } = await prepared
  prepared = null
  server?.stop()
}
