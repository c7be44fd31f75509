// People tags (supabase/migrations/20261126210000_people_tags.sql), on both databases: who may
// tag whom, who sees an approved and a pending tag (anon, the author, the tagged person, a
// follower, a stranger, someone across a block, a non-follower of a private account), the
// approval flow, removal, the 20-people limit in the app's words, the notification, the Tagged
// tab's page and the hashtag suggestions. Before that migration none of this existed.

import { beforeEach, describe, expect, it } from 'vitest'
import { MAX_PEOPLE_TAGS } from '../../../src/shared/limits'
import { MESSAGES } from '../../../src/shared/messages'
import { describeEachDatabase } from '../../support/database-suite'
import { anon, attemptAs, resetData, runAs, signUp, type Actor } from '../../support/sql-actors'

const STORAGE = 'https://example.test/storage/v1/object/public/images/posts'
const ROLES = ['anon', 'author', 'tagged', 'follower', 'stranger', 'blocked', 'blocker'] as const
type Role = (typeof ROLES)[number]

const TAG =
  'insert into post_people_tags (post_id, position, user_id, x, y) values ($1, $2, $3, $4, $5)'

describeEachDatabase('people tags', (suite) => {
  const actors = {} as Record<Role, Actor>
  let post = ''

  const id = (role: Role): string => actors[role].id as string
  const as = (role: Role, sql: string, params: unknown[] = []): ReturnType<typeof attemptAs> =>
    attemptAs(suite.db, actors[role], sql, params)
  const tag = (who: Role, person: string, position = 0, x = 0.5, y = 0.5) =>
    as(who, TAG, [post, position, person, x, y])
  const whoSees = async (sql: string, params: unknown[]): Promise<Role[]> => {
    const seen: Role[] = []
    for (const role of ROLES) {
      const outcome = await as(role, sql, params)
      if (outcome.ok && outcome.rowCount > 0) seen.push(role)
    }
    return seen
  }
  const seesTag = (): Promise<Role[]> =>
    whoSees('select 1 from post_people_tags where post_id = $1 and user_id = $2', [
      post,
      id('tagged')
    ])

  beforeEach(async () => {
    await resetData(suite.db)
    actors.anon = anon
    for (const role of ROLES.slice(1)) {
      actors[role] = await signUp(suite.db, role, { username: `pt_${role}` })
    }
    const created = await runAs<{ id: string }>(
      suite.db,
      actors.author,
      `select id from create_post('#tagtest hello', $1::jsonb)`,
      [
        JSON.stringify([
          { image_url: `${STORAGE}/${id('author')}/a.webp` },
          { image_url: `${STORAGE}/${id('author')}/b.webp` }
        ])
      ]
    )
    post = created.rows[0].id
    await runAs(
      suite.db,
      actors.follower,
      'insert into follows (follower_id, following_id) values ($1, $2)',
      [id('follower'), id('author')]
    )
    await runAs(
      suite.db,
      actors.author,
      'insert into blocks (blocker_id, blocked_id) values ($1, $2)',
      [id('author'), id('blocked')]
    )
    await runAs(
      suite.db,
      actors.blocker,
      'insert into blocks (blocker_id, blocked_id) values ($1, $2)',
      [id('blocker'), id('author')]
    )
  })

  it('only the author tags, on their own post, and never across a block', async () => {
    for (const role of ['tagged', 'follower', 'stranger'] as Role[]) {
      expect(await tag(role, id('tagged')), role).toMatchObject({ ok: false, code: '42501' })
    }
    expect(await attemptAs(suite.db, anon, TAG, [post, 0, id('tagged'), 0.5, 0.5])).toMatchObject({
      ok: false,
      code: '42501'
    })
    expect(await tag('author', id('blocked'))).toMatchObject({ ok: false, code: 'PT404' })
    expect(await tag('author', id('blocker'))).toMatchObject({ ok: false, code: 'PT404' })
    expect(await tag('author', id('tagged'), 5)).toMatchObject({ ok: false, code: '23503' })
    expect(await tag('author', id('tagged'), 0, 1.5)).toMatchObject({ ok: false, code: '23514' })
    expect(await tag('author', id('tagged'), 0, 0.2, -0.1)).toMatchObject({
      ok: false,
      code: '23514'
    })
    expect(await tag('author', id('tagged'))).toMatchObject({ ok: true, rowCount: 1 })
    expect(await tag('author', id('tagged'))).toMatchObject({ ok: false, code: '23505' })
    expect(await tag('author', id('tagged'), 1)).toMatchObject({ ok: true, rowCount: 1 })
  })

  it('an approved tag is seen with its post: not across a block, and for a private account only by followers', async () => {
    await tag('author', id('tagged'))
    expect(await seesTag()).toEqual(['anon', 'author', 'tagged', 'follower', 'stranger'])
    await suite.db.query('update profiles set is_private = true where id = $1', [id('author')])
    expect(await seesTag()).toEqual(['author', 'follower'])
  })

  it('a tag naming someone across a block is hidden from the other side', async () => {
    await tag('author', id('tagged'))
    await runAs(
      suite.db,
      actors.tagged,
      'insert into blocks (blocker_id, blocked_id) values ($1, $2)',
      [id('tagged'), id('stranger')]
    )
    expect(await seesTag()).toEqual(['anon', 'author', 'tagged', 'follower'])
  })

  it('manual approval: a pending tag is seen by the author and the tagged person until approved', async () => {
    await runAs(
      suite.db,
      actors.tagged,
      'update profiles set manually_approve_tags = true where id = $1',
      [id('tagged')]
    )
    await tag('author', id('tagged'))
    const { rows } = await suite.db.query<{ status: string }>(
      'select status from post_people_tags where post_id = $1',
      [post]
    )
    expect(rows).toEqual([{ status: 'pending' }])
    expect(await seesTag()).toEqual(['author', 'tagged'])

    const approve = 'update post_people_tags set status = $3 where post_id = $1 and user_id = $2'
    for (const role of ['author', 'stranger', 'follower'] as Role[]) {
      expect(await as(role, approve, [post, id('tagged'), 'approved']), role).toMatchObject({
        ok: true,
        rowCount: 0
      })
    }
    expect(
      await as('author', 'update post_people_tags set x = 0.1 where post_id = $1', [post])
    ).toMatchObject({
      ok: false,
      code: '42501'
    })
    expect(await as('tagged', approve, [post, id('tagged'), 'approved'])).toMatchObject({
      ok: true,
      rowCount: 1
    })
    expect(await seesTag()).toEqual(['anon', 'author', 'tagged', 'follower', 'stranger'])
    expect(await as('tagged', approve, [post, id('tagged'), 'pending'])).toMatchObject({
      ok: false,
      code: '42501'
    })
  })

  it('the status is never the author’s to choose', async () => {
    const outcome = await as(
      'author',
      `insert into post_people_tags (post_id, position, user_id, x, y, status)
       values ($1, 0, $2, 0.5, 0.5, 'approved')`,
      [post, id('tagged')]
    )
    expect(outcome).toMatchObject({ ok: false, code: '42501' })
  })

  it('tells the tagged person once, and takes it back when the tag is removed', async () => {
    const told = async (): Promise<number> => {
      const { rows } = await suite.db.query<{ n: number }>(
        `select count(*)::int as n from notifications
         where recipient_id = $1 and actor_id = $2 and type = 'tag' and post_id = $3`,
        [id('tagged'), id('author'), post]
      )
      return rows[0].n
    }
    await tag('author', id('tagged'), 0)
    await tag('author', id('tagged'), 1)
    expect(await told()).toBe(1)
    const remove =
      'delete from post_people_tags where post_id = $1 and user_id = $2 and position = $3'
    for (const role of ['stranger', 'follower'] as Role[]) {
      expect(await as(role, remove, [post, id('tagged'), 0]), role).toMatchObject({
        ok: true,
        rowCount: 0
      })
    }
    expect(await as('tagged', remove, [post, id('tagged'), 0])).toMatchObject({
      ok: true,
      rowCount: 1
    })
    expect(await told()).toBe(1)
    expect(await as('author', remove, [post, id('tagged'), 1])).toMatchObject({
      ok: true,
      rowCount: 1
    })
    expect(await told()).toBe(0)
  })

  describe('at most 20 people on a post', () => {
    it('takes 20 (a person on two photos counts once), refuses a 21st in the app’s words', async () => {
      expect(MAX_PEOPLE_TAGS).toBe(20)
      const names = Array.from({ length: 21 }, (_, i) => ({ username: `crowd_${i}` }))
      const crowd: string[] = []
      for (const data of names)
        crowd.push((await signUp(suite.db, data.username, data)).id as string)
      const many = (people: string[], position: number): Promise<unknown> =>
        runAs(
          suite.db,
          actors.author,
          `insert into post_people_tags (post_id, position, user_id, x, y)
           select $1, $2, person, 0.5, 0.5 from unnest($3::uuid[]) as person`,
          [post, position, people]
        )
      await expect(many(crowd, 0)).rejects.toMatchObject({
        code: '23514',
        message: MESSAGES.tooManyPeopleTags
      })
      await many(crowd.slice(0, 20), 0)
      await expect(many(crowd.slice(0, 20), 1)).resolves.toBeDefined()
      expect(await tag('author', crowd[20], 1)).toMatchObject({
        ok: false,
        code: '23514',
        message: MESSAGES.tooManyPeopleTags
      })
    })
  })

  it('tagged_page lists the posts someone is tagged in (approved), as the posts policies allow', async () => {
    const page = (role: Role) => as(role, 'select id from tagged_page($1)', [id('tagged')])
    await runAs(
      suite.db,
      actors.tagged,
      'update profiles set manually_approve_tags = true where id = $1',
      [id('tagged')]
    )
    await tag('author', id('tagged'), 0)
    await tag('author', id('tagged'), 1)
    expect(await page('stranger')).toMatchObject({ rowCount: 0 })
    expect(await page('tagged')).toMatchObject({ rowCount: 0 })
    await runAs(
      suite.db,
      actors.tagged,
      `update post_people_tags set status = 'approved' where user_id = $1`,
      [id('tagged')]
    )
    expect(await page('stranger')).toMatchObject({ rowCount: 1, rows: [{ id: post }] })
    expect(await page('blocked')).toMatchObject({ rowCount: 0 })
    await suite.db.query('update profiles set is_private = true where id = $1', [id('author')])
    expect(await page('stranger')).toMatchObject({ rowCount: 0 })
    expect(await page('follower')).toMatchObject({ rowCount: 1 })
  })

  it('search_hashtags suggests hashtags by prefix with the posts the caller can see', async () => {
    await runAs(suite.db, actors.stranger, `select create_post('#tagging', $1::jsonb)`, [
      JSON.stringify([{ image_url: `${STORAGE}/${id('stranger')}/c.webp` }])
    ])
    const search = (role: Role, prefix: string) =>
      as(role, 'select tag, posts::int as posts from search_hashtags($1)', [prefix])
    expect(await search('stranger', 'TAG')).toMatchObject({
      rows: [
        { tag: 'tagging', posts: 1 },
        { tag: 'tagtest', posts: 1 }
      ]
    })
    expect(await search('blocked', 'tag')).toMatchObject({ rows: [{ tag: 'tagging', posts: 1 }] })
    expect(await search('anon', 'tag_')).toMatchObject({ rowCount: 0 })
    expect(await search('anon', '')).toMatchObject({ rowCount: 0 })
  })
})
