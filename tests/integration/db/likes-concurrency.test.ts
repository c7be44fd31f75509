// likes_count is kept by a trigger; these tests hammer one post with concurrent like and
// unlike transactions, each as its own user through withRole. On PostgreSQL they really run
// in parallel (a pool of 10 connections); PGlite serialises them, and the count must be exact
// either way.

import { beforeEach, expect, it } from 'vitest'
import type { Database } from '../../../src/backend/db/database'
import {
  attemptAs,
  resetData,
  signUp,
  signUpUsers,
  userActor,
  type Actor
} from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'
import { seededRandom } from '../../../src/shared/random'

const USERS = 40
const OPERATIONS_PER_USER = 6
const LIKE = 'insert into likes (user_id, post_id) values ($1, $2)'
const UNLIKE = 'delete from likes where user_id = $1 and post_id = $2'

async function counts(db: Database, postId: string): Promise<{ stored: number; actual: number }> {
  const { rows } = await db.query<{ stored: number; actual: number }>(
    `select likes_count as stored, (select count(*) from likes where post_id = p.id)::int as actual
     from posts p where id = $1`,
    [postId]
  )
  return rows[0]
}

describeEachDatabase('likes_count under concurrency', (suite) => {
  let postId: string
  let users: Actor[]

  beforeEach(async () => {
    await resetData(suite.db)
    const owner = await signUp(suite.db, 'owner', { username: 'owner' })
    const { rows } = await suite.db.query<{ id: string }>(
      `insert into posts (user_id, image_url) values ($1, 'http://127.0.0.1:54321/storage/v1/object/public/images/posts/p.png') returning id`,
      [owner.id]
    )
    postId = rows[0].id
    const ids = await signUpUsers(
      suite.db,
      Array.from({ length: USERS }, (_, i) => ({ username: `fan_${i}` }))
    )
    users = ids.map((id, i) => userActor(`fan ${i}`, id))
  })

  it(`${USERS} users liking and unliking one post at once leave likes_count equal to the likes`, async () => {
    const seed = Date.now() % 100_000
    const random = seededRandom(seed)
    // Each user runs their own operations in order, all users at once: the only contention is
    // on the post row, which is what the trigger must get right.
    const plans = users.map(() =>
      Array.from({ length: OPERATIONS_PER_USER }, () => (random() < 0.6 ? 'like' : 'unlike'))
    )
    const finals = await Promise.all(
      users.map(async (user, i) => {
        let liked = false
        for (const operation of plans[i]) {
          const outcome = await attemptAs(suite.db, user, operation === 'like' ? LIKE : UNLIKE, [
            user.id,
            postId
          ])
          if (operation === 'like') {
            // Liking twice is refused by the unique key; anything else is a bug.
            expect(outcome, `seed ${seed}`).toMatchObject(
              liked ? { ok: false, code: '23505' } : { ok: true, rowCount: 1 }
            )
            liked = true
          } else {
            expect(outcome, `seed ${seed}`).toMatchObject({ ok: true, rowCount: liked ? 1 : 0 })
            liked = false
          }
        }
        return liked
      })
    )
    const expected = finals.filter(Boolean).length
    expect(await counts(suite.db, postId), `seed ${seed}`).toEqual({
      stored: expected,
      actual: expected
    })
  })

  it('every user liking one post at the same moment counts every like', async () => {
    const outcomes = await Promise.all(
      users.map((user) => attemptAs(suite.db, user, LIKE, [user.id, postId]))
    )
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true)
    expect(await counts(suite.db, postId)).toEqual({ stored: USERS, actual: USERS })
    await Promise.all(users.map((user) => attemptAs(suite.db, user, UNLIKE, [user.id, postId])))
    expect(await counts(suite.db, postId)).toEqual({ stored: 0, actual: 0 })
  })

  it('a duplicate like fails with 23505 and leaves likes_count unchanged', async () => {
    const [fan] = users
    expect(await attemptAs(suite.db, fan, LIKE, [fan.id, postId])).toMatchObject({ ok: true })
    expect(await attemptAs(suite.db, fan, LIKE, [fan.id, postId])).toMatchObject({
      ok: false,
      code: '23505'
    })
    expect(await counts(suite.db, postId)).toEqual({ stored: 1, actual: 1 })
  })

  it('the same user liking one post ten times at once gets one like; the rest fail with 23505', async () => {
    const [fan] = users
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => attemptAs(suite.db, fan, LIKE, [fan.id, postId]))
    )
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1)
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.code === '23505')).toHaveLength(9)
    expect(await counts(suite.db, postId)).toEqual({ stored: 1, actual: 1 })
  })
})
