// Suites that run once per database kind, on PGlite and on the test PostgreSQL 15 server: with a
// migrated database (SQL-level tests) or a running backend (HTTP tests). The PostgreSQL variant
// is skipped, with the reason in its name, when the server was not started (global-setup
// provides '' then, and the reason).

import { afterAll, beforeAll, describe, inject, it } from 'vitest'
import type { Database } from '../../src/backend/db/database'
import { startHarness, type Harness, type HarnessOptions } from './backend-harness'
import { DATABASE_KINDS, openTestDatabase, type DatabaseKind } from './databases'

/** The test PostgreSQL server's admin URL, or '' when its binaries are missing. */
export const postgresUrl = inject('postgresUrl')

/** Why a suite on `kind` cannot run here, or null when it can. */
export function skipReason(kind: DatabaseKind): string | null {
  return kind === 'postgres' && !postgresUrl
    ? inject('postgresAbsent') || 'skipped: PostgreSQL is not available'
    : null
}

/**
 * `describe.each` over every database kind, with one resource opened in beforeAll and closed in
 * afterAll. The resource is read through a getter, valid inside hooks and tests only.
 */
function describeEachKind<T>(
  title: string,
  open: (kind: DatabaseKind) => Promise<T>,
  close: (resource: T) => Promise<void>,
  register: (kind: DatabaseKind, current: () => T) => void
): void {
  describe.each(DATABASE_KINDS)(`${title} on %s`, (kind) => {
    const reason = skipReason(kind)
    if (reason) {
      it.skip(reason, () => undefined)
      return
    }
    let resource: T | null = null
    beforeAll(async () => {
      resource = await open(kind)
    })
    afterAll(async () => {
      if (resource) await close(resource)
      resource = null
    })
    register(kind, () => {
      if (!resource)
        throw new Error(`${title}: the suite's resource is open only inside hooks and tests`)
      return resource
    })
  })
}

export interface SuiteDatabase {
  /** The database of the running describe block; only valid inside hooks and tests. */
  readonly db: Database
  readonly kind: DatabaseKind
}

/** One migrated database per kind; `body` registers the tests and reads `suite.db` in them. */
export function describeEachDatabase(title: string, body: (suite: SuiteDatabase) => void): void {
  describeEachKind(
    title,
    (kind) => openTestDatabase(kind, postgresUrl),
    (db) => db.close(),
    (kind, current) =>
      body({
        kind,
        get db(): Database {
          return current()
        }
      })
  )
}

export interface SuiteBackend {
  /** The backend of the running describe block; only valid inside hooks and tests. */
  readonly harness: Harness
  readonly kind: DatabaseKind
}

/**
 * One running backend per kind (started with startHarness and `options`); `body` registers the
 * tests and reads `suite.harness` in them. Its own afterAll hooks run before the backend stops.
 */
export function describeEachBackend(
  title: string,
  body: (suite: SuiteBackend) => void,
  options: HarnessOptions = {}
): void {
  describeEachKind(
    title,
    (kind) => startHarness(kind, postgresUrl, options),
    (harness) => harness.close(),
    (kind, current) =>
      body({
        kind,
        get harness(): Harness {
          return current()
        }
      })
  )
}
