// PGlite on a data folder answers Postgres's "how long is this relation file" from memory until
// the file is written or truncated (src/backend/db/pglite-file-sizes.ts). Here on a real data
// folder: repeated scans are answered from memory, and every way a relation grows or shrinks
// (inserts that add pages, TRUNCATE, VACUUM FULL, DELETE + VACUUM, a new table) still gives
// Postgres the true size, checked against the file on disk after a clean close and reopen.

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openPglite, type PgliteDatabase } from '../../../src/backend/db/pglite'

let dataDir: string
let db: PgliteDatabase | null = null

afterEach(async () => {
  await db?.close()
  db = null
  await rm(dataDir, { recursive: true, force: true })
})

async function open(): Promise<PgliteDatabase> {
  dataDir ??= await mkdtemp(join(tmpdir(), 'file-sizes-'))
  db = await openPglite(join(dataDir, 'pgdata'))
  return db
}

const pages = async (table: string): Promise<number> =>
  Number(
    (await db!.query<{ n: string }>(`select pg_relation_size('${table}') / 8192 as n`)).rows[0].n
  )
const count = async (table: string): Promise<number> =>
  Number((await db!.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0].n)

describe('remembered relation file sizes (PGlite on a data folder)', () => {
  it('answers repeated scans from memory', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'file-sizes-'))
    const database = await open()
    await database.exec('create table t (x int); insert into t select generate_series(1, 100)')
    const before = { ...database.fileSizes! }
    for (let i = 0; i < 20; i++) expect(await count('t')).toBe(100)
    const asked = database.fileSizes!.asked - before.asked
    const fromMemory = database.fileSizes!.answeredFromMemory - before.answeredFromMemory
    expect(asked).toBeGreaterThanOrEqual(20)
    expect(fromMemory).toBeGreaterThanOrEqual(asked - 2)
  })

  it('keeps every size true as relations grow, shrink, and come and go', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'file-sizes-'))
    await open()
    await db!.exec(`create table t (x int, pad text)`)
    for (let round = 1; round <= 3; round++) {
      // Each round adds pages the scans before it had measured the file without.
      expect(await count('t')).toBe((round - 1) * 2000)
      await db!.exec(`insert into t select i, repeat('x', 200) from generate_series(1, 2000) i`)
      expect(await count('t')).toBe(round * 2000)
    }
    const grown = await pages('t')
    expect(grown).toBeGreaterThan(50)
    await db!.exec('delete from t where x > 100')
    await db!.exec('vacuum t')
    expect(await count('t')).toBe(300)
    await db!.exec('vacuum full t')
    expect(await pages('t')).toBeLessThan(grown)
    expect(await count('t')).toBe(300)
    await db!.exec('truncate t')
    expect(await count('t')).toBe(0)
    expect(await pages('t')).toBe(0)
    await db!.exec(`insert into t select i, 'y' from generate_series(1, 500) i`)
    await db!.exec('drop table t; create table t (x int, pad text)')
    expect(await count('t')).toBe(0)
    await db!.exec(`insert into t select i, 'z' from generate_series(1, 700) i`)
    const before = await pages('t')
    expect(await count('t')).toBe(700)

    // What Postgres saw is what is on disk: a fresh process reads the same from the files.
    await db!.close()
    db = null
    await open()
    expect(await count('t')).toBe(700)
    expect(await pages('t')).toBe(before)
  })

  it('keeps nothing for an in-memory database', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'file-sizes-'))
    const memory = await openPglite()
    try {
      expect(memory.fileSizes).toBeNull()
    } finally {
      await memory.close()
    }
  })
})
