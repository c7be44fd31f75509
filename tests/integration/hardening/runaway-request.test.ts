// A request that never ends on its own (an rpc that sleeps, created only here) must not freeze the
// backend: it is stopped at its budget and answered 504 (57014), /health and other reads answer
// meanwhile, and the backend serves normally after. On PGlite the watchdog ends the engine's
// worker and reopens the data folder, so this also proves that nothing committed is lost when
// the engine is killed in the middle of a stream of writes, and that change capture (realtime)
// goes on. On PostgreSQL the budget is the caller's role's statement_timeout.

import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_REST_LIMITS } from '../../../src/backend/context'
import type { PgliteEngine } from '../../../src/backend/db/pglite-engine'
import { CHANGES_CHANNEL } from '../../../src/backend/realtime/capture'
import {
  insertUser,
  startHarness,
  testClient,
  type Harness,
  type InsertedUser
} from '../../support/backend-harness'
import { DATABASE_KINDS } from '../../support/databases'
import { postgresUrl, skipReason } from '../../support/database-suite'
import { setRoleStatementTimeout } from '../../support/role-settings'

const BUDGET_MS = 600
/** Generous for a loaded machine: the bench measures the real latencies. */
const PROMPT_MS = 2_000

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

async function timed<T>(work: PromiseLike<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now()
  const value = await work
  return { ms: performance.now() - started, value }
}

describe.each(DATABASE_KINDS)('a runaway request on %s', (kind) => {
  const reason = skipReason(kind)
  if (reason) {
    it.skip(reason, () => undefined)
    return
  }
  let harness: Harness
  let author: InsertedUser
  let postId = ''

  /** Calls an rpc that would run 30 s, as anon; resolves with its status and body. */
  async function runaway(name = 'runaway'): Promise<{ status: number; body: unknown }> {
    const { backend } = harness
    const response = await fetch(`${backend.url}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: '{}'
    })
    return { status: response.status, body: await response.json() }
  }

  const restarts = (): number =>
    kind === 'pglite' ? (harness.backend.db as PgliteEngine).restarts : 0

  beforeAll(async () => {
    harness = await startHarness(kind, postgresUrl, {
      withDataDir: true,
      config: { rest: { ...DEFAULT_REST_LIMITS, requestBudgetMs: BUDGET_MS } }
    })
    const { db } = harness.backend
    // On PostgreSQL anon's own statement_timeout (3 s, as hosted) is the budget: set for this
    // database, as an operator would shorten it.
    if (kind === 'postgres') await setRoleStatementTimeout(db, 'anon', `${BUDGET_MS}ms`)
    // Before the first request, so the schema cache sees them. runaway_write writes first, then
    // sleeps: its row must never be seen.
    await db.exec(`
      create function public.runaway() returns int language sql
        as 'select 1 from pg_sleep(30)';
      create table public.runaway_log (id int);
      create function public.runaway_write() returns int language sql security definer
        set search_path = '' as
        'insert into public.runaway_log values (1); select 1 from pg_sleep(30)';
      grant execute on function public.runaway(), public.runaway_write() to anon;`)
    author = await insertUser(harness.backend, `runaway_${kind}`)
    const imageUrl = `${harness.backend.url}/storage/v1/object/public/images/posts/${author.id}/a.png`
    const { rows } = await db.query<{ id: string }>(
      `insert into public.posts (user_id, image_url, caption) values ($1, $2, 'runaway')
       returning id`,
      [author.id, imageUrl]
    )
    postId = rows[0].id
  }, 120_000)

  afterAll(async () => {
    await harness?.close()
  })

  it('is stopped at its budget with a 504, while /health and a one-row read answer, and the backend serves normally after', async () => {
    const { backend } = harness
    const anon = harness.anon()
    expect((await anon.from('posts').select('id').limit(1)).error).toBeNull()
    const stopped = timed(runaway())
    await sleep(150)
    const health = timed(fetch(`${backend.url}/health`))
    const read = timed(anon.from('posts').select('id').eq('id', postId))

    const { ms: healthMs, value: healthResponse } = await health
    expect(healthResponse.status).toBe(200)
    expect(healthMs).toBeLessThan(PROMPT_MS)
    const { ms: runawayMs, value: answer } = await stopped
    expect(answer.status).toBe(504)
    expect(answer.body).toMatchObject({
      code: '57014',
      message: 'canceling statement due to statement timeout'
    })
    expect(runawayMs).toBeLessThan(BUDGET_MS + PROMPT_MS)
    // PGlite has one engine: the read waits for the runaway to be stopped and the engine reopened.
    const { ms: readMs, value: readResult } = await read
    expect(readResult.error).toBeNull()
    expect(readResult.data).toEqual([{ id: postId }])
    expect(readMs).toBeLessThan(kind === 'pglite' ? 20_000 : PROMPT_MS)

    const after = await anon.from('posts').select('id, caption').eq('id', postId)
    expect(after.data).toEqual([{ id: postId, caption: 'runaway' }])
    expect(restarts()).toBe(kind === 'pglite' ? 1 : 0)
  }, 60_000)

  it.skipIf(kind !== 'pglite')(
    'says on PGlite which budget was spent',
    async () => {
      const { body } = await runaway()
      expect(body).toEqual({
        code: '57014',
        message: 'canceling statement due to statement timeout',
        details: `The request ran past its ${BUDGET_MS} ms budget and was stopped`,
        hint: 'Ask for fewer rows, or use a simpler filter or pattern'
      })
    },
    60_000
  )

  it('loses nothing committed when stopped in the middle of a stream of writes, and change capture goes on', async () => {
    const { backend } = harness
    const notified: string[] = []
    const unlisten = await backend.db.listen(CHANGES_CHANNEL, (payload) => notified.push(payload))
    const writers = await Promise.all(
      [0, 1, 2].map((n) => insertUser(backend, `writer${n}_${kind}_${Date.now() % 100000}`))
    )
    const acknowledged: string[] = []
    // Failures other than a writer's own request stopped at its budget (a loaded machine can
    // make a write slower than the short budget used here).
    const failures: string[] = []
    let stop = false
    const writing = writers.map(async (writer, n) => {
      const client = testClient(backend.url, backend.anonKey, { token: writer.token })
      for (let i = 0; !stop; i++) {
        const { data, error } = await client
          .from('comments')
          .insert({ post_id: postId, user_id: writer.id, body: `w${n} ${i}` })
          .select('id')
          .single()
        if (!error) acknowledged.push(data.id)
        else if (error.code !== '57014') failures.push(`${error.code}: ${error.message}`)
      }
    })
    const before = restarts()
    // Three stops, each while the writers keep writing; the runaway's own row is never committed.
    for (let stopsLeft = 3; stopsLeft > 0; stopsLeft--) {
      const started = acknowledged.length
      while (acknowledged.length < started + 5) await sleep(10)
      const { status } = await runaway('runaway_write')
      expect(status).toBe(504)
    }
    const last = acknowledged.length
    while (acknowledged.length < last + 5) await sleep(10)
    stop = true
    await Promise.all(writing)
    if (kind === 'pglite') expect(restarts() - before).toBeGreaterThanOrEqual(3)
    // Requests queued during a restart ran on the new engine: none failed.
    expect(failures).toEqual([])

    const check = async (): Promise<void> => {
      const { rows } = await harness.backend.db.query<{ id: string }>(
        'select id from public.comments where id = any($1::uuid[])',
        [acknowledged]
      )
      expect(rows).toHaveLength(acknowledged.length)
      const { rows: counts } = await harness.backend.db.query<{ kept: number; real: number }>(
        `select p.comments_count as kept, (select count(*)::int from public.comments c
           where c.post_id = p.id) as real from public.posts p where p.id = $1`,
        [postId]
      )
      expect(counts[0].kept).toBe(counts[0].real)
      const { rows: log } = await harness.backend.db.query('select 1 from public.runaway_log')
      expect(log).toEqual([])
    }
    await check()
    // Changes written after the restarts still reach the capture channel.
    notified.length = 0
    await backend.db.query(
      `insert into public.comments (post_id, user_id, body) values ($1, $2, 'after')`,
      [postId, author.id]
    )
    for (let i = 0; i < 100 && !notified.some((p) => p.includes('"comments"')); i++) await sleep(20)
    expect(notified.some((payload) => payload.includes('"comments"'))).toBe(true)
    await unlisten()

    // And from the folder itself: a fresh engine on the same files sees it all.
    if (kind === 'pglite') {
      const dataDir = harness.dataDir!
      await harness.backend.close()
      const again = await startHarness('pglite', '', { dataDir })
      // Kept by a harness given its folder: removed here once the second backend stops.
      harness = {
        ...again,
        close: () => again.close().then(() => rm(dataDir, { recursive: true, force: true }))
      }
      await check()
    }
  }, 120_000)
})

describe('a runaway request on in-memory PGlite', () => {
  let harness: Harness

  beforeAll(async () => {
    harness = await startHarness('pglite', '', {
      config: { rest: { ...DEFAULT_REST_LIMITS, requestBudgetMs: 300 } }
    })
    await harness.backend.db.exec(`
      create function public.sleeps_two() returns int language sql as 'select 1 from pg_sleep(2)';
      grant execute on function public.sleeps_two() to anon;`)
  }, 120_000)

  afterAll(async () => {
    await harness?.close()
  })

  it('is answered at its budget, but the engine is kept (ending it would lose the data) and serves again once the statement ends', async () => {
    const { backend } = harness
    const user = await insertUser(backend, 'in_memory_runaway')
    const anon = harness.anon()
    expect((await anon.from('profiles').select('id').eq('id', user.id)).data).toHaveLength(1)
    const call = timed(
      fetch(`${backend.url}/rest/v1/rpc/sleeps_two`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body: '{}'
      })
    )
    await sleep(100)
    const health = await timed(fetch(`${backend.url}/health`))
    const read = timed(anon.from('profiles').select('id').eq('id', user.id))
    const { ms, value: response } = await call
    expect(response.status).toBe(504)
    expect(await response.json()).toMatchObject({ code: '57014' })
    expect(ms).toBeLessThan(300 + PROMPT_MS)
    expect(health.value.status).toBe(200)
    expect(health.ms).toBeLessThan(PROMPT_MS)
    // The read waited for the sleep to end (within its queue timeout) and found the data.
    const { value: after } = await read
    expect(after.error).toBeNull()
    expect(after.data).toEqual([{ id: user.id }])
    expect((backend.db as PgliteEngine).restarts).toBe(0)
  }, 60_000)
})
