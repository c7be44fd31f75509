// How many calls into the database one REST request costs: a number the machine's load does not
// change, so the per-request speed work cannot silently regress. A request whose statement is its
// only one sends the role and claims and the statement together, one implicit transaction (one
// PGlite protocol call, one PostgreSQL round trip); RLS, read-only GETs and rollbacks still apply.

import { afterEach, beforeAll, expect, it, vi } from 'vitest'
import { DEFAULT_REST_LIMITS } from '../../../src/backend/context'
import type { Queryable } from '../../../src/backend/db/database'
import { PlanCostVerdicts, type Reprice } from '../../../src/backend/rest/limits'
import { describeEachBackend } from '../../support/database-suite'
import { restEnvOn, type RestEnv, type TestUser } from '../../support/rest-env'

describeEachBackend('REST API: database calls per request', (suite) => {
  let env: RestEnv
  let alice: TestUser
  let postId: string

  const imageUrl = (name: string): string =>
    `http://127.0.0.1:54321/storage/v1/object/public/images/posts/${alice.id}/${name}.png`

  /** The database calls `request` made, and what it returned. */
  async function counted<T>(request: () => PromiseLike<T>): Promise<[number, T]> {
    const before = env.backend.db.calls
    const result = await request()
    return [env.backend.db.calls - before, result]
  }

  beforeAll(async () => {
    env = restEnvOn(suite.harness)
    alice = await env.createUser('calls_alice', 'Alice Calls')
    const { rows } = await env.backend.db.query<{ id: string }>(
      `insert into public.posts (user_id, image_url, caption) values ($1, $2, 'counted')
       returning id`,
      [alice.id, imageUrl('counted')]
    )
    postId = rows[0].id
    // Loads the schema cache, which is not part of any request's cost after the first.
    await env.anon.from('posts').select('id').limit(1)
  })

  it('prices a read of one table once per statement and role, then reads one row in one call', async () => {
    // Every read is planned (EXPLAIN) before it first runs; for one table the verdict holds for
    // the same statement and role whatever the values, so the read by another id is not priced.
    const otherId = '00000000-0000-4000-8000-000000000000'
    for (const client of [env.anon, alice.client]) {
      const [priced] = await counted(() => client.from('posts').select('*').eq('id', otherId))
      expect(priced).toBe(2)
      const [calls, { data, error }] = await counted(() =>
        client.from('posts').select('*').eq('id', postId)
      )
      expect(error).toBeNull()
      expect(data).toHaveLength(1)
      expect(calls).toBe(1)
    }
  })

  it('reads a row with its author (a to-one embed) in one call once priced', async () => {
    const read = (id: string): PromiseLike<{ data: unknown; error: unknown }> =>
      env.anon.from('posts').select('id, profiles(username)').eq('id', id).single()
    await read('00000000-0000-4000-8000-000000000000')
    const [calls, { data, error }] = await counted(() => read(postId))
    expect(error).toBeNull()
    expect(data).toMatchObject({ id: postId, profiles: { username: 'calls_alice' } })
    expect(calls).toBe(1)
  })

  it('prices a read with a to-many embed first, then reuses the verdict for the same read', async () => {
    // A to-many embed is planned (EXPLAIN) before it runs; the same statement with the same
    // values by the same caller is not priced again for a few seconds.
    const read = (): PromiseLike<{ error: unknown }> =>
      env.anon.from('profiles').select('id, posts(id)').eq('id', alice.id)
    const [first] = await counted(read)
    const [again, { error }] = await counted(read)
    expect(error).toBeNull()
    expect(first).toBe(2)
    expect(again).toBe(1)
    const [otherValue] = await counted(() =>
      env.anon.from('profiles').select('id, posts(id)').eq('id', postId)
    )
    expect(otherValue).toBe(2)
  })

  it('calls an rpc in one call once priced', async () => {
    await env.anon.rpc('feed_page', { page_size: 2 }, { get: true }).select('id')
    const [calls, { data, error }] = await counted(() =>
      env.anon.rpc('feed_page', { page_size: 1 }, { get: true }).select('id')
    )
    expect(error).toBeNull()
    expect(data).toHaveLength(1)
    expect(calls).toBe(1)
  })

  it('inserts and returns a row in one call, and the insert is committed', async () => {
    const [calls, { data, error }] = await counted(() =>
      alice.client
        .from('posts')
        .insert({ user_id: alice.id, image_url: imageUrl('inserted'), caption: 'one call' })
        .select('id')
    )
    expect(error).toBeNull()
    expect(calls).toBe(1)
    const { rows } = await env.backend.db.query(`select 1 from public.posts where id = $1`, [
      data?.[0].id
    ])
    expect(rows).toHaveLength(1)
  })

  it('ends the transaction of a failed read, so the next request runs normally', async () => {
    // A malformed uuid fails inside Postgres, after the role and claims were applied (the
    // statement was priced by the read before, so only the read itself runs).
    await env.anon.from('posts').select('id').eq('id', postId)
    const [calls, { error }] = await counted(() =>
      env.anon.from('posts').select('id').eq('id', 'not-a-uuid')
    )
    expect(error?.code).toBe('22P02')
    expect(calls).toBe(1)
    const { data } = await env.anon.from('posts').select('id').eq('id', postId)
    expect(data).toHaveLength(1)
  })

  it('still refuses a write in a GET, which runs read-only', async () => {
    // A volatile function reached by GET: the read-only transaction must stop its write.
    const { error } = await alice.client.rpc(
      'set_post_like',
      { target_post_id: postId, should_like: true },
      {
        get: true
      }
    )
    expect(error?.code).toBe('25006')
  })
})

describeEachBackend(
  'REST API: a refused plan-cost verdict',
  (suite) => {
    it('refuses the same expensive read again without asking the database', async () => {
      const env = restEnvOn(suite.harness)
      await env.anon.from('posts').select('id').limit(1)
      const read = (): Promise<Response> => env.rawFetch('profiles?select=id,posts(id)')
      const before = env.backend.db.calls
      const first = await read()
      const afterFirst = env.backend.db.calls
      const again = await read()
      expect(first.status).toBe(400)
      expect(await first.json()).toMatchObject({ code: '54001' })
      expect(again.status).toBe(400)
      expect(await again.json()).toMatchObject({ code: '54001' })
      // Priced and rolled back the first time; the second is refused before any SQL is sent.
      expect(afterFirst - before).toBe(2)
      expect(env.backend.db.calls).toBe(afterFirst)
    })
  },
  { config: { rest: { ...DEFAULT_REST_LIMITS, maxPlanCost: 1 } } }
)

describeEachBackend('REST API: an old plan-cost verdict', (suite) => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is priced again beside the request, which goes on with the old verdict', async () => {
    const { db } = restEnvOn(suite.harness).backend
    const verdicts = new PlanCostVerdicts()
    const read = {
      sql: 'select id from public.posts limit 1',
      params: { values: [] },
      multiplies: false
    }
    const caller = { role: 'anon:public', user: '' }
    const bound = { maxCost: 1_000_000, message: 'too costly' }
    const repricings: Promise<void>[] = []
    const reprice: Reprice = (price) => repricings.push(db.transaction(price))
    /** The statements `check` sent in the request's own transaction. */
    const inRequest = (): Promise<string[]> =>
      db.transaction(async (tx) => {
        const sent: string[] = []
        const seen: Queryable = {
          query: (sql, params) => (sent.push(sql), tx.query(sql, params)),
          exec: (sql) => tx.exec(sql)
        }
        await verdicts.check(seen, read, caller, bound, reprice)
        return sent
      })
    const started = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now: started })
    expect(await inRequest()).toHaveLength(1)
    expect(await inRequest()).toEqual([])
    expect(repricings).toHaveLength(0)

    // Past its 10 s: the request does not wait for EXPLAIN, one pricing runs beside it.
    vi.setSystemTime(started + 11_000)
    expect(await inRequest()).toEqual([])
    expect(await inRequest()).toEqual([])
    expect(repricings).toHaveLength(1)
    await Promise.all(repricings)
    expect(await inRequest()).toEqual([])
    expect(repricings).toHaveLength(1)

    // Too old to answer at all (10 s more past its time): the request prices it itself.
    vi.setSystemTime(started + 11_000 + 21_000)
    expect(await inRequest()).toHaveLength(1)
    expect(repricings).toHaveLength(1)
  })

  it('refuses with an old refusal while its fresh verdict is priced', async () => {
    const { db } = restEnvOn(suite.harness).backend
    const verdicts = new PlanCostVerdicts()
    const read = { sql: 'select id from public.posts', params: { values: [] }, multiplies: false }
    const caller = { role: 'anon:public', user: '' }
    const bound = { maxCost: 0, message: 'too costly' }
    const repricings: Promise<void>[] = []
    const reprice: Reprice = (price) => repricings.push(db.transaction(price))
    const check = (): Promise<void> =>
      db.transaction((tx) => verdicts.check(tx, read, caller, bound, reprice))
    const started = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now: started })
    await expect(check()).rejects.toMatchObject({ code: '54001' })
    vi.setSystemTime(started + 11_000)
    await expect(check()).rejects.toMatchObject({ code: '54001' })
    expect(repricings).toHaveLength(1)
    await Promise.all(repricings)
  })
})
