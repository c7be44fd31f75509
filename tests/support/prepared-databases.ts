// Databases prepared once per test run (global-setup.ts; the PGlite one also for the browser
// specs' backends, tests/e2e/global-setup.ts), so that a test database starts from a
// finished schema instead of running initdb, the bootstrap and every migration again in each
// test file (the integration project's largest cost): a tarball of a migrated PGlite data
// directory, kept in the temporary folder under a hash of everything that shapes it, and on the
// test PostgreSQL server a migrated database that new ones copy (CREATE DATABASE … TEMPLATE).
// A start from either still checks the bootstrap and the migrations, as every start does.

import { createHash, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { openDatabase } from '../../src/backend/db/open'
import type { PgliteEngine } from '../../src/backend/db/pglite-engine'

export interface PreparedDatabases {
  /** The PGlite tarball's path, or '' when none was prepared. */
  pgliteSnapshotFile: string
  /** The migrated database on the test PostgreSQL server, or '' when there is none. */
  postgresTemplate: string
}

const ROOT = resolve(__dirname, '../..')
const MIGRATIONS_DIR = join(ROOT, 'supabase/migrations')

/** What a migrated data directory depends on: the migrations, every bootstrap file and PGlite. */
async function snapshotKey(): Promise<string> {
  // The last part names how the tarball is made, so a change to that makes a new one.
  const hash = createHash('sha256').update('checkpointed\0')
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort()
  const dbSources = join(ROOT, 'src/backend/db')
  const bootstrap = (await readdir(dbSources)).filter((name) => /^bootstrap.*\.ts$/.test(name))
  const sources = [
    ...files.map((name) => join(MIGRATIONS_DIR, name)),
    ...bootstrap.sort().map((name) => join(dbSources, name)),
    join(ROOT, 'node_modules/@electric-sql/pglite/package.json')
  ]
  for (const file of sources)
    hash
      .update(`${file}\0`)
      .update(await readFile(file))
      .update('\0')
  return hash.digest('hex').slice(0, 20)
}

/** The tarball of a migrated in-memory PGlite database: made once, then reused across runs. */
export async function preparePgliteSnapshot(): Promise<string> {
  const file = join(tmpdir(), `instaframe-test-pgdata-${await snapshotKey()}.tar`)
  if (existsSync(file)) return file
  const db = (await openDatabase({ migrationsDir: MIGRATIONS_DIR })) as PgliteEngine
  try {
    // Written aside and renamed, so a run starting meanwhile never reads half a file.
    const partial = `${file}.${randomUUID()}`
    // A checkpoint first: a tarball taken without one makes every start from it replay the
    // write-ahead log of the whole bootstrap and every migration.
    await db.exec('checkpoint')
    await writeFile(partial, new Uint8Array(await db.snapshot()))
    await rename(partial, file)
  } finally {
    await db.close()
  }
  return file
}

/** A migrated database on the server at `adminUrl`, for createTestDatabase to copy. */
export async function preparePostgresTemplate(adminUrl: string): Promise<string> {
  const name = 'instaframe_migrated'
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  // Closed before any copy: Postgres copies a template only while nobody is connected to it.
  await (await openDatabase({ databaseUrl: url.toString(), migrationsDir: MIGRATIONS_DIR })).close()
  return name
}

let prepared: PreparedDatabases = { pgliteSnapshotFile: '', postgresTemplate: '' }
let snapshot: Promise<ArrayBuffer | undefined> | null = null

/**
 * Called in each test file (prepared-setup.ts) with what global-setup made for this run; files
 * that share a process (the integration project) read the snapshot once.
 */
export function usePreparedDatabases(databases: PreparedDatabases): void {
  if (databases.pgliteSnapshotFile !== prepared.pgliteSnapshotFile) snapshot = null
  prepared = databases
}

/** The migrated PostgreSQL database to copy, or undefined outside a prepared test run. */
export function postgresTemplate(): string | undefined {
  return prepared.postgresTemplate || undefined
}

/** The PGlite tarball this process uses, or '' outside a prepared test run. */
export function preparedSnapshotFile(): string {
  return prepared.pgliteSnapshotFile
}

/** The migrated PGlite data directory, read once per process; undefined when none was made. */
export function pgliteSnapshot(): Promise<ArrayBuffer | undefined> {
  const file = prepared.pgliteSnapshotFile
  snapshot ??= file
    ? readFile(file).then((bytes) =>
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
      )
    : Promise.resolve(undefined)
  return snapshot
}
