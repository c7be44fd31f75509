// import_post: the one way a post gets a date in the past (an Instagram import keeps when each
// photo was shared). Only for the caller's own post made by that very call, never in the future,
// never before 2010-10-06, and never for anon; a retry of the same post id moves nothing.

import { beforeEach, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { anon, attemptAs, resetData, runAs, signUp, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const CALL = 'select id, created_at from import_post($1, $2::jsonb, $3::uuid, $4::timestamptz)'
const storageUrl = (userId: string | null, name: string): string =>
  `https://example.test/storage/v1/object/public/images/posts/${userId}/${name}`
const TAKEN_AT = '2016-03-04T05:06:07.000Z'

describeEachDatabase('import_post', (suite) => {
  let a: Actor
  let b: Actor

  beforeEach(async () => {
    await resetData(suite.db)
    a = await signUp(suite.db, 'user A', { username: 'import_a' })
    b = await signUp(suite.db, 'user B', { username: 'import_b' })
  })

  const photos = (owner: Actor): string =>
    JSON.stringify([{ image_url: storageUrl(owner.id, `${randomUUID()}.jpg`) }])

  async function createdAt(postId: string): Promise<string | null> {
    const { rows } = await suite.db.query<{ ms: string }>(
      'select (extract(epoch from created_at) * 1000)::bigint::text as ms from posts where id = $1',
      [postId]
    )
    return rows[0] ? new Date(Number(rows[0].ms)).toISOString() : null
  }

  it('makes the caller’s post dated when it was first shared, hashtags included', async () => {
    const id = randomUUID()
    await runAs(suite.db, a, CALL, ['old #sunset', photos(a), id, TAKEN_AT])
    expect(await createdAt(id)).toBe(TAKEN_AT)
    const { rows } = await suite.db.query<{ ms: string }>(
      'select (extract(epoch from post_created_at) * 1000)::bigint::text as ms from post_tags where post_id = $1',
      [id]
    )
    expect(rows.map((row) => new Date(Number(row.ms)).toISOString())).toEqual([TAKEN_AT])
  })

  it('refuses a date in the future or before Instagram existed, leaving no post', async () => {
    const future = new Date(Date.now() + 60_000).toISOString()
    for (const when of [future, '2009-01-01T00:00:00Z']) {
      const id = randomUUID()
      const outcome = await attemptAs(suite.db, a, CALL, ['x', photos(a), id, when])
      expect(outcome, when).toMatchObject({ ok: false, code: '22023' })
      expect(await createdAt(id)).toBeNull()
    }
  })

  it('is refused to anon and for photos in someone else’s folder', async () => {
    const id = randomUUID()
    expect(await attemptAs(suite.db, anon, CALL, ['x', photos(a), id, TAKEN_AT])).toMatchObject({
      ok: false,
      code: '42501'
    })
    expect(await attemptAs(suite.db, b, CALL, ['x', photos(a), id, TAKEN_AT])).toMatchObject({
      ok: false,
      code: '42501'
    })
    expect(await createdAt(id)).toBeNull()
  })

  it('never moves a post that already exists: a retry, or someone else’s id', async () => {
    const id = randomUUID()
    await runAs(suite.db, a, 'select id from create_post($1, $2::jsonb, $3::uuid)', [
      'made today',
      photos(a),
      id
    ])
    const before = await createdAt(id)
    // A's own retry returns the post as it is.
    await runAs(suite.db, a, CALL, ['made today', photos(a), id, TAKEN_AT])
    expect(await createdAt(id)).toBe(before)
    // B cannot date A's post by naming its id.
    const outcome = await attemptAs(suite.db, b, CALL, ['x', photos(b), id, TAKEN_AT])
    expect(outcome).toMatchObject({ ok: false, code: '23505' })
    expect(await createdAt(id)).toBe(before)
  })

  it('leaves created_at closed to plain updates', async () => {
    const id = randomUUID()
    await runAs(suite.db, a, CALL, ['x', photos(a), id, TAKEN_AT])
    const outcome = await attemptAs(
      suite.db,
      a,
      'update posts set created_at = now() where id = $1',
      [id]
    )
    expect(outcome).toMatchObject({ ok: false, code: '42501' })
  })
})
