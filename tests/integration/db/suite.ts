// One migrated database per describe block, on PGlite and on the test PostgreSQL 15 server.
// The PostgreSQL variant is skipped, with the reason in its name, when the server could not
// be started (global-setup provides '' then).

import { afterAll, beforeAll, describe, inject, it } from 'vitest'
import type { Database } from '../../../src/backend/db/database'
import { openTestDatabase, type DatabaseKind } from '../../support/databases'

export const DATABASE_KINDS: DatabaseKind[] = ['pglite', 'postgres']

const postgresUrl = inject('postgresUrl')

export function skipReason(kind: DatabaseKind): string | null {
  return kind === 'postgres' && !postgresUrl
    ? 'skipped: PostgreSQL 15 binaries not found (set POSTGRES_BIN)'
    : null
}

export interface SuiteDatabase {
  /** The database of the running describe block; only valid inside hooks and tests. */
  readonly db: Database
  readonly kind: DatabaseKind
}

/**
 * `describe.each` over both database kinds, with one database opened in beforeAll and closed
 * in afterAll. `body` registers the tests; it reads `suite.db` inside them.
 */
export function describeEachDatabase(title: string, body: (suite: SuiteDatabase) => void): void {
  describe.each(DATABASE_KINDS)(`${title} on %s`, (kind) => {
    const reason = skipReason(kind)
    let db: Database | null = null
    const suite: SuiteDatabase = {
      kind,
      get db(): Database {
        if (!db) throw new Error('The suite database is open only inside hooks and tests')
        return db
      }
    }
    if (reason) {
      it.skip(reason, () => undefined)
      return
    }
    beforeAll(async () => {
      db = await openTestDatabase(kind, postgresUrl)
    })
    afterAll(async () => {
      await db?.close()
      db = null
    })
    body(suite)
  })
}
