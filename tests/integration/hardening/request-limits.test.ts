// No single REST request may hold the backend: rows are capped at max_rows on every level,
// embeds nest at most 4 deep, a read the planner expects to be expensive is refused before it
// runs (PGlite cannot cancel a running query), PostgreSQL cancels at statement_timeout, and a
// request stuck behind a busy PGlite gets a 504 instead of waiting forever. limit/offset must be
// safe integers, and `Prefer: tx=rollback` commits nothing.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_REST_LIMITS } from '../../../src/backend/context'
import {
  startHarness,
  signUpAndIn,
  type Harness,
  type SignedIn
} from '../../support/backend-harness'
import { describeEachBackend, postgresUrl, skipReason } from '../../support/database-suite'
import { setRoleStatementTimeout } from '../../support/role-settings'

const IMAGE = 'http://127.0.0.1:54321/storage/v1/object/public/images/posts/limits.png'
/** Posts by the one author: enough that posts → author → posts → author → posts is millions. */
const POSTS = 1_200

describeEachBackend('request limits', (suite) => {
  let harness: Harness
  let user: SignedIn

  beforeAll(async () => {
    harness = suite.harness
    user = await signUpAndIn(harness, 'limits')
    await harness.backend.db.query(
      `insert into public.posts (user_id, image_url, caption, created_at)
       select $1, $2, 'post ' || i, now() - i * interval '1 minute'
       from generate_series(1, $3::int) as i`,
      [user.userId, IMAGE, POSTS]
    )
    await harness.backend.db.exec('analyze public.posts; analyze public.profiles')
  })

  const get = async (
    path: string,
    headers: Record<string, string> = {}
  ): Promise<{ status: number; body: unknown; headers: Headers; ms: number }> => {
    const started = performance.now()
    const response = await fetch(`${harness.backend.url}${path}`, {
      headers: { apikey: harness.backend.anonKey, ...headers }
    })
    const text = await response.text()
    return {
      status: response.status,
      body: text ? JSON.parse(text) : null,
      headers: response.headers,
      ms: performance.now() - started
    }
  }

  it('answers at most max_rows (1000, from supabase/config.toml) rows, even when asked for more', async () => {
    const all = await get('/rest/v1/posts?select=id')
    expect(all.status).toBe(200)
    expect((all.body as unknown[]).length).toBe(1000)
    const asked = await get('/rest/v1/posts?select=id&limit=5000')
    expect((asked.body as unknown[]).length).toBe(1000)
    const { count } = await harness
      .anon()
      .from('posts')
      .select('id', { count: 'exact', head: true })
    expect(count).toBe(POSTS)
  })

  it('caps every embedded level at max_rows too', async () => {
    const { data, error } = await harness
      .anon()
      .from('profiles')
      .select('id, posts(id)')
      .eq('id', user.userId)
      .single()
    expect(error).toBeNull()
    expect((data as { posts: unknown[] }).posts.length).toBe(1000)
  })

  it('refuses embeds nested deeper than 4 levels with a 400 that says so', async () => {
    const deep = 'id,profiles(id,posts(id,profiles(id,posts(id,profiles(id)))))'
    const response = await get(`/rest/v1/posts?select=${deep}&limit=1`)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      code: '54001',
      message: 'Embedded resources may be nested at most 4 levels deep'
    })
  })

  it('refuses a hostile nested embed at once, and /health and a one-row read still answer promptly', async () => {
    const hostile = get('/rest/v1/posts?select=id,profiles(id,posts(id,profiles(id,posts(id))))')
    // Sent while the hostile read is in flight: they queue behind it on PGlite's one thread.
    const health = get('/health')
    const oneRow = get(`/rest/v1/profiles?select=username&id=eq.${user.userId}`)
    const [refused, healthy, read] = await Promise.all([hostile, health, oneRow])
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      code: '54001',
      message: 'This request would read too many rows at once'
    })
    expect(refused.ms).toBeLessThan(2_000)
    expect(healthy.status).toBe(200)
    expect(healthy.ms).toBeLessThan(2_000)
    expect(read.status).toBe(200)
    expect(read.ms).toBeLessThan(2_000)
  })

  it('still serves the same nested embed when its levels are limited', async () => {
    const select = 'id,profiles(id,posts(id,profiles(id,posts(id))))'
    const limits = 'limit=3&profiles.posts.limit=3&profiles.posts.profiles.posts.limit=3'
    const response = await get(`/rest/v1/posts?select=${select}&${limits}`)
    expect(response.status).toBe(200)
    expect((response.body as unknown[]).length).toBe(3)
  })

  it.each([
    ['limit', 'limit=99999999999999999999'],
    ['limit', 'limit=9007199254740993'],
    ['limit', 'limit=-1'],
    ['limit', 'limit=1e3'],
    ['offset', 'offset=99999999999999999999'],
    ['offset', 'offset=1.5']
  ])('refuses %s that is not a safe non-negative integer (%s) with PGRST100', async (_, query) => {
    const response = await get(`/rest/v1/posts?select=id&${query}`)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ code: 'PGRST100' })
    expect(JSON.stringify(response.body)).toMatch(/non-negative integer up to 9007199254740991/)
  })

  it('refuses a Range header beyond safe integers with 416', async () => {
    const response = await get('/rest/v1/posts?select=id', { range: '0-99999999999999999999' })
    expect(response.status).toBe(416)
    expect(response.body).toMatchObject({ code: 'PGRST103' })
  })

  it('Prefer: tx=rollback returns the inserted row and commits nothing', async () => {
    const caption = `rolled back ${suite.kind}`
    const response = await fetch(`${harness.backend.url}/rest/v1/posts`, {
      method: 'POST',
      headers: {
        apikey: harness.backend.anonKey,
        authorization: `Bearer ${user.accessToken}`,
        'content-type': 'application/json',
        prefer: 'return=representation, tx=rollback'
      },
      body: JSON.stringify({
        user_id: user.userId,
        // A user attaches only photos in their own folder (is_own_storage_url).
        image_url: `http://127.0.0.1:54321/storage/v1/object/public/images/posts/${user.userId}/r.png`,
        caption
      })
    })
    expect(response.status).toBe(201)
    expect(response.headers.get('preference-applied')).toMatch(/tx=rollback/)
    expect(await response.json()).toMatchObject([{ caption }])
    const { rows } = await harness.backend.db.query(
      'select 1 from public.posts where caption = $1',
      [caption]
    )
    expect(rows).toEqual([])
  })
})

describe.skipIf(skipReason('postgres') !== null)('statement timeout on postgres', () => {
  let harness: Harness

  beforeAll(async () => {
    harness = await startHarness('postgres', postgresUrl, {
      config: { rest: { ...DEFAULT_REST_LIMITS, requestBudgetMs: 300 } }
    })
    // anon's own statement_timeout (3 s, as hosted) wins over the budget on PostgreSQL: set
    // for this database, as an operator would shorten it.
    await setRoleStatementTimeout(harness.backend.db, 'anon', '300ms')
    // A slow function created by the owner, as a migration might add one by mistake.
    await harness.backend.db.exec(
      `create function public.slow_thing() returns int language sql as 'select 1 from pg_sleep(5)';
       grant execute on function public.slow_thing() to anon`
    )
  })

  afterAll(async () => {
    await harness?.close()
  })

  it('cancels a request that runs past statement_timeout with a clear error', async () => {
    const started = performance.now()
    const { error } = await harness.anon().rpc('slow_thing')
    expect(performance.now() - started).toBeLessThan(3_000)
    expect(error).toMatchObject({
      code: '57014',
      message: 'canceling statement due to statement timeout'
    })
  })
})

describe('a request stuck behind a busy PGlite', () => {
  let harness: Harness

  beforeAll(async () => {
    harness = await startHarness('pglite', '', {
      config: { rest: { ...DEFAULT_REST_LIMITS, queueTimeoutMs: 200 } }
    })
  })

  afterAll(async () => {
    await harness?.close()
  })

  it('gets a 504 PGRST003 once it has waited past the queue timeout, and nothing runs late', async () => {
    // Loads the schema cache first, so the request below waits only for the transaction.
    expect((await harness.anon().from('posts').select('id')).error).toBeNull()
    let release = (): void => undefined
    // Holds the database the way a long transaction does, without blocking the event loop.
    const busy = harness.backend.db.transaction(
      () => new Promise<void>((resolve) => (release = resolve))
    )
    const waiting = fetch(`${harness.backend.url}/rest/v1/posts?select=id`, {
      headers: { apikey: harness.backend.anonKey }
    })
    await new Promise((resolve) => setTimeout(resolve, 400))
    release()
    await busy
    const response = await waiting
    expect(response.status).toBe(504)
    expect(await response.json()).toMatchObject({ code: 'PGRST003' })
    const after = await harness.anon().from('posts').select('id')
    expect(after.error).toBeNull()
  })
})
