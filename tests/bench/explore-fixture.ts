// Explore's bench database: EXPLORE_USERS people, every one of them an author, and
// EXPLORE_POSTS posts, built by the benches' set-based seeders (seedPeople, seedPosts) with the
// triggers off. On PostgreSQL it is built anew each run (about a minute). On PGlite the posts'
// own checks (the storage-path patterns, milliseconds a row in WebAssembly) make it 10 minutes
// or more on a loaded machine, so the built data folder is kept in the temporary folder, keyed
// by what shapes its rows (these seeders, PGlite's version, the sizes), and each run opens a
// copy. Not by the migrations: the backend brings the copy up to date when it opens it, as it
// does a user's folder, so a schema change costs a run its new migrations, not a rebuild.

import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, mkdtemp, readFile, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { DEFAULT_AUTH_CONFIG } from '../../src/backend/auth/config'
import { signJwt } from '../../src/backend/jwt'
import { FEED_PAGE_SIZE } from '../../src/shared/limits'
import { startHarness, testClient } from '../support/backend-harness'
import type { DatabaseKind } from '../support/databases'
import { seedPosts, startBenchBackend, uploadPlainPhotos, type BenchBackend } from './backend'
import { seedPeople } from './people'

/** The accounts startBenchBackend makes before the reader (bench_0 … bench_23). */
const BENCH_AUTHORS = 24
const READER = `bench_${BENCH_AUTHORS}`

export interface ExploreFixture {
  bench: BenchBackend
  /** How long the database took to build, or to copy from the cache; milliseconds. */
  buildMs: number
  cached: boolean
  close(): Promise<void>
}

async function build(
  posts: number,
  users: number,
  options: { databaseUrl?: string; dataDir?: string }
): Promise<BenchBackend> {
  const bench = await startBenchBackend(BENCH_AUTHORS, options)
  try {
    const images = await uploadPlainPhotos(bench, FEED_PAGE_SIZE)
    await seedPeople(bench, users)
    const authors = (
      await bench.backend.db.query<{ id: string }>(
        'select id from public.profiles where id <> $1 order by id',
        [bench.reader.id]
      )
    ).rows.map((row) => row.id)
    await seedPosts({ ...bench, userIds: authors }, posts, images)
    await bench.backend.db.exec('analyze')
    return bench
  } catch (error) {
    await bench.backend.close()
    throw error
  }
}

/** What the cached folder's rows depend on: a change to any of it builds a new one. */
async function cacheKey(posts: number, users: number): Promise<string> {
  const hash = createHash('sha256').update(`${posts}/${users}`)
  for (const file of ['explore-fixture.ts', 'backend.ts', 'people.ts']) {
    hash.update(await readFile(join(__dirname, file)))
  }
  const pglite = resolve(__dirname, '../../node_modules/@electric-sql/pglite/package.json')
  hash.update(JSON.parse(await readFile(pglite, 'utf8')).version as string)
  return hash.digest('hex').slice(0, 16)
}

/** The backend on a copy of the cached PGlite folder (migrated as it opens), the reader signed in anew. */
async function openCopy(folder: string): Promise<{ bench: BenchBackend; copy: string }> {
  const copy = await mkdtemp(join(tmpdir(), 'bench-explore-run-'))
  await cp(folder, copy, { recursive: true })
  const { backend } = await startHarness('pglite', '', {
    dataDir: copy,
    passwordCost: DEFAULT_AUTH_CONFIG.passwordCost
  })
  const { rows } = await backend.db.query<{ id: string; username: string }>(
    `select id, username from public.profiles where username like 'bench\\_%' order by created_at`
  )
  const reader = rows.find((row) => row.username === READER)
  if (!reader) throw new Error(`the cached Explore folder ${folder} has no ${READER}`)
  const token = await signJwt(backend.context.keys, {
    role: 'authenticated',
    sub: reader.id,
    aud: 'authenticated'
  })
  return {
    copy,
    bench: {
      backend,
      userIds: rows.filter((row) => row !== reader).map((row) => row.id),
      reader: { id: reader.id, client: testClient(backend.url, backend.anonKey, { token }) },
      service: testClient(backend.url, backend.anonKey, { token: backend.serviceRoleKey })
    }
  }
}

/** Explore's database on `kind` (PostgreSQL at `databaseUrl`), started and ready to read. */
export async function exploreFixture(
  kind: DatabaseKind,
  posts: number,
  users: number,
  databaseUrl?: string
): Promise<ExploreFixture> {
  const started = performance.now()
  if (kind === 'postgres') {
    const bench = await build(posts, users, { databaseUrl })
    return {
      bench,
      buildMs: performance.now() - started,
      cached: false,
      close: () => bench.backend.close()
    }
  }
  const folder = join(tmpdir(), `instaframe-bench-explore-${await cacheKey(posts, users)}`)
  const cached = existsSync(folder)
  if (!cached) {
    // Built beside the cache and renamed when whole, so a stopped run leaves no half folder.
    const partial = await mkdtemp(`${folder}-building-`)
    try {
      const bench = await build(posts, users, { dataDir: partial })
      await bench.backend.close()
      await rename(partial, folder)
    } catch (error) {
      await rm(partial, { recursive: true, force: true })
      throw error
    }
  }
  const { bench, copy } = await openCopy(folder)
  return {
    bench,
    buildMs: performance.now() - started,
    cached,
    async close() {
      await bench.backend.close()
      await rm(copy, { recursive: true, force: true })
    }
  }
}
