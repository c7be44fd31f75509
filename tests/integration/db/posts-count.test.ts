// profiles.posts_count (supabase/migrations/20261126193100_profile_posts_count.sql): kept by
// statement triggers on posts, so a profile header can say how many posts a private account has
// to a visitor who may see none of them, and clients cannot set it.

import { beforeEach, expect, it } from 'vitest'
import { describeEachDatabase } from '../../support/database-suite'
import { attemptAs, resetData, runAs, signUp, type Actor } from '../../support/sql-actors'

const STORAGE = 'https://example.test/storage/v1/object/public/images/posts'

describeEachDatabase('profiles.posts_count', (suite) => {
  let alice: Actor
  let bob: Actor

  const post = (author: Actor, n = 1): Promise<unknown> =>
    runAs(
      suite.db,
      author,
      `insert into posts (user_id, image_url)
       select $1::uuid, $2::text || '/' || $1::text || '/' || i || '.png'
       from generate_series(1, $3::int) i`,
      [author.id, STORAGE, n]
    )
  const countOf = async (viewer: Actor, person: Actor): Promise<number> =>
    (
      await runAs<{ posts_count: number }>(
        suite.db,
        viewer,
        'select posts_count from profiles where id = $1',
        [person.id]
      )
    ).rows[0].posts_count

  beforeEach(async () => {
    await resetData(suite.db)
    alice = await signUp(suite.db, 'alice', { username: 'alice' })
    bob = await signUp(suite.db, 'bob', { username: 'bob' })
  })

  it('counts posts added one at a time and many in one statement, and removed ones', async () => {
    expect(await countOf(alice, alice)).toBe(0)
    await post(alice)
    await post(alice, 5)
    await post(bob, 2)
    expect(await countOf(alice, alice)).toBe(6)
    expect(await countOf(alice, bob)).toBe(2)
    await runAs(
      suite.db,
      alice,
      'delete from posts where id in (select id from posts where user_id = $1 limit 4)',
      [alice.id]
    )
    expect(await countOf(bob, alice)).toBe(2)
  })

  it('shows a private account’s count to a visitor who sees none of its posts', async () => {
    await post(alice, 3)
    await suite.db.query('update profiles set is_private = true where id = $1', [alice.id])
    const seen = await runAs<{ n: number }>(
      suite.db,
      bob,
      'select count(*)::int as n from posts where user_id = $1',
      [alice.id]
    )
    expect(seen.rows[0].n).toBe(0)
    expect(await countOf(bob, alice)).toBe(3)
  })

  it('cannot be written by its owner', async () => {
    await post(alice)
    const outcome = await attemptAs(
      suite.db,
      alice,
      'update profiles set posts_count = 1000 where id = $1',
      [alice.id]
    )
    expect(outcome).toMatchObject({ ok: false, code: '42501' })
    expect(await countOf(alice, alice)).toBe(1)
  })
})
