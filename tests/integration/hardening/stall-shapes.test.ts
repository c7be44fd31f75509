// The request shapes that held PGlite for seconds (issue 43, item 10) are refused in the plan
// stage, before any SQL: the database's call count does not move. Each attack as it was sent,
// next to the legitimate request of the same kind, which still answers: a full-text search,
// the app's saved-posts embed, a plain regular expression, an rpc with normal arguments.

import { beforeAll, expect, it } from 'vitest'
import { DEFAULT_REST_LIMITS } from '../../../src/backend/request-limits'
import { insertUser, type InsertedUser } from '../../support/backend-harness'
import { describeEachBackend, type SuiteBackend } from '../../support/database-suite'

/** No background work (the stray-file sweep) may call the database during a test. */
const QUIET = { orphanGraceMinutes: -1 }
const encode = encodeURIComponent

interface Answer {
  status: number
  body: Record<string, unknown>
  /** Calls into the database the request made. */
  calls: number
}

async function send(
  suite: SuiteBackend,
  path: string,
  init: { method?: string; body?: string; token?: string } = {}
): Promise<Answer> {
  const { backend } = suite.harness
  const before = backend.db.calls
  const response = await fetch(`${backend.url}/rest/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: backend.anonKey,
      authorization: `Bearer ${init.token ?? backend.anonKey}`,
      'content-type': 'application/json'
    },
    body: init.body
  })
  const text = await response.text()
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    calls: backend.db.calls - before
  }
}

/** The answer of a request refused in the plan stage: `status`, `code`, and no SQL at all. */
function expectRefusedBeforeSql(answer: Answer, status: number, message: string): void {
  expect(answer).toMatchObject({ status, body: { message } })
  expect(answer.calls).toBe(0)
}

describeEachBackend(
  'stalling request shapes: refused before any SQL',
  (suite) => {
    let author: InsertedUser
    let reader: InsertedUser
    let postId: string

    beforeAll(async () => {
      const { backend } = suite.harness
      author = await insertUser(backend, `shapes_author_${suite.kind}`)
      reader = await insertUser(backend, `shapes_reader_${suite.kind}`)
      const image = `${backend.url}/storage/v1/object/public/images/posts/${author.id}/p.png`
      const { rows } = await backend.db.query<{ id: string }>(
        `insert into public.posts (user_id, image_url, caption)
         select $1, $2, 'a summer post number ' || i from generate_series(1, 40) as i
         returning id`,
        [author.id, image]
      )
      postId = rows[0].id
      await backend.db.query(
        `insert into public.comments (post_id, user_id, body)
         select $1, $2, 'comment ' || i || ' about zq' from generate_series(1, 30) as i`,
        [postId, reader.id]
      )
      await backend.db.query(
        `insert into public.saves (user_id, post_id)
         select $1, id from public.posts where user_id = $2 limit 20`,
        [reader.id, author.id]
      )
      // Loads the schema cache, which is not part of any request's cost after the first.
      expect((await send(suite, 'posts?select=id&limit=1')).status).toBe(200)
    })

    it('refuses 32 wfts terms in or= and a search longer than 256 characters; answers a search', async () => {
      const terms = Array.from({ length: 32 }, (_, i) => `caption.wfts.w${i}`).join(',')
      expectRefusedBeforeSql(
        await send(suite, `posts?select=id&or=(${terms})`),
        400,
        'A request may have at most 2 fts, plfts, phfts or wfts filters'
      )
      expectRefusedBeforeSql(
        await send(suite, `posts?select=id&caption=wfts.${'summer '.repeat(37)}`),
        400,
        'A full-text search may be at most 256 characters long'
      )
      const search = await send(suite, `posts?select=id&caption=wfts.${encode('summer post')}`)
      expect(search.status).toBe(200)
      expect(search.body).toHaveLength(40)
      const two = await send(suite, 'posts?select=id&or=(caption.wfts.summer,caption.fts.winter)')
      expect(two.status).toBe(200)
    })

    it('refuses posts → author → posts with limit=1000, and serves it with a limit on the repeated level', async () => {
      const select = 'id,profiles(id,posts(id,profiles(id)))'
      const attack = await send(suite, `posts?select=${select}&limit=1000`)
      expectRefusedBeforeSql(attack, 400, 'This request would read too many rows at once')
      expect(attack.body).toMatchObject({
        code: '54001',
        details:
          "'profiles.posts' could bring 1000000 rows (1000 × 1000): below a to-one or many-to-many embed rows repeat, and at most 20000 may",
        hint: "Add a limit to 'profiles.posts' (profiles.posts.limit=10) or to the request, or read 'profiles.posts' with a second request."
      })
      const limited = await send(suite, `posts?select=${select}&limit=1000&profiles.posts.limit=10`)
      expect(limited.status).toBe(200)
      expect(limited.body).toHaveLength(40)
    })

    it("still serves the app's saved posts (saves → post → photos) and a profile's posts", async () => {
      // src/shared/data/saves.ts: a page of 12 (+1) saves with each post's author and photos.
      const saved = await send(
        suite,
        `saves?select=post_id,created_at,posts(*,profiles(username),post_images(position,image_url))` +
          `&user_id=eq.${reader.id}&order=created_at.desc&limit=13`,
        { token: reader.token }
      )
      expect(saved.status).toBe(200)
      expect(saved.body).toHaveLength(13)
      // A one-to-many embed of distinct rows brings each post once: not bounded by this rule.
      const profiles = await send(suite, 'profiles?select=id,posts(id)')
      expect(profiles.status).toBe(200)
    })

    it('refuses a repeated group with a quantifier inside, and large counted repetitions; answers a plain expression', async () => {
      expectRefusedBeforeSql(
        await send(suite, `comments?select=id&body=match.${encode('(.*){1,200}zq')}`),
        400,
        'Regular expressions may not repeat a group that has a quantifier inside, such as (a+)* or (.*){1,200}'
      )
      expectRefusedBeforeSql(
        await send(suite, `comments?select=id&body=imatch.${encode('x{1,255}zq')}`),
        400,
        'The counted repetitions ({n}, {m,n}) of a regular expression may add up to at most 32'
      )
      const plain = await send(
        suite,
        `comments?select=id&body=match.${encode('[0-9]{1,2} about zq$')}`
      )
      expect(plain.status).toBe(200)
      expect(plain.body).toHaveLength(30)
    })

    it('refuses a 10 MB rpc argument and a 2 MB write with 413; answers a normal call', async () => {
      const huge = JSON.stringify({ query: 'a'.repeat(10 * 1024 * 1024), max_rows: 1 })
      const rpc = await send(suite, 'rpc/search_profiles', { method: 'POST', body: huge })
      expectRefusedBeforeSql(rpc, 413, 'A request body may be at most 1048576 bytes')
      expect(rpc.body).toMatchObject({ code: '54000', details: `This one is ${huge.length} bytes` })
      const write = await send(suite, 'comments', {
        method: 'POST',
        token: reader.token,
        body: JSON.stringify({ post_id: postId, user_id: reader.id, body: 'b'.repeat(2 << 20) })
      })
      expectRefusedBeforeSql(write, 413, 'A request body may be at most 1048576 bytes')
      const normal = await send(suite, 'rpc/search_profiles', {
        method: 'POST',
        body: JSON.stringify({ query: 'shapes', max_rows: 5 })
      })
      expect(normal.status).toBe(200)
    })
  },
  { config: QUIET }
)

describeEachBackend(
  'request bodies: the limit config sets',
  (suite) => {
    it('refuses a body past a lower limit, and takes one within it', async () => {
      await send(suite, 'posts?select=id&limit=1')
      const body = (n: number): string => JSON.stringify({ query: 'q'.repeat(n), max_rows: 1 })
      expectRefusedBeforeSql(
        await send(suite, 'rpc/search_profiles', { method: 'POST', body: body(2_000) }),
        413,
        'A request body may be at most 1000 bytes'
      )
      const within = await send(suite, 'rpc/search_profiles', { method: 'POST', body: body(900) })
      expect(within.status).toBe(200)
    })
  },
  { config: { ...QUIET, rest: { ...DEFAULT_REST_LIMITS, maxRequestBodyBytes: 1_000 } } }
)

describeEachBackend(
  "anonymous callers' statements: every one priced, rpc included",
  (suite) => {
    let user: InsertedUser

    beforeAll(async () => {
      user = await insertUser(suite.harness.backend, `priced_${suite.kind}`)
    })

    it('refuses an anonymous rpc and read past maxAnonPlanCost, and answers a signed-in one', async () => {
      const call = { method: 'POST', body: JSON.stringify({ query: 'priced', max_rows: 5 }) }
      const anon = await send(suite, 'rpc/search_profiles', call)
      expect(anon).toMatchObject({
        status: 400,
        body: { code: '54001', message: 'This request would read too many rows at once' }
      })
      expect(String(anon.body.details)).toMatch(/at most 0 is allowed for anonymous callers$/)
      const scalar = await send(suite, 'rpc/is_storage_public_url', {
        method: 'POST',
        body: JSON.stringify({ url: 'http://127.0.0.1/x' })
      })
      expect(scalar).toMatchObject({
        status: 400,
        body: {
          code: '54001',
          message: 'This request would cost the database too much for an anonymous caller'
        }
      })
      const signedIn = await send(suite, 'rpc/search_profiles', { ...call, token: user.token })
      expect(signedIn.status).toBe(200)
      const read = await send(suite, 'posts?select=id&limit=1', { token: user.token })
      expect(read.status).toBe(200)
    })
  },
  { config: { ...QUIET, rest: { ...DEFAULT_REST_LIMITS, maxAnonPlanCost: 0 } } }
)
