// Bounds before work: a REST request whose filters, embeds or body could make the database
// work for seconds is refused with a 400 that names the limit (request-limits.ts), before any
// SQL runs; every read is priced by the planner, one of one table too; a response past its
// byte limit is refused rather than sent. The attacks measured against 20,000 posts (a
// 720-term or=, a 7,000-wildcard ilike, ten sibling to-many embeds, 300 comments in one POST)
// are each refused here.

import { beforeAll, expect, it } from 'vitest'
import { DEFAULT_REST_LIMITS } from '../../../src/backend/request-limits'
import { signUpAndIn, type SignedIn } from '../../support/backend-harness'
import { describeEachBackend, type SuiteBackend } from '../../support/database-suite'

const IMAGE = 'http://127.0.0.1:54321/storage/v1/object/public/images/posts/bounds.png'

async function seed(suite: SuiteBackend, name: string, posts: number): Promise<SignedIn> {
  const user = await signUpAndIn(suite.harness, name)
  await suite.harness.backend.db.query(
    `insert into public.posts (user_id, image_url, caption)
     select $1, $2, repeat('a', 40) || ' post ' || i from generate_series(1, $3::int) as i`,
    [user.userId, IMAGE, posts]
  )
  return user
}

async function get(
  suite: SuiteBackend,
  path: string
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${suite.harness.backend.url}/rest/v1/${path}`, {
    headers: { apikey: suite.harness.backend.anonKey }
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const encode = encodeURIComponent

describeEachBackend('request bounds: refused before any SQL runs', (suite) => {
  let user: SignedIn

  beforeAll(async () => {
    user = await seed(suite, 'bounds', 20)
  })

  it.each([
    ['a backreference', `caption=match.${encode('^(a*)(a*)\\1\\2\\1\\2a$')}`],
    ['a backreference in imatch', `caption=imatch.${encode('(x)\\1')}`],
    ['a backreference inside or=', `or=(caption.match.${encode('(a)\\1')},id.is.null)`]
  ])('refuses %s in a regular expression', async (_, filter) => {
    const { status, body } = await get(suite, `posts?select=id&${filter}`)
    expect(status).toBe(400)
    expect(body).toMatchObject({
      code: '54001',
      message: 'Regular expressions may not use backreferences'
    })
  })

  it('still answers a regular expression with an escaped backslash before a digit', async () => {
    const { status } = await get(suite, `posts?select=id&caption=match.${encode('\\\\1|post')}`)
    expect(status).toBe(200)
  })

  it('refuses a pattern longer than 256 characters', async () => {
    const { status, body } = await get(suite, `posts?select=id&caption=match.${'a'.repeat(257)}`)
    expect(status).toBe(400)
    expect(body).toMatchObject({
      code: '54001',
      message: 'A match pattern may be at most 256 characters long'
    })
    expect((await get(suite, `posts?select=id&caption=like.${'a'.repeat(256)}`)).status).toBe(200)
  })

  it('refuses an ilike pattern with more than 16 wildcards (the 7,000-wildcard attack)', async () => {
    const pattern = '*a'.repeat(17)
    const { status, body } = await get(suite, `posts?select=id&caption=ilike.${pattern}`)
    expect(status).toBe(400)
    expect(body).toMatchObject({
      code: '54001',
      message: 'A ilike pattern may have at most 16 wildcards'
    })
    const allowed = await get(suite, `posts?select=id&caption=ilike.${'*a'.repeat(16)}`)
    expect(allowed.status).toBe(200)
  })

  it('refuses or/and trees with more than 32 conditions (the 720-term attack)', async () => {
    const terms = (n: number): string =>
      Array.from({ length: n }, (_, i) => `caption.ilike.*x${i}*`).join(',')
    const attack = await get(suite, `posts?select=id&or=(${terms(720).replace(/ilike/g, 'eq')})`)
    expect(attack.status).toBe(400)
    expect(attack.body).toMatchObject({
      code: '54001',
      message: 'or/and filters may have at most 32 conditions in all'
    })
    // Conditions count across trees and nesting.
    const split = await get(
      suite,
      `posts?select=id&or=(${terms(20).replace(/ilike/g, 'eq')})&and=(id.not.is.null,or(${terms(12).replace(/ilike/g, 'eq')}))`
    )
    expect(split.status).toBe(400)
    const eqTerms = terms(32).replace(/ilike/g, 'eq')
    expect((await get(suite, `posts?select=id&or=(${eqTerms})`)).status).toBe(200)
  })

  it('refuses more than 2 pattern filters in one request (each is a scan of its own)', async () => {
    const three = await get(
      suite,
      'posts?select=id&caption=like.*a*&or=(caption.ilike.*b*,caption.match.c)'
    )
    expect(three.status).toBe(400)
    expect(three.body).toMatchObject({
      code: '54001',
      message: 'A request may have at most 2 like, ilike, match or imatch filters'
    })
    const two = await get(
      suite,
      'posts?select=id&caption=like.*a*&or=(caption.ilike.*b*,id.is.null)'
    )
    expect(two.status).toBe(200)
  })

  it('refuses an in list of more than 1000 values', async () => {
    const list = (n: number): string => Array.from({ length: n }, (_, i) => `c${i}`).join(',')
    const refused = await get(suite, `posts?select=id&caption=in.(${list(1001)})`)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      code: '54001',
      message: 'An in list may have at most 1000 values'
    })
    expect((await get(suite, `posts?select=id&caption=in.(${list(1000)})`)).status).toBe(200)
  })

  it('refuses more than 4 one-to-many embeds (ten sibling embeds returned 90 MB)', async () => {
    const siblings = Array.from({ length: 10 }, (_, i) => `p${i}:posts(*)`).join(',')
    const { status, body } = await get(suite, `profiles?select=id,${siblings}`)
    expect(status).toBe(400)
    expect(body).toMatchObject({
      code: '54001',
      message: 'A request may embed at most 4 one-to-many resources'
    })
    const four = Array.from({ length: 4 }, (_, i) => `p${i}:posts(id)`).join(',')
    const allowed = await get(suite, `profiles?select=id,${four}&id=eq.${user.userId}`)
    expect(allowed.status).toBe(200)
  })

  it('refuses an insert of more than 200 rows (300 comments in one POST) and writes none', async () => {
    const { data: post } = await user.client.from('posts').select('id').limit(1).single()
    const rows = (n: number): Record<string, string>[] =>
      Array.from({ length: n }, (_, i) => ({
        post_id: (post as { id: string }).id,
        user_id: user.userId,
        body: `bulk ${i}`
      }))
    const { error } = await user.client.from('comments').insert(rows(300))
    expect(error).toMatchObject({
      code: '54000',
      message: 'A write may carry at most 200 rows',
      details: 'The body has 300 rows'
    })
    const { count } = await user.client
      .from('comments')
      .select('id', { count: 'exact', head: true })
      .like('body', 'bulk %')
    expect(count).toBe(0)
    expect((await user.client.from('comments').insert(rows(200))).error).toBeNull()
  })
})

describeEachBackend('planned and estimated counts under row level security', (suite) => {
  let saver: SignedIn
  let other: SignedIn

  beforeAll(async () => {
    saver = await seed(suite, 'saver', 40)
    other = await signUpAndIn(suite.harness, 'nosaves')
    // The planner's estimate for "my saves" is the table's rows over its distinct savers: with
    // one saver, every row of the table.
    await suite.harness.backend.db.exec(
      `insert into public.saves (user_id, post_id) select user_id, id from public.posts;
       analyze public.saves`
    )
  })

  it.each(['planned', 'estimated'] as const)(
    "count=%s on saves is the caller's exact count, so it reveals no one else's rows",
    async (mode) => {
      const none = await other.client.from('saves').select('*', { count: mode, head: true })
      expect(none.error).toBeNull()
      expect(none.count).toBe(0)
      const anon = await suite.harness.anon().from('saves').select('*', { count: mode, head: true })
      expect(anon.count).toBe(0)
      const page = await saver.client.from('saves').select('post_id', { count: mode }).limit(2)
      expect(page.count).toBe(40)
    }
  )
})

describeEachBackend(
  'request bounds: every read is priced, one of one table too',
  (suite) => {
    beforeAll(async () => {
      await seed(suite, 'priced', 5)
    })

    it('refuses a read of one table alone that the planner prices above the limit', async () => {
      const { status, body } = await get(suite, 'posts?select=id,caption')
      expect(status).toBe(400)
      expect(body).toMatchObject({
        code: '54001',
        message: 'This request would read too many rows at once'
      })
    })
  },
  { config: { rest: { ...DEFAULT_REST_LIMITS, maxPlanCost: 1 } } }
)

describeEachBackend(
  'request bounds: response bytes',
  (suite) => {
    beforeAll(async () => {
      await seed(suite, 'heavy', 60)
    })

    it('refuses a response past the byte limit, and answers a smaller page', async () => {
      const { status, body } = await get(suite, 'posts?select=id,caption,image_url')
      expect(status).toBe(400)
      expect(body).toMatchObject({
        code: '54000',
        message: 'A response may be at most 4096 bytes'
      })
      expect(String(body.details)).toMatch(/^This one would be \d+ bytes$/)
      const page = await get(suite, 'posts?select=id&limit=3')
      expect(page.status).toBe(200)
    })
  },
  { config: { rest: { ...DEFAULT_REST_LIMITS, maxResponseBytes: 4096 } } }
)
