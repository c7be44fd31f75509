// vitest globalSetup for the node project: one PostgreSQL 15 server for the whole run, when
// the binaries exist. Test files get its URL with inject('postgresUrl') and make their own
// database with createTestDatabase(); an empty string means "not available, skip".

import type {} from 'vitest'
import type { TestProject } from 'vitest/node'
import { postgresAvailable, startPostgresServer, type PostgresServer } from './postgres-server'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string
  }
}

let server: PostgresServer | null = null

export async function setup(project: TestProject): Promise<void> {
  if (!postgresAvailable()) {
    console.warn('[tests] PostgreSQL 15 binaries not found: PostgreSQL suites will be skipped.')
    project.provide('postgresUrl', '')
    return
  }
  server = await startPostgresServer()
  project.provide('postgresUrl', server.url)
}

export function teardown(): void {
  server?.stop()
}
