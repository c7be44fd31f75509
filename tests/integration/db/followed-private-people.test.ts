// app_private.followed_private_people (migration 20261127160200): the follows whose followed
// person is private and not suspended, kept by triggers. The posts policy lets a reader see a
// restricted author's posts only when that author is on the reader's kept copy of this list, so
// a missing row hides a follower's posts and a stale one shows a private or suspended person's
// posts to someone who no longer follows them: each change that moves a row is tried here.

import { beforeEach, expect, it } from 'vitest'
import type { Queryable } from '../../../src/backend/db/database'
import {
  inRolledBackTransaction,
  postAs,
  resetData,
  runAs,
  signUp,
  startAs,
  type Actor
} from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

describeEachDatabase('the private people each reader follows, kept', (suite) => {
  let author: Actor
  let other: Actor
  let follower: Actor
  let postId: string

  beforeEach(async () => {
    await resetData(suite.db)
    author = await signUp(suite.db, 'author', { username: 'author' })
    other = await signUp(suite.db, 'other', { username: 'other' })
    follower = await signUp(suite.db, 'follower', { username: 'follower' })
    postId = await postAs(suite.db, author)
  })

  const kept = async (): Promise<string[]> =>
    (
      await suite.db.query<{ pair: string }>(
        `select follower_id || '>' || following_id as pair
         from app_private.followed_private_people order by 1`
      )
    ).rows.map((row) => row.pair)
  const pair = (from: Actor, to: Actor) => `${from.id}>${to.id}`
  /** A follow as an approved request writes it (a private person refuses any other). */
  const approved = (from: Actor, to: Actor) =>
    `with approval as (select set_config('app.approving_follow', '${from.id}:${to.id}', true))
     insert into public.follows (follower_id, following_id)
     select '${from.id}', '${to.id}' from approval`
  const follow = (from: Actor, to: Actor) => suite.db.query(approved(from, to))
  const setProfile = (who: Actor, sql: string) =>
    suite.db.query(`update public.profiles set ${sql} where id = $1`, [who.id])
  const sees = async (reader: Actor): Promise<boolean> =>
    (await runAs(suite.db, reader, 'select 1 from posts where id = $1', [postId])).rows.length === 1

  it('keeps a follow of a private person, not of a public one, and drops it on unfollow', async () => {
    await setProfile(author, 'is_private = true')
    await follow(follower, author)
    await follow(follower, other)
    expect(await kept()).toEqual([pair(follower, author)])
    expect(await sees(follower)).toBe(true)
    expect(await sees(other)).toBe(false)

    await suite.db.query('delete from public.follows where follower_id = $1', [follower.id])
    expect(await kept()).toEqual([])
    expect(await sees(follower)).toBe(false)
  })

  it('follows the person going private, public, suspended and back', async () => {
    await follow(follower, author)
    await follow(other, author)
    expect(await kept()).toEqual([])

    await setProfile(author, 'is_private = true')
    expect(await kept()).toEqual([pair(follower, author), pair(other, author)].sort())
    expect(await sees(follower)).toBe(true)

    await setProfile(author, 'suspended_at = now()')
    expect(await kept()).toEqual([])
    expect(await sees(follower)).toBe(false)

    await setProfile(author, 'suspended_at = null')
    expect(await kept()).toEqual([pair(follower, author), pair(other, author)].sort())

    await setProfile(author, 'is_private = false')
    expect(await kept()).toEqual([])
    // Public again: everyone sees the post, the list is no longer needed for it.
    expect(await sees(follower)).toBe(true)
  })

  it('checks a follow moved by direct SQL again', async () => {
    await setProfile(author, 'is_private = true')
    await follow(follower, author)
    await suite.db.query('update public.follows set following_id = $1 where follower_id = $2', [
      other.id,
      follower.id
    ])
    expect(await kept()).toEqual([])
    await suite.db.query('update public.follows set following_id = $1 where follower_id = $2', [
      author.id,
      follower.id
    ])
    expect(await kept()).toEqual([pair(follower, author)])
  })

  it('a follow approved in the same transaction counts at once for the kept lists', async () => {
    await setProfile(author, 'is_private = true')
    const seen = await inRolledBackTransaction(suite.db, async (tx: Queryable) => {
      await startAs(suite.db, tx, follower)
      const seesPost = async () =>
        (await tx.query('select 1 from posts where id = $1', [postId])).rows.length === 1
      const before = await seesPost()
      // The author approves: the follow is written (as the approval's definer would) and the
      // transaction goes on as the follower.
      await tx.query('reset role')
      await tx.query(approved(follower, author))
      await tx.query(`select set_config('role', 'authenticated', true)`)
      return { before, after: await seesPost() }
    })
    expect(seen).toEqual({ before: false, after: true })
  })

  it('the Following feed shows a followed private author, and nothing of a followed suspended one', async () => {
    const othersPost = await postAs(suite.db, other)
    await setProfile(author, 'is_private = true')
    await follow(follower, author)
    await follow(follower, other)
    await setProfile(other, 'suspended_at = now()')
    const page = async (sql: string) =>
      (await runAs<{ id: string }>(suite.db, follower, sql)).rows.map((row) => row.id)
    expect(await page('select id from following_feed_page()')).toEqual([postId])
    expect(
      await page(
        `select id from following_feed_page_newer('-infinity', '00000000-0000-0000-0000-000000000000')`
      )
    ).toEqual([postId])

    await setProfile(other, 'suspended_at = null')
    expect((await page('select id from following_feed_page()')).sort()).toEqual(
      [postId, othersPost].sort()
    )
  })

  it('the posts policy looks nothing up: a restricted author is checked against the kept list', async () => {
    const plan = await inRolledBackTransaction(suite.db, async (tx: Queryable) => {
      await startAs(suite.db, tx, follower)
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        'explain (costs off) select id from public.posts order by created_at desc limit 12'
      )
      return rows.map((row) => row['QUERY PLAN']).join('\n')
    })
    expect(plan).not.toMatch(/profiles|follows|SubPlan/)
  })
})
