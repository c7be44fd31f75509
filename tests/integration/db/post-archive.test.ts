// Archived posts (supabase/migrations/20261129180000_archive_and_pin_posts.sql): seen by their
// author alone on every read path, out of the author's own feed and tag pages, out of the
// profile's count while archived, with their likes and comments kept for their return.

import { beforeEach, expect, it } from 'vitest'
import { describeEachDatabase } from '../../support/database-suite'
import { anon, attemptAs, resetData, runAs, signUp, type Actor } from '../../support/sql-actors'

const storageUrl = (userId: string | null, name: string): string =>
  `https://example.test/storage/v1/object/public/images/posts/${userId}/${name}`

describeEachDatabase('archived posts', (suite) => {
  let alice: Actor
  let bob: Actor
  let archived: string
  let kept: string

  const ids = async (actor: Actor, sql: string, params: unknown[] = []): Promise<string[]> =>
    (await runAs<{ id: string }>(suite.db, actor, sql, params)).rows.map((row) => row.id)
  const countOf = async (person: Actor): Promise<number> =>
    (
      await suite.db.query<{ posts_count: number }>(
        'select posts_count from profiles where id = $1',
        [person.id]
      )
    ).rows[0].posts_count
  const setArchived = (actor: Actor, postId: string, on: boolean): ReturnType<typeof attemptAs> =>
    attemptAs(suite.db, actor, 'select id, archived_at from set_post_archived($1, $2)', [
      postId,
      on
    ])

  beforeEach(async () => {
    await resetData(suite.db)
    alice = await signUp(suite.db, 'alice', { username: 'alice' })
    bob = await signUp(suite.db, 'bob', { username: 'bob' })
    const { rows } = await runAs<{ id: string }>(
      suite.db,
      alice,
      `insert into posts (user_id, image_url, caption)
       values ($1, $2, 'the beach #sunset'), ($1, $3, 'kept #sunset') returning id`,
      [alice.id, storageUrl(alice.id, 'a.png'), storageUrl(alice.id, 'b.png')]
    )
    ;[archived, kept] = rows.map((row) => row.id)
    await runAs(suite.db, bob, 'insert into likes (user_id, post_id) values ($1, $2)', [
      bob.id,
      archived
    ])
    await runAs(suite.db, bob, 'insert into saves (user_id, post_id) values ($1, $2)', [
      bob.id,
      archived
    ])
    await runAs(
      suite.db,
      bob,
      `insert into comments (post_id, user_id, body) values ($1, $2, 'lovely')`,
      [archived, bob.id]
    )
    expect(await setArchived(alice, archived, true)).toMatchObject({ ok: true, rowCount: 1 })
  })

  it('is hidden from everyone but its author on every read path', async () => {
    const paths: [string, string, unknown[]][] = [
      ['posts', 'select id from posts where id = $1', [archived]],
      ['home feed', 'select id from feed_page() where id = $1', [archived]],
      [
        'newer posts',
        `select id from feed_page_newer('-infinity', '00000000-0000-0000-0000-000000000000') where id = $1`,
        [archived]
      ],
      ['hashtag page', `select id from tag_page('sunset') where id = $1`, [archived]],
      ['its photos', 'select post_id as id from post_images where post_id = $1', [archived]],
      ['its hashtags', 'select post_id as id from post_tags where post_id = $1', [archived]],
      ['its likes', 'select post_id as id from likes where post_id = $1', [archived]],
      ['its comments', 'select post_id as id from comments where post_id = $1', [archived]],
      [
        'a saved list',
        'select s.post_id as id from saves s join posts p on p.id = s.post_id where s.post_id = $1',
        [archived]
      ]
    ]
    for (const viewer of [anon, bob]) {
      for (const [path, sql, params] of paths) {
        expect(await ids(viewer, sql, params), `${viewer.name}: ${path}`).toEqual([])
      }
    }
    // The hashtag search counts only what the reader may see.
    const tags = await runAs<{ posts: string }>(
      suite.db,
      bob,
      `select posts from search_hashtags('sunset')`
    )
    expect(Number(tags.rows[0].posts)).toBe(1)
    // The author reads it, its likes and its comments, but not in the feed or on tag pages.
    expect(await ids(alice, 'select id from posts where id = $1', [archived])).toEqual([archived])
    expect(
      await ids(alice, 'select post_id as id from likes where post_id = $1', [archived])
    ).toHaveLength(1)
    expect(await ids(alice, 'select id from feed_page()')).toEqual([kept])
    expect(await ids(alice, `select id from tag_page('sunset')`)).toEqual([kept])
  })

  it('cannot be liked, commented on, saved or shared by others', async () => {
    await runAs(suite.db, bob, 'delete from likes where user_id = $1', [bob.id])
    const writes: [string, unknown[]][] = [
      ['insert into likes (user_id, post_id) values ($1, $2)', [bob.id, archived]],
      [`insert into comments (post_id, user_id, body) values ($2, $1, 'hi')`, [bob.id, archived]]
    ]
    for (const [sql, params] of writes) {
      expect(await attemptAs(suite.db, bob, sql, params), sql).toMatchObject({
        ok: false,
        code: 'PT404'
      })
    }
    const thread = await runAs<{ id: string }>(
      suite.db,
      bob,
      'select start_direct_thread(array[$1]::uuid[]) as id',
      [alice.id]
    )
    const share = await attemptAs(
      suite.db,
      bob,
      `insert into direct_messages (thread_id, sender_id, kind, post_id)
       values ($1, $2, 'post', $3)`,
      [thread.rows[0].id, bob.id, archived]
    )
    expect(share).toMatchObject({ ok: false, code: '42501' })
  })

  it('leaves the count while archived, keeps its likes and comments, and returns in place', async () => {
    expect(await countOf(alice)).toBe(1)
    const restored = await setArchived(alice, archived, false)
    expect(restored).toMatchObject({ ok: true, rows: [{ id: archived, archived_at: null }] })
    expect(await countOf(alice)).toBe(2)
    const counters = await runAs<{ likes_count: number; comments_count: number }>(
      suite.db,
      bob,
      'select likes_count, comments_count from posts where id = $1',
      [archived]
    )
    expect(counters.rows).toEqual([{ likes_count: 1, comments_count: 1 }])
    // Its place is its date: the feed orders it among the others as before it was archived.
    const byDate = await suite.db.query<{ id: string }>(
      'select id from posts order by created_at desc, id desc'
    )
    expect(await ids(bob, 'select id from feed_page()')).toEqual(byDate.rows.map((row) => row.id))
    // Archiving twice counts once; deleting an archived post does not count it again.
    await setArchived(alice, archived, true)
    await setArchived(alice, archived, true)
    expect(await countOf(alice)).toBe(1)
    await runAs(suite.db, alice, 'delete from posts where id = $1', [archived])
    expect(await countOf(alice)).toBe(1)
  })

  it('is archived and restored by its author alone', async () => {
    expect(await setArchived(bob, kept, true)).toMatchObject({ ok: false, code: 'PT404' })
    expect(await setArchived(anon, kept, true)).toMatchObject({ ok: false, code: '42501' })
    const direct = await attemptAs(
      suite.db,
      bob,
      'update posts set archived_at = now() where id = $1',
      [kept]
    )
    expect(direct).toMatchObject({ ok: true, rowCount: 0 })
    expect(await ids(bob, 'select id from posts')).toEqual([kept])
    expect(await countOf(alice)).toBe(1)
  })
})
