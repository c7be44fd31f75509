// vitest globalSetup for the integration project: one PostgreSQL 15 server for the whole run,
// when the binaries exist, and the migrated databases that test databases start from
// (prepared-databases.ts). Test files get the server's URL with inject('postgresUrl') and make
// their own database with createTestDatabase(); an empty string means "not available, skip".

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
    preparedDatabases: PreparedDatabases
  }
}

let server: PostgresServer | null = null

async function startServer(): Promise<PostgresServer | null> {
  if (postgresAvailable()) return startPostgresServer()
  console.warn('[tests] PostgreSQL 15 binaries not found: PostgreSQL suites will be skipped.')
  return null
}

export async function setup(project: TestProject): Promise<void> {
  const [started, pgliteSnapshotFile] = await Promise.all([startServer(), preparePgliteSnapshot()])
  server = started
  project.provide('postgresUrl', server?.url ?? '')
  const postgresTemplate = server ? await preparePostgresTemplate(server.url) : ''
  project.provide('preparedDatabases', { pgliteSnapshotFile, postgresTemplate })
}

export function teardown(): void {
  server?.stop()
}
