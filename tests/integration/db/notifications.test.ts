// Activity in the database: the triggers that write notifications for likes and follows, the
// rights on the notifications table (anon, user A and user B), and the grouped, keyset-paged
// activity_page() with mark_activity_read().

import { beforeEach, expect, it } from 'vitest'
import {
  anon,
  attemptAs,
  resetData,
  runAs,
  signUp,
  snapshot,
  type Actor
} from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const PERMISSION_DENIED = '42501'
const CHECK_VIOLATION = '23514'
const IMAGE = 'https://example.test/storage/v1/object/public/images/posts/x/1.png'

interface Group {
  group_key: string
  type: string
  post_id: string | null
  latest_at: string
  actor_count: number
  unread_count: number
  actors: { id: string; username: string }[]
}

describeEachDatabase('notifications and activity', (suite) => {
  let a: Actor
  let b: Actor
  let c: Actor
  let postA: string
  let postA2: string
  let postB: string

  const notifications = async (): Promise<Record<string, unknown>[]> =>
    (
      await suite.db.query(
        `select recipient_id, actor_id, type, post_id, read_at is not null as read
         from public.notifications order by created_at, id`
      )
    ).rows

  const asActor = (actor: Actor, sql: string, params: unknown[] = []): Promise<unknown> =>
    runAs(suite.db, actor, sql, params)

  beforeEach(async () => {
    await resetData(suite.db)
    a = await signUp(suite.db, 'user A', { username: 'alice' })
    b = await signUp(suite.db, 'user B', { username: 'bob' })
    c = await signUp(suite.db, 'user C', { username: 'carol' })
    const { rows } = await suite.db.query<{ id: string }>(
      `insert into public.posts (user_id, image_url) values ($1, $3), ($1, $3), ($2, $3)
       returning id`,
      [a.id, b.id, IMAGE]
    )
    ;[postA, postA2, postB] = rows.map((row) => row.id)
  })

  const likeAs = (actor: Actor, post: string): Promise<unknown> =>
    asActor(actor, 'insert into likes (user_id, post_id) values ($1, $2)', [actor.id, post])
  const unlikeAs = (actor: Actor, post: string): Promise<unknown> =>
    asActor(actor, 'delete from likes where post_id = $1', [post])

  it("a like on someone's post notifies its author; liking your own post notifies nobody", async () => {
    await likeAs(b, postA)
    await likeAs(a, postA)
    expect(await notifications()).toEqual([
      { recipient_id: a.id, actor_id: b.id, type: 'like', post_id: postA, read: false }
    ])
  })

  it('an unlike takes back the unread notification but leaves a read one in the history', async () => {
    await likeAs(b, postA)
    await unlikeAs(b, postA)
    expect(await notifications()).toEqual([])

    await likeAs(b, postA)
    await asActor(a, 'select mark_activity_read()')
    await unlikeAs(b, postA)
    await likeAs(b, postA)
    expect(await notifications()).toEqual([
      { recipient_id: a.id, actor_id: b.id, type: 'like', post_id: postA, read: true },
      { recipient_id: a.id, actor_id: b.id, type: 'like', post_id: postA, read: false }
    ])
  })

  it('a follow notifies the followed user; an unfollow takes it back', async () => {
    await asActor(b, 'insert into follows (follower_id, following_id) values ($1, $2)', [
      b.id,
      a.id
    ])
    expect(await notifications()).toEqual([
      { recipient_id: a.id, actor_id: b.id, type: 'follow', post_id: null, read: false }
    ])
    await asActor(b, 'delete from follows where following_id = $1', [a.id])
    expect(await notifications()).toEqual([])
  })

  it('deleting a post removes its notifications', async () => {
    await likeAs(b, postA)
    await asActor(a, 'delete from posts where id = $1', [postA])
    expect(await notifications()).toEqual([])
  })

  it('notify() is the one writer: no duplicate unread rows, and no user can call it', async () => {
    const call = `select app_private.notify($1, $2, 'comment', $3, gen_random_uuid())`
    await suite.db.query(call, [a.id, b.id, postA])
    expect(await notifications()).toHaveLength(1)
    const twice = `select app_private.notify($1, $2, 'mention', $3, null)`
    await suite.db.query(twice, [a.id, b.id, postA])
    await suite.db.query(twice, [a.id, b.id, postA])
    expect(await notifications()).toHaveLength(2)
    for (const actor of [anon, b]) {
      expect(await attemptAs(suite.db, actor, call, [a.id, b.id, postA])).toMatchObject({
        ok: false,
        code: PERMISSION_DENIED
      })
    }
    const badType = await attemptAs(
      suite.db,
      {
        ...a,
        name: 'superuser',
        identity: { role: 'service_role', claims: { role: 'service_role' } }
      },
      `insert into notifications (recipient_id, actor_id, type, post_id) values ($1, $2, 'poke', $3)`,
      [a.id, b.id, postA]
    )
    expect(badType).toMatchObject({ ok: false, code: CHECK_VIOLATION })
  })

  it('sync_notification, which the like and follow triggers share, is no one’s to call', async () => {
    const call = `select app_private.sync_notification('INSERT', $1, $2, 'like', $3, null)`
    for (const actor of [anon, b]) {
      expect(await attemptAs(suite.db, actor, call, [a.id, b.id, postA])).toMatchObject({
        ok: false,
        code: PERMISSION_DENIED
      })
    }
    expect(await notifications()).toEqual([])
  })

  it('only the recipient reads its notifications and may mark them read; nobody writes them', async () => {
    await likeAs(b, postA)
    await likeAs(a, postB)
    const read = async (actor: Actor): Promise<unknown[]> =>
      (
        await runAs<{ actor_id: string }>(suite.db, actor, 'select actor_id from notifications')
      ).rows.map((row) => row.actor_id)
    expect(await read(anon)).toEqual([])
    expect(await read(a)).toEqual([b.id])
    expect(await read(b)).toEqual([a.id])
    expect(await read(c)).toEqual([])

    const before = await snapshot(suite.db, 'public.notifications')
    const refused: [Actor, string, unknown[], string | 'no rows'][] = [
      [anon, `update notifications set read_at = now()`, [], PERMISSION_DENIED],
      [c, `update notifications set read_at = now()`, [], 'no rows'],
      [b, `update notifications set read_at = now() where recipient_id = $1`, [a.id], 'no rows'],
      [
        a,
        `update notifications set type = 'follow' where recipient_id = $1`,
        [a.id],
        PERMISSION_DENIED
      ],
      [
        a,
        `update notifications set recipient_id = $2 where recipient_id = $1`,
        [a.id, b.id],
        PERMISSION_DENIED
      ],
      [
        b,
        `insert into notifications (recipient_id, actor_id, type, post_id) values ($1, $2, 'like', $3)`,
        [a.id, b.id, postA],
        PERMISSION_DENIED
      ],
      [a, `delete from notifications`, [], PERMISSION_DENIED],
      [anon, `delete from notifications`, [], PERMISSION_DENIED]
    ]
    for (const [actor, sql, params, refusal] of refused) {
      const outcome = await attemptAs(suite.db, actor, sql, params)
      const expected =
        refusal === 'no rows' ? { ok: true, rowCount: 0 } : { ok: false, code: refusal }
      expect(outcome, `${actor.name}: ${sql}`).toMatchObject(expected)
    }
    expect(await snapshot(suite.db, 'public.notifications')).toEqual(before)

    const mine = await attemptAs(suite.db, a, 'update notifications set read_at = now()')
    expect(mine).toMatchObject({ ok: true, rowCount: 1 })
    expect((await notifications()).map((n) => n.read)).toEqual([true, false])
  })

  it('activity_page groups by type and post, newest first, with the latest actors', async () => {
    const d = await signUp(suite.db, 'user D', { username: 'dave' })
    const e = await signUp(suite.db, 'user E', { username: 'erin' })
    await likeAs(b, postA)
    await likeAs(c, postA)
    await asActor(e, 'insert into follows (follower_id, following_id) values ($1, $2)', [
      e.id,
      a.id
    ])
    await likeAs(b, postA2)
    await likeAs(d, postA)
    await likeAs(e, postA)
    const { rows } = await runAs<Group>(suite.db, a, 'select * from activity_page()')
    expect(rows.map((g) => [g.type, g.post_id, g.actor_count, g.unread_count])).toEqual([
      ['like', postA, 4, 4],
      ['like', postA2, 1, 1],
      ['follow', null, 1, 1]
    ])
    expect(rows[0].actors.map((actor) => actor.username)).toEqual(['erin', 'dave', 'carol'])
    // Others see only their own activity; anon may not call it.
    expect((await runAs(suite.db, b, 'select * from activity_page()')).rows).toEqual([])
    expect(await attemptAs(suite.db, anon, 'select * from activity_page()')).toMatchObject({
      ok: false,
      code: PERMISSION_DENIED
    })
  })

  it('activity_page pages by (latest_at, group_key) without gaps or repeats', async () => {
    const posts = (
      await suite.db.query<{ id: string }>(
        `insert into public.posts (user_id, image_url)
         select $1, $2 from generate_series(1, 5) returning id`,
        [a.id, IMAGE]
      )
    ).rows.map((row) => row.id)
    for (const [i, post] of posts.entries()) {
      await likeAs(b, post)
      // PGlite's clock ticks in milliseconds and a like takes less than one: give each like its
      // own time, in order, or ties would leave the expected order to the group key.
      await suite.db.query(
        `update public.notifications
         set created_at = now() - interval '1 hour' + $2::int * interval '1 second'
         where post_id = $1`,
        [post, String(i)]
      )
    }
    const seen: string[] = []
    let cursor: [string | null, string | null] = [null, null]
    for (let page = 0; page < 4; page++) {
      const { rows } = await runAs<Group>(
        suite.db,
        a,
        'select * from activity_page($1, $2, 2)',
        cursor
      )
      seen.push(...rows.map((g) => g.post_id!))
      if (rows.length < 2) break
      const last = rows[rows.length - 1]
      cursor = [last.latest_at, last.group_key]
    }
    expect(seen).toEqual([...posts].reverse())
  })

  it('mark_activity_read marks what the panel showed, not what arrived after', async () => {
    await likeAs(b, postA)
    await likeAs(c, postA2)
    await suite.db.query(
      `update public.notifications set created_at = now() - interval '1 hour' where actor_id = $1`,
      [b.id]
    )
    const { rows } = await runAs<{ changed: number }>(
      suite.db,
      a,
      `select mark_activity_read(now() - interval '1 minute') as changed`
    )
    expect(rows[0].changed).toBe(1)
    expect((await notifications()).map((n) => [n.actor_id, n.read])).toEqual([
      [b.id, true],
      [c.id, false]
    ])
    const rest = await runAs<{ changed: number }>(
      suite.db,
      a,
      'select mark_activity_read() as changed'
    )
    expect(rest.rows[0].changed).toBe(1)
  })
})
