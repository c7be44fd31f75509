// A PATCH or DELETE whose filter matches more rows than a write may change (maxRowsPerWrite,
// request-limits.ts, as an insert body may carry) is refused with a 400 that names the limit,
// and changes nothing: the count is checked inside the transaction, before the commit. The cap
// binds the anon key and signed-in users; the service role (bulk loads such as `npm run seed`)
// has none, as PostgREST has none.

import { beforeAll, expect, it } from 'vitest'
import { DEFAULT_REST_LIMITS } from '../../../src/backend/request-limits'
import { signUpAndIn, testClient, type SignedIn } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'

const CAP = DEFAULT_REST_LIMITS.maxRowsPerWrite
const IMAGE = 'http://127.0.0.1:54321/storage/v1/object/public/images/posts/cap.png'

describeEachBackend('rows changed by one PATCH or DELETE', (suite) => {
  let user: SignedIn

  beforeAll(async () => {
    user = await signUpAndIn(suite.harness, 'capper')
    // One more post than a write may change, and a second batch that fits.
    await suite.harness.backend.db.query(
      `insert into public.posts (user_id, image_url, caption)
       select $1, $2, case when i <= $3::int then 'many ' || i else 'few ' || i end
       from generate_series(1, $3::int + $4::int) as i`,
      [user.userId, IMAGE, CAP + 1, CAP]
    )
  })

  const captions = async (pattern: string): Promise<number> => {
    const { count } = await user.client
      .from('posts')
      .select('id', { count: 'exact', head: true })
      .like('caption', pattern)
    return count ?? -1
  }

  const refusal = {
    code: '54000',
    message: `A write may change at most ${CAP} rows`,
    details: `This one would change ${CAP + 1} rows`
  }

  it('refuses a PATCH matching one row too many, with or without the rows back, and changes none', async () => {
    const patch = user.client.from('posts').update({ caption: 'changed' }).like('caption', 'many %')
    expect((await patch).error).toMatchObject(refusal)
    expect((await patch).status).toBe(400)
    const returning = user.client
      .from('posts')
      .update({ caption: 'changed' })
      .like('caption', 'many %')
      .select('id')
    expect((await returning).error).toMatchObject(refusal)
    expect(await captions('changed')).toBe(0)
    expect(await captions('many %')).toBe(CAP + 1)
  })

  it('refuses a DELETE matching one row too many and deletes none', async () => {
    const { error, status } = await user.client.from('posts').delete().like('caption', 'many %')
    expect(status).toBe(400)
    expect(error).toMatchObject(refusal)
    expect(await captions('many %')).toBe(CAP + 1)
  })

  it('lets a PATCH and a DELETE of exactly the limit through', async () => {
    const patched = await user.client
      .from('posts')
      .update({ caption: 'few, changed' })
      .like('caption', 'few %')
      .select('id')
    expect(patched.error).toBeNull()
    expect(patched.data).toHaveLength(CAP)
    const { error } = await user.client.from('posts').delete().eq('caption', 'few, changed')
    expect(error).toBeNull()
    expect(await captions('few%')).toBe(0)
  })
})

// 250 posts and what cascades from them in one statement can outlast PGlite's default 2 s
// budget on a loaded 2-core machine; the budget is another limit (request-limits.test.ts), so
// this suite gives the service role's bulk writes room.
describeEachBackend(
  'the service role writes past the cap',
  (suite) => {
    it('inserts, changes and deletes more rows than the cap in one request each', async () => {
      const owner = await signUpAndIn(suite.harness, 'bulkowner')
      const { url, serviceRoleKey } = suite.harness.backend
      const admin = testClient(url, serviceRoleKey)
      const image = `${url}/storage/v1/object/public/images/posts/${owner.userId}/bulk.png`
      const rows = Array.from({ length: CAP + 50 }, (_, i) => ({
        user_id: owner.userId,
        image_url: image,
        caption: `bulk ${i}`
      }))
      // The same body from the owner is refused: the cap still binds signed-in callers.
      expect((await owner.client.from('posts').insert(rows)).error).toMatchObject({
        code: '54000',
        message: `A write may carry at most ${CAP} rows`
      })

      expect((await admin.from('posts').insert(rows)).error).toBeNull()
      const changed = await admin
        .from('posts')
        .update({ caption: 'bulk, changed' })
        .like('caption', 'bulk %')
        .select('id')
      expect(changed.error).toBeNull()
      expect(changed.data).toHaveLength(CAP + 50)
      const removed = await admin.from('posts').delete().eq('caption', 'bulk, changed').select('id')
      expect(removed.error).toBeNull()
      expect(removed.data).toHaveLength(CAP + 50)
    })
  },
  { config: { rest: { ...DEFAULT_REST_LIMITS, requestBudgetMs: 20_000 } } }
)
