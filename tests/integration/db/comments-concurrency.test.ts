// comments_count is kept by a trigger; these tests hammer one post with concurrent comments,
// replies and deletions, each as its own user through withRole. On PostgreSQL they really run
// in parallel (a pool of 10 connections); PGlite serialises them, and the count must be exact
// either way.

import { beforeEach, expect, it } from 'vitest'
import type { Database } from '../../../src/backend/db/database'
import { seededRandom } from '../../../src/shared/random'
import {
  attemptAs,
  resetData,
  runAs,
  signUp,
  signUpUsers,
  userActor,
  type Actor
} from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const USERS = 30
const OPERATIONS_PER_USER = 6
const COMMENT = `insert into comments (post_id, user_id, parent_id, body)
                 values ($1, $2, $3, 'storm') returning id`
const DELETE = 'delete from comments where id = $1'

async function counts(db: Database, postId: string): Promise<{ stored: number; actual: number }> {
  const { rows } = await db.query<{ stored: number; actual: number }>(
    `select comments_count as stored,
            (select count(*) from comments where post_id = p.id)::int as actual
     from posts p where id = $1`,
    [postId]
  )
  return rows[0]
}

describeEachDatabase('comments_count under concurrency', (suite) => {
  let postId: string
  let owner: Actor
  let users: Actor[]
  /** A top-level comment everyone may reply to (and the owner deletes in one test). */
  let thread: string

  beforeEach(async () => {
    await resetData(suite.db)
    owner = await signUp(suite.db, 'owner', { username: 'owner' })
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
    const started = await runAs<{ id: string }>(suite.db, owner, COMMENT, [postId, owner.id, null])
    thread = started.rows[0].id
  })

  it(`${USERS} users commenting, replying and deleting at once leave comments_count exact`, async () => {
    const seed = Date.now() % 100_000
    const random = seededRandom(seed)
    const plans = users.map(() =>
      Array.from({ length: OPERATIONS_PER_USER }, () => {
        const roll = random()
        return roll < 0.4 ? 'comment' : roll < 0.7 ? 'reply' : 'delete'
      })
    )
    await Promise.all(
      users.map(async (user, i) => {
        const mine: string[] = []
        for (const operation of plans[i]) {
          if (operation === 'delete') {
            const id = mine.pop()
            if (!id) continue
            const outcome = await attemptAs(suite.db, user, DELETE, [id])
            expect(outcome, `seed ${seed}`).toMatchObject({ ok: true, rowCount: 1 })
            continue
          }
          const parent = operation === 'reply' ? thread : null
          const outcome = await attemptAs(suite.db, user, COMMENT, [postId, user.id, parent])
          expect(outcome, `seed ${seed}`).toMatchObject({ ok: true })
          if (outcome.ok) mine.push(String(outcome.rows[0].id))
        }
      })
    )
    const result = await counts(suite.db, postId)
    expect(result.stored, `seed ${seed}`).toBe(result.actual)
    expect(result.actual, `seed ${seed}`).toBeGreaterThan(1)
  })

  it('the post’s author deleting a thread while people reply to it keeps the count exact', async () => {
    const replies = users.map((user) =>
      attemptAs(suite.db, user, COMMENT, [postId, user.id, thread])
    )
    const deletion = attemptAs(suite.db, owner, DELETE, [thread])
    const outcomes = await Promise.all([...replies, deletion])
    // A reply that lost the race to the deletion fails on its parent (trigger or foreign key).
    for (const outcome of outcomes) {
      if (!outcome.ok) expect(outcome.code).toBe('23503')
    }
    expect(await counts(suite.db, postId)).toMatchObject({ stored: 0, actual: 0 })
  })
})
