// set_post_like: one request likes or unlikes as the caller and answers with the new count. It
// sets rather than toggles (a retry changes nothing), runs under the caller's rights (anon is
// refused; nobody likes on someone else's behalf) and says so when the post is gone.

import { beforeEach, expect, it } from 'vitest'
import { anon, attemptAs, resetData, runAs, signUp, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const SET_LIKE = 'select * from public.set_post_like($1, $2)'

describeEachDatabase('set_post_like', (suite) => {
  let owner: Actor
  let fan: Actor
  let postId: string

  beforeEach(async () => {
    await resetData(suite.db)
    owner = await signUp(suite.db, 'owner', { username: 'owner' })
    fan = await signUp(suite.db, 'fan', { username: 'fan' })
    const { rows } = await suite.db.query<{ id: string }>(
      `insert into posts (user_id, image_url) values ($1, $2) returning id`,
      [owner.id, 'https://example.test/storage/v1/object/public/images/posts/o/1.png']
    )
    postId = rows[0].id
  })

  async function likesOf(userId: string | null): Promise<number> {
    const { rows } = await suite.db.query<{ n: number }>(
      'select count(*)::int as n from likes where post_id = $1 and user_id = $2',
      [postId, userId]
    )
    return rows[0].n
  }

  it('likes as the caller and answers with the new count', async () => {
    const { rows } = await runAs(suite.db, fan, SET_LIKE, [postId, true])
    expect(rows).toEqual([{ liked: true, likes_count: 1 }])
    expect(await likesOf(fan.id)).toBe(1)
  })

  it('is idempotent: liking twice keeps one like, unliking twice keeps none', async () => {
    await runAs(suite.db, fan, SET_LIKE, [postId, true])
    expect((await runAs(suite.db, fan, SET_LIKE, [postId, true])).rows).toEqual([
      { liked: true, likes_count: 1 }
    ])
    await runAs(suite.db, fan, SET_LIKE, [postId, false])
    expect((await runAs(suite.db, fan, SET_LIKE, [postId, false])).rows).toEqual([
      { liked: false, likes_count: 0 }
    ])
    expect(await likesOf(fan.id)).toBe(0)
  })

  it('counts other people’s likes in its answer', async () => {
    await runAs(suite.db, owner, SET_LIKE, [postId, true])
    expect((await runAs(suite.db, fan, SET_LIKE, [postId, true])).rows).toEqual([
      { liked: true, likes_count: 2 }
    ])
  })

  it('refuses a visitor', async () => {
    expect(await attemptAs(suite.db, anon, SET_LIKE, [postId, true])).toMatchObject({
      ok: false,
      code: '42501'
    })
    expect(await likesOf(null)).toBe(0)
  })

  it('unliking removes only the caller’s own like', async () => {
    await runAs(suite.db, owner, SET_LIKE, [postId, true])
    await runAs(suite.db, fan, SET_LIKE, [postId, false])
    expect(await likesOf(owner.id)).toBe(1)
  })

  it('says the post is gone when unliking a deleted post', async () => {
    await suite.db.query('delete from posts where id = $1', [postId])
    expect(await attemptAs(suite.db, fan, SET_LIKE, [postId, false])).toMatchObject({
      ok: false,
      code: 'P0002'
    })
  })

  it('refuses a like of a post that does not exist', async () => {
    await suite.db.query('delete from posts where id = $1', [postId])
    expect(await attemptAs(suite.db, fan, SET_LIKE, [postId, true])).toMatchObject({
      ok: false,
      code: 'PT404'
    })
  })
})
