// What one REST request costs on the local backend, on PGlite and on PostgreSQL: a one-row read,
// a feed page (12 posts with their authors, through the feed_page rpc the app uses), feed pages
// per second with 4 callers, the backend's memory (RSS idle, and after 1,000 feed pages) and its
// start-up time on a data folder that already holds the posts, against its start on an empty
// database (the same schema, no rows), timed in turns. The backend runs as the CLI in a
// child process (as `npm run backend` and the desktop app's utilityProcess do), so its RSS is its
// own and the bench's client work does not share its event loop. Each request is timed in turns
// with the same server's `/health` through plain fetch (no client library), so the ratio to that
// floor holds on a noisy shared machine where absolute times move from run to run.

import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_AUTH_CONFIG } from '../../src/backend/auth/config'
import { FEED_PAGE_RPC, FEED_SELECT } from '../../src/shared/data/feed'
import { insertUser, startHarness } from '../support/backend-harness'
import { startChildBackend } from '../support/child-backend'
import { createTestDatabase, DATABASE_KINDS, type DatabaseKind } from '../support/databases'
import { postgresAvailable, startPostgresServer } from '../support/postgres-server'
import { ServerTimingFetch, timeSplitsAlternating, type RequestSplit } from './request-split'
import { percentile, throughput, type Timing } from './stats'

export interface PerRequestResults {
  kind: DatabaseKind
  posts: number
  /** Spawn of the CLI to its "API URL" line, on a data folder that already holds the posts (p50). */
  startupMs: number
  /** The same on an empty database (migrated, no rows), timed in turns with `startupMs` (p50). */
  emptyStartupMs?: number
  /** The client's total per request (as before the split was measured). */
  oneRow: Timing
  feedPage: Timing
  /**
   * Client total, the backend's Server-Timing total and database share, and the transport for
   * each kind of request; the floor is `/health`, which touches no database: what HTTP alone
   * costs between these two processes on this machine.
   */
  split?: { oneRow: RequestSplit; feedPage: RequestSplit; floor: RequestSplit }
  pagesPerSecond: number
  /** `/health` requests per second with the same 4 callers, timed in turns with the pages. */
  healthPerSecond?: number
  rssIdleBytes: number
  rssLoadedBytes: number
  /** The machine's 1-minute load average when the timings started (other work skews them). */
  loadAverage?: number
}

const AUTHORS = 24
/** Rounds timed, and rounds before them: the backend's and fetch's JavaScript and PGlite's
 * WebAssembly are optimized as they run, and /health took 0.9 ms over the first 400 rounds
 * against 0.35 ms from the 800th on, so a short warm-up timed a server still compiling. */
export const PER_REQUEST_ROUNDS = { runs: 400, warmup: 1_000 }
const THROUGHPUT_MS = 4000
/** Starts timed on each database, in turns: each is stopped cleanly before the next starts. */
const STARTS = 5
const STORAGE_BASE = 'http://127.0.0.1:54321/storage/v1/object/public/images/posts'

/** Fills the database through SQL (generate_series): the bench measures reads, not inserts. */
export async function seed(dataDir: string, databaseUrl: string | undefined, posts: number) {
  const { backend } = await startHarness(databaseUrl ? 'postgres' : 'pglite', '', {
    dataDir,
    databaseUrl,
    // GoTrue's bcrypt cost, as a real install hashes.
    passwordCost: DEFAULT_AUTH_CONFIG.passwordCost
  })
  try {
    const ids: string[] = []
    for (let i = 0; i < AUTHORS; i++) ids.push((await insertUser(backend, `req_${i}`, `R ${i}`)).id)
    await backend.db.query(
      `insert into public.posts (user_id, image_url, thumb_url, width, height, caption, created_at)
       select ($1::uuid[])[1 + (i % $3)],
              $2 || '/' || i || '.webp', $2 || '/' || i || '-thumb.webp', 1080, 810,
              'Request bench post ' || i, now() - i * interval '30 seconds'
       from generate_series(1, $4::int) as i`,
      [ids, STORAGE_BASE, AUTHORS, posts]
    )
    await backend.db.exec('analyze public.posts; analyze public.profiles')
    const row = await backend.db.query<{ id: string }>('select id from public.posts limit 1')
    return row.rows[0].id
  } finally {
    await backend.close()
  }
}

/** A data folder (and database) with the schema and no rows: the harness migrates it. */
async function prepareEmpty(dataDir: string, databaseUrl: string | undefined): Promise<void> {
  const { backend } = await startHarness(databaseUrl ? 'postgres' : 'pglite', '', {
    dataDir,
    databaseUrl
  })
  await backend.close()
}

type Target = { dataDir: string; env: NodeJS.ProcessEnv }

/** Spawn to ready of each target, STARTS times in turns; each start is stopped as Ctrl-C does. */
async function timeStarts(empty: Target, seeded: Target): Promise<[number, number]> {
  const samples: [number[], number[]] = [[], []]
  for (let run = 0; run < STARTS; run++) {
    for (const [index, target] of [empty, seeded].entries()) {
      const started = performance.now()
      const backend = await startChildBackend(target.dataDir, target.env)
      samples[index].push(performance.now() - started)
      await backend.stop()
    }
  }
  const p50 = (values: number[]): number =>
    percentile(
      [...values].sort((x, y) => x - y),
      50
    )
  return [p50(samples[0]), p50(samples[1])]
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]
  if (!kb) throw new Error(`no VmRSS for process ${pid}`)
  return Number(kb) * 1024
}

const settle = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms))

export async function measurePerRequest(
  kind: DatabaseKind,
  posts: number
): Promise<PerRequestResults> {
  const dataDir = await mkdtemp(join(tmpdir(), `bench-req-${kind}-`))
  const emptyDir = await mkdtemp(join(tmpdir(), `bench-req-${kind}-empty-`))
  const server = kind === 'postgres' ? await startPostgresServer() : null
  try {
    const databaseUrl = server ? await createTestDatabase(server.url) : undefined
    const emptyUrl = server ? await createTestDatabase(server.url) : undefined
    const postId = await seed(dataDir, databaseUrl, posts)
    await prepareEmpty(emptyDir, emptyUrl)
    const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {}
    const [emptyStartupMs, startupMs] = await timeStarts(
      { dataDir: emptyDir, env: emptyUrl ? { DATABASE_URL: emptyUrl } : {} },
      { dataDir, env }
    )
    const backend = await startChildBackend(dataDir, env)
    try {
      await settle(1000)
      const pid = backend.child.pid as number
      const rssIdleBytes = await rssOf(pid)
      const loadAverage = loadavg()[0]
      const timings = new ServerTimingFetch()
      const headers = { apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}` }
      const get = async (path: string): Promise<unknown> => {
        const response = await timings.fetch(`${backend.url}${path}`, { headers })
        if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
        return response.json()
      }
      const health = (): Promise<unknown> => get('/health')
      const oneRowRead = async (): Promise<void> => {
        const rows = (await get(`/rest/v1/posts?select=*&id=eq.${postId}`)) as unknown[]
        if (rows.length !== 1) throw new Error('one-row read: not one row')
      }
      // As supabase-js sends a select: without its whitespace.
      const select = encodeURIComponent(FEED_SELECT.replace(/\s+/g, ''))
      const feedPath = `/rest/v1/rpc/${FEED_PAGE_RPC}?page_size=12&select=${select}`
      const feedPageRead = async (): Promise<void> => {
        const page = (await get(feedPath)) as { profiles?: unknown }[]
        if (page.length !== 12 || !page[0].profiles) throw new Error('feed page is incomplete')
      }
      const [floor, oneRow, feedPage] = await timeSplitsAlternating(
        timings,
        [health, oneRowRead, feedPageRead],
        PER_REQUEST_ROUNDS.runs,
        PER_REQUEST_ROUNDS.warmup
      )
      // Four callers for THROUGHPUT_MS on each, in alternating halves, so load lands on both.
      let pages = 0
      let healths = 0
      for (let half = 0; half < 2; half++) {
        healths += await throughput(health, THROUGHPUT_MS / 2, 4)
        pages += await throughput(feedPageRead, THROUGHPUT_MS / 2, 4)
      }
      const pagesPerSecond = pages / 2
      const healthPerSecond = healths / 2
      const rssLoadedBytes = await rssOf(pid)
      return {
        kind,
        posts,
        startupMs,
        emptyStartupMs,
        oneRow: oneRow.client,
        feedPage: feedPage.client,
        split: { oneRow, feedPage, floor },
        pagesPerSecond,
        healthPerSecond,
        rssIdleBytes,
        rssLoadedBytes,
        loadAverage
      }
    } finally {
      await backend.kill9()
    }
  } finally {
    server?.stop()
    await rm(dataDir, { recursive: true, force: true })
    await rm(emptyDir, { recursive: true, force: true })
  }
}

/** PGlite always; PostgreSQL when its binaries are installed. */
export function perRequestKinds(): DatabaseKind[] {
  return DATABASE_KINDS.filter((kind) => kind === 'pglite' || postgresAvailable())
}
