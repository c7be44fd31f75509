// followers_count / following_count are kept by a trigger on follows. These tests run many
// follow and unfollow transactions at once, each as its own user through withRole. On
// PostgreSQL they really run in parallel (a pool of connections), including pairs following
// each other at the same moment, which would deadlock if the trigger locked rows in a
// different order per direction; PGlite serialises them. The counts must be exact either way.

import { beforeEach, expect, it } from 'vitest'
import type { Database } from '../../../src/backend/db/database'
import { seededRandom } from '../../../src/shared/random'
import { attemptAs, resetData, signUpUsers, userActor, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const USERS = 30
const OPERATIONS_PER_USER = 8
const FOLLOW = 'insert into follows (follower_id, following_id) values ($1, $2)'
const UNFOLLOW = 'delete from follows where follower_id = $1 and following_id = $2'

interface CountDrift {
  username: string
  followers: [stored: number, actual: number]
  following: [stored: number, actual: number]
}

/** Every profile whose stored counts differ from the follows rows; empty when all are exact. */
async function drift(db: Database): Promise<CountDrift[]> {
  const { rows } = await db.query<{
    username: string
    followers_count: number
    followers_actual: number
    following_count: number
    following_actual: number
  }>(
    `select username, followers_count, following_count,
            (select count(*) from follows f where f.following_id = p.id)::int as followers_actual,
            (select count(*) from follows f where f.follower_id = p.id)::int as following_actual
     from profiles p order by username`
  )
  return rows
    .filter(
      (r) => r.followers_count !== r.followers_actual || r.following_count !== r.following_actual
    )
    .map((r) => ({
      username: r.username,
      followers: [r.followers_count, r.followers_actual],
      following: [r.following_count, r.following_actual]
    }))
}

async function total(db: Database, column: 'followers_count' | 'following_count'): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select sum(${column})::int as n from profiles`)
  return rows[0].n
}

describeEachDatabase('follower counts under concurrency', (suite) => {
  let users: Actor[]

  beforeEach(async () => {
    await resetData(suite.db)
    const ids = await signUpUsers(
      suite.db,
      Array.from({ length: USERS }, (_, i) => ({ username: `person_${i}` }))
    )
    users = ids.map((id, i) => userActor(`person ${i}`, id))
  })

  it(`${USERS} users following and unfollowing a few people at once keep every count exact`, async () => {
    const seed = Date.now() % 100_000
    const random = seededRandom(seed)
    // Targets drawn from the first five people, so the same rows are contended by everyone,
    // and every user is also a target, so rows are locked as follower and as followed at once.
    const plans = users.map((_, i) =>
      Array.from({ length: OPERATIONS_PER_USER }, () => {
        let target = Math.floor(random() * 5)
        if (target === i) target = (target + 1) % USERS
        return { target: users[target], follow: random() < 0.6 }
      })
    )
    await Promise.all(
      users.map(async (user, i) => {
        const following = new Set<string>()
        for (const { target, follow } of plans[i]) {
          const params = [user.id, target.id]
          const outcome = await attemptAs(suite.db, user, follow ? FOLLOW : UNFOLLOW, params)
          const was = following.has(target.id!)
          if (follow) {
            // A second follow of the same person is refused by the primary key; anything else
            // (a deadlock, a serialisation error) is a bug.
            expect(outcome, `seed ${seed}`).toMatchObject(
              was ? { ok: false, code: '23505' } : { ok: true, rowCount: 1 }
            )
            following.add(target.id!)
          } else {
            expect(outcome, `seed ${seed}`).toMatchObject({ ok: true, rowCount: was ? 1 : 0 })
            following.delete(target.id!)
          }
        }
      })
    )
    expect(await drift(suite.db), `seed ${seed}`).toEqual([])
  })

  it('pairs following each other at the same moment neither deadlock nor lose a count', async () => {
    const pairs = users.slice(0, USERS / 2).map((user, i) => [user, users[USERS - 1 - i]])
    const outcomes = await Promise.all(
      pairs.flatMap(([x, y]) => [
        attemptAs(suite.db, x, FOLLOW, [x.id, y.id]),
        attemptAs(suite.db, y, FOLLOW, [y.id, x.id])
      ])
    )
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([])
    expect(await drift(suite.db)).toEqual([])
    expect(await total(suite.db, 'followers_count')).toBe(USERS)
    await Promise.all(
      pairs.flatMap(([x, y]) => [
        attemptAs(suite.db, x, UNFOLLOW, [x.id, y.id]),
        attemptAs(suite.db, y, UNFOLLOW, [y.id, x.id])
      ])
    )
    expect(await drift(suite.db)).toEqual([])
    expect(await total(suite.db, 'following_count')).toBe(0)
  })

  it('everyone following one person at the same moment counts every follower', async () => {
    const [star, ...fans] = users
    const outcomes = await Promise.all(
      fans.map((fan) => attemptAs(suite.db, fan, FOLLOW, [fan.id, star.id]))
    )
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true)
    const { rows } = await suite.db.query<{ followers_count: number }>(
      'select followers_count from profiles where id = $1',
      [star.id]
    )
    expect(rows[0].followers_count).toBe(fans.length)
    expect(await drift(suite.db)).toEqual([])
  })

  it("deleting a user removes their follows and corrects everyone else's counts", async () => {
    const [leaving, stays, other] = users
    for (const [from, to] of [
      [leaving, stays],
      [stays, leaving],
      [other, leaving],
      [other, stays]
    ]) {
      expect(await attemptAs(suite.db, from, FOLLOW, [from.id, to.id])).toMatchObject({ ok: true })
    }
    await suite.db.query('delete from auth.users where id = $1', [leaving.id])
    expect(await drift(suite.db)).toEqual([])
    const { rows } = await suite.db.query<{ followers_count: number; following_count: number }>(
      'select followers_count, following_count from profiles where id = $1',
      [stays.id]
    )
    expect(rows[0]).toEqual({ followers_count: 1, following_count: 0 })
  })
})
