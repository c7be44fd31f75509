// app_private.reader_lists (migration 20261127170000): each person's block partners, muted
// people and followed private people, kept by statement triggers so that a request reads them
// with one primary-key lookup. A stale row lets a reader see a person across a block, or a
// muted or private person's posts: every change that moves a list is tried here, and the kept
// row must equal the lists computed from their tables (app_private.reader_lists_computed) for
// every person after each one, including under concurrent writers.

import { beforeEach, expect, it } from 'vitest'
import type { Queryable } from '../../../src/backend/db/database'
import {
  attemptAs,
  inRolledBackTransaction,
  postAs,
  resetData,
  runAs,
  signUp,
  signUpUsers,
  startAs,
  userActor,
  type Actor
} from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

describeEachDatabase('the reader lists kept per person', (suite) => {
  let reader: Actor
  let author: Actor
  let other: Actor
  let postId: string

  beforeEach(async () => {
    await resetData(suite.db)
    reader = await signUp(suite.db, 'reader', { username: 'reader' })
    author = await signUp(suite.db, 'author', { username: 'author' })
    other = await signUp(suite.db, 'other', { username: 'other' })
    postId = await postAs(suite.db, author)
  })

  /** Every person whose kept lists differ from their computed ones (expected: none). */
  const stale = async (): Promise<string[]> =>
    (
      await suite.db.query<{ username: string }>(
        `select p.username from public.profiles p
         where app_rules.reader_lists_of(p.id) <> app_private.reader_lists_computed(p.id)
         order by 1`
      )
    ).rows.map((row) => row.username)
  /** One of the kept lists, by its place in `<partners>=<muted posts>=<muted stories>=<followed>`. */
  const keptList = async (who: Actor, place: 1 | 2 | 3 | 4): Promise<string[]> => {
    const { rows } = await suite.db.query<{ list: string[] }>(
      `select split_part(app_rules.reader_lists_of($1), '=', $2)::uuid[] as list`,
      [who.id, place]
    )
    return [...rows[0].list].sort()
  }
  const sees = async (who: Actor): Promise<boolean> =>
    (await runAs(suite.db, who, 'select 1 from posts where id = $1', [postId])).rows.length === 1

  it('holds four empty lists for a person who never blocked, muted or followed', async () => {
    const { rows } = await suite.db.query<{ lists: string; rows: number }>(
      `select app_rules.reader_lists_of($1) as lists,
              (select count(*)::int from app_private.reader_lists) as rows`,
      [reader.id]
    )
    expect(rows[0]).toEqual({ lists: '{}={}={}={}', rows: 0 })
  })

  it('follows blocks both ways, and their end', async () => {
    await runAs(suite.db, reader, 'insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
      reader.id,
      author.id
    ])
    await runAs(suite.db, other, 'insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
      other.id,
      reader.id
    ])
    expect(await keptList(reader, 1)).toEqual([author.id, other.id].sort())
    expect(await keptList(author, 1)).toEqual([reader.id])
    expect(await stale()).toEqual([])
    expect(await sees(reader)).toBe(false)
    expect(await sees(author)).toBe(true)

    await runAs(suite.db, reader, 'delete from blocks where blocker_id = $1', [reader.id])
    expect(await keptList(reader, 1)).toEqual([other.id])
    expect(await keptList(author, 1)).toEqual([])
    expect(await stale()).toEqual([])
    expect(await sees(reader)).toBe(true)
  })

  it('follows mutes of posts and stories, a change of what is muted, and unmuting', async () => {
    await runAs(suite.db, reader, 'insert into mutes (muter_id, muted_id) values ($1, $2)', [
      reader.id,
      author.id
    ])
    expect([await keptList(reader, 2), await keptList(reader, 3)]).toEqual([
      [author.id],
      [author.id]
    ])
    await runAs(suite.db, reader, 'update mutes set posts = false where muter_id = $1', [reader.id])
    expect([await keptList(reader, 2), await keptList(reader, 3)]).toEqual([[], [author.id]])
    expect(await stale()).toEqual([])
    await runAs(suite.db, reader, 'delete from mutes where muter_id = $1', [reader.id])
    expect([await keptList(reader, 2), await keptList(reader, 3)]).toEqual([[], []])
    expect(await stale()).toEqual([])
  })

  it('follows the private people a reader follows, through follows and privacy changes', async () => {
    await suite.db.query('update public.profiles set is_private = true where id = $1', [author.id])
    await suite.db.query(
      `with approval as (select set_config('app.approving_follow', $1 || ':' || $2, true))
       insert into public.follows (follower_id, following_id) select $1::uuid, $2::uuid from approval`,
      [reader.id, author.id]
    )
    expect(await keptList(reader, 4)).toEqual([author.id])
    expect(await sees(reader)).toBe(true)
    expect(await sees(other)).toBe(false)

    await suite.db.query('update public.profiles set suspended_at = now() where id = $1', [
      author.id
    ])
    expect(await keptList(reader, 4)).toEqual([])
    await suite.db.query('update public.profiles set suspended_at = null where id = $1', [
      author.id
    ])
    expect(await keptList(reader, 4)).toEqual([author.id])
    expect(await stale()).toEqual([])

    await runAs(suite.db, reader, 'delete from follows where follower_id = $1', [reader.id])
    expect(await keptList(reader, 4)).toEqual([])
    expect(await stale()).toEqual([])
  })

  it('computes every kept row again when a table is truncated', async () => {
    await runAs(suite.db, reader, 'insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
      reader.id,
      author.id
    ])
    await runAs(suite.db, reader, 'insert into mutes (muter_id, muted_id) values ($1, $2)', [
      reader.id,
      other.id
    ])
    const lists = await inRolledBackTransaction(suite.db, async (tx: Queryable) => {
      await tx.query('truncate public.blocks')
      const { rows } = await tx.query<{ lists: string; computed: string }>(
        `select app_rules.reader_lists_of($1) as lists,
                app_private.reader_lists_computed($1) as computed`,
        [reader.id]
      )
      return rows[0]
    })
    expect(lists.lists).toBe(lists.computed)
    expect(lists.lists).toBe(`{}={${other.id}}={${other.id}}={}`)
  })

  it('takes a person’s row with their account, and their partners’ lists lose them', async () => {
    await runAs(suite.db, reader, 'insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
      reader.id,
      author.id
    ])
    await suite.db.query('delete from auth.users where id = $1', [author.id])
    const { rows } = await suite.db.query<{ person: string }>(
      'select person from app_private.reader_lists order by 1'
    )
    expect(rows.map((row) => row.person)).toEqual([reader.id])
    expect(await keptList(reader, 1)).toEqual([])
  })

  it('a request reads the caller’s lists from the row, a block made in it counts at once', async () => {
    await runAs(suite.db, other, 'insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
      other.id,
      reader.id
    ])
    const seen = await inRolledBackTransaction(suite.db, async (tx: Queryable) => {
      await startAs(suite.db, tx, reader)
      const partners = await tx.query<{ ids: string[] }>('select app_rules.block_partners() as ids')
      const before = (await tx.query('select 1 from posts where id = $1', [postId])).rows.length
      await tx.query('insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
        reader.id,
        author.id
      ])
      const after = (await tx.query('select 1 from posts where id = $1', [postId])).rows.length
      return { partners: partners.rows[0].ids, before, after }
    })
    expect(seen).toEqual({ partners: [other.id], before: 1, after: 0 })
  })

  it('no API role reads the table or computes anyone’s lists', async () => {
    for (const sql of [
      'select * from app_private.reader_lists',
      `select app_private.reader_lists_computed('${author.id}')`
    ]) {
      const outcome = await attemptAs(suite.db, reader, sql)
      expect(outcome, sql).toMatchObject({ ok: false, code: '42501' })
    }
  })

  it('stays exact with many writers changing one person’s lists at once', async () => {
    const ids = await signUpUsers(
      suite.db,
      Array.from({ length: 16 }, (_, i) => ({ username: `crowd_${i}` }))
    )
    const crowd = ids.map((id, i) => userActor(`crowd ${i}`, id))
    // Half block the reader, half are muted by the reader, each in a transaction of its own;
    // on PostgreSQL they run in parallel (the test pool has 10 connections).
    const outcomes = await Promise.all(
      crowd.map((person, i) =>
        i % 2 === 0
          ? attemptAs(
              suite.db,
              person,
              'insert into blocks (blocker_id, blocked_id) values ($1, $2)',
              [person.id, reader.id]
            )
          : attemptAs(suite.db, reader, 'insert into mutes (muter_id, muted_id) values ($1, $2)', [
              reader.id,
              person.id
            ])
      )
    )
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([])
    expect(await keptList(reader, 1)).toHaveLength(8)
    expect(await keptList(reader, 2)).toHaveLength(8)
    expect(await stale()).toEqual([])
  })
})
