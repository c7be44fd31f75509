// A database made before the migrations were squashed into one baseline, on PGlite (a desktop
// data folder) and PostgreSQL: one that has every old migration is recorded at the baseline
// without running it, then takes the migrations after it, with its schema exactly a fresh
// database's and its data kept; one part-way through the old migrations is refused with what to
// do, and left as it was.

import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../src/backend/db/database'
import { appliedMigrationVersions } from '../../../src/backend/db/migrations'
import { openDatabase } from '../../../src/backend/db/open'
import type { PgliteEngine } from '../../../src/backend/db/pglite-engine'
import { dumpSchema } from '../../../scripts/lib/schema-dump'
import {
  createMigratedTestDatabase,
  createTestDatabase,
  DATABASE_KINDS,
  MIGRATIONS_DIR
} from '../../support/databases'
import { postgresUrl, skipReason } from '../../support/database-suite'
import { pgliteSnapshot } from '../../support/prepared-databases'
import {
  LAST_PRE_BASELINE,
  PRE_BASELINE_COUNT,
  preBaselineMigrations
} from '../../support/pre-baseline'
import { postAs, signUp } from '../../support/sql-actors'

/** PGlite on disk opens its folder several times per test. */
const SLOW = { timeout: 600_000 }
/** A migration written after the baseline, as the next change that ships will be. */
const LATER = '20991231000000'
const LATER_SQL = 'create table public.after_the_baseline (id int primary key);'

describe.each(DATABASE_KINDS)('a database from before the baseline on %s', (kind) => {
  const reason = skipReason(kind)
  if (reason) {
    it.skip(reason, () => undefined)
    return
  }
  const folders: string[] = []
  let oldChain: string
  let partial: string
  let current: string
  /**
   * On PGlite, the database of every old migration but the last, made once in memory: a new
   * data folder starts from its copy instead of running initdb and 70 migrations on disk.
   */
  let partialSnapshot: ArrayBuffer | undefined

  const folder = async (prefix: string) => {
    const made = await mkdtemp(join(tmpdir(), prefix))
    folders.push(made)
    return made
  }

  /** Where a database lives: a PGlite data folder (or memory), or a database on the server. */
  type Place = { dataDir?: string; databaseUrl?: string }
  const newPlace = async (): Promise<Place> =>
    kind === 'pglite'
      ? { dataDir: join(await folder('pre-baseline-data-'), 'data') }
      : { databaseUrl: await createTestDatabase(postgresUrl) }
  const open = (place: Place, migrationsDir: string) => openDatabase({ ...place, migrationsDir })
  /** The first open of a new place, by the old code: at `partial`, or at `oldChain` from it. */
  const create = (place: Place, migrationsDir: string) =>
    openDatabase({ ...place, migrationsDir, pgliteSnapshot: partialSnapshot })

  beforeAll(async () => {
    oldChain = await preBaselineMigrations()
    partial = await preBaselineMigrations((version) => version < LAST_PRE_BASELINE)
    folders.push(oldChain, partial)
    if (kind === 'pglite') {
      const db = (await openDatabase({ migrationsDir: partial })) as PgliteEngine
      try {
        partialSnapshot = await db.snapshot()
      } finally {
        await db.close()
      }
    }
    // Today's migrations and one written after the baseline.
    current = await folder('baseline-and-later-')
    for (const file of await readdir(MIGRATIONS_DIR)) {
      await cp(join(MIGRATIONS_DIR, file), join(current, file))
    }
    await writeFile(join(current, `${LATER}_after_the_baseline.sql`), LATER_SQL)
  }, SLOW.timeout)

  afterAll(async () => {
    for (const made of folders) await rm(made, { recursive: true, force: true })
  })

  it(
    'with every old migration: the baseline is recorded, later ones run, nothing is lost',
    SLOW,
    async () => {
      const place = await newPlace()
      let db: Database = await create(place, oldChain)
      const oldVersions = await appliedMigrationVersions(db)
      expect(oldVersions).toHaveLength(PRE_BASELINE_COUNT)
      const writer = await signUp(db, 'writer', { username: 'old_writer' })
      const post = await postAs(db, writer)
      await db.close()

      db = await open(place, current)
      let fresh: Database | null = null
      try {
        // The old ones stay recorded, beside the baseline and every migration after it.
        const since = (await readdir(current)).map((file) => file.slice(0, 14)).sort()
        expect(since[0]).toBe('20261129140000')
        expect(await appliedMigrationVersions(db)).toEqual([...oldVersions, ...since])
        const { rows } = await db.query<{ username: string; id: string }>(
          'select pr.username, p.id from posts p join profiles pr on pr.id = p.user_id'
        )
        expect(rows).toEqual([{ username: 'old_writer', id: post }])
        expect((await db.query('select * from public.after_the_baseline')).rows).toEqual([])

        // Exactly the schema a new database gets from the same migrations: one of the run's
        // new databases (prepared-databases.ts, today's migrations) takes the later one.
        fresh =
          kind === 'pglite'
            ? await openDatabase({ migrationsDir: current, pgliteSnapshot: await pgliteSnapshot() })
            : await open({ databaseUrl: await createMigratedTestDatabase(postgresUrl) }, current)
        expect(await dumpSchema(db)).toBe(await dumpSchema(fresh))
      } finally {
        await db.close()
        await fresh?.close()
      }
    }
  )

  it(
    'part-way through the old migrations: refused, unchanged, and the advice works',
    SLOW,
    async () => {
      const place = await newPlace()
      let db = await create(place, partial)
      await signUp(db, 'writer', { username: 'partial_writer' })
      const before = { versions: await appliedMigrationVersions(db), schema: await dumpSchema(db) }
      await db.close()

      const where =
        kind === 'pglite' && 'dataDir' in place
          ? `The data folder ${place.dataDir}`
          : 'The PostgreSQL database at DATABASE_URL'
      await expect(open(place, current)).rejects.toThrow(
        `${where} stopped part-way through the migrations that ` +
          `20261129140000_baseline replaces: it has ${PRE_BASELINE_COUNT - 1} of the ` +
          `${PRE_BASELINE_COUNT} (20261123090000 to ${LAST_PRE_BASELINE}), so that baseline can ` +
          `neither run nor be skipped. Nothing was changed.`
      )

      // Opened by the old code again: nothing was recorded or changed.
      db = await open(place, partial)
      expect(await appliedMigrationVersions(db)).toEqual(before.versions)
      expect(await dumpSchema(db)).toBe(before.schema)
      await db.close()

      // What the message says to do: finish the old migrations, then start the new code.
      await (await open(place, oldChain)).close()
      db = await open(place, current)
      try {
        const { rows } = await db.query('select username from profiles')
        expect(rows).toEqual([{ username: 'partial_writer' }])
      } finally {
        await db.close()
      }
    }
  )
})
