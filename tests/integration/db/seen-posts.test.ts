// Seen posts: a reader's seen_posts rows are theirs alone (others, visitors and suspended people
// are refused or see nothing), only posts the reader can see may be marked, the table stays
// bounded, and the Following feed's page says per post whether its reader has seen it, from
// which the app places "You're all caught up" (caughtUpAfter) after the last unseen post of the
// window, with older and seen posts below it.

import { beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../../src/backend/db/database'
import { caughtUpAfter } from '../../../src/shared/caught-up'
import { anon, attemptAs, resetData, runAs, signUp, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

let photo = 0

/** A post by `author`, `hoursOld` hours old (as the superuser). */
async function post(db: Database, author: Actor, hoursOld: number): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into posts (user_id, image_url, caption, created_at)
     values ($1, $2, 'a post', now() - make_interval(hours => $3::int)) returning id`,
    [
      author.id,
      `https://example.test/storage/v1/object/public/images/posts/${author.id}/${++photo}.png`,
      hoursOld
    ]
  )
  return rows[0].id
}

const markSeen = (db: Database, actor: Actor, ids: string[]): Promise<unknown> =>
  runAs(db, actor, 'select mark_posts_seen($1::uuid[])', [ids])

const seenRows = async (db: Database, actor: Actor): Promise<string[]> =>
  (
    await runAs<{ post_id: string }>(db, actor, 'select post_id from seen_posts order by post_id')
  ).rows.map((row) => row.post_id)

describeEachDatabase('seen posts', (suite) => {
  let reader: Actor
  let author: Actor

  beforeEach(async () => {
    await resetData(suite.db)
    reader = await signUp(suite.db, 'reader', { username: 'seenreader' })
    author = await signUp(suite.db, 'author', { username: 'seenauthor' })
    await suite.db.query('insert into follows (follower_id, following_id) values ($1, $2)', [
      reader.id,
      author.id
    ])
  })

  describe('seen_posts is private to its reader', () => {
    it('the reader marks and reads their own; others and visitors neither see nor forge', async () => {
      const other = await signUp(suite.db, 'other', { username: 'seenother' })
      const first = await post(suite.db, author, 1)
      await markSeen(suite.db, reader, [first])
      expect(await seenRows(suite.db, reader)).toEqual([first])
      expect(await seenRows(suite.db, other)).toEqual([])
      expect(await seenRows(suite.db, anon)).toEqual([])
      expect(
        await attemptAs(suite.db, anon, 'select mark_posts_seen($1::uuid[])', [[first]])
      ).toMatchObject({ ok: false })
      expect(
        await attemptAs(suite.db, anon, 'insert into seen_posts (post_id) values ($1)', [first])
      ).toMatchObject({ ok: false })
      // Another user can neither add a row in the reader's name nor remove the reader's.
      expect(
        await attemptAs(
          suite.db,
          other,
          'insert into seen_posts (reader_id, post_id) values ($1, $2)',
          [reader.id, first]
        )
      ).toMatchObject({ ok: false })
      await runAs(suite.db, other, 'delete from seen_posts')
      // Nobody rewrites when a post was seen.
      expect(
        await attemptAs(
          suite.db,
          reader,
          "update seen_posts set seen_at = now() - interval '1 day'"
        )
      ).toMatchObject({ ok: false })
      const { rows } = await suite.db.query('select reader_id, post_id from seen_posts')
      expect(rows).toEqual([{ reader_id: reader.id, post_id: first }])
      await runAs(suite.db, reader, 'delete from seen_posts')
      expect(await seenRows(suite.db, reader)).toEqual([])
    })

    it('refuses a suspended reader, and passes over posts the reader cannot see', async () => {
      const first = await post(suite.db, author, 1)
      const hidden = await post(suite.db, author, 2)
      await suite.db.query('update posts set archived_at = now() where id = $1', [hidden])
      await markSeen(suite.db, reader, [first, hidden])
      expect(await seenRows(suite.db, reader)).toEqual([first])
      // Directly, a post the reader cannot see is refused.
      expect(
        await attemptAs(suite.db, reader, 'insert into seen_posts (post_id) values ($1)', [hidden])
      ).toMatchObject({ ok: false })
      await suite.db.query('update profiles set suspended_at = now() where id = $1', [reader.id])
      const second = await post(suite.db, author, 3)
      const refused = await attemptAs(suite.db, reader, 'select mark_posts_seen($1::uuid[])', [
        [second]
      ])
      expect(refused).toMatchObject({ ok: false })
      expect(JSON.stringify(refused)).toContain('suspended')
      expect(await seenRows(suite.db, reader)).toEqual([first])
    })

    it('takes at most 100 posts a call', async () => {
      const ids = Array.from({ length: 101 }, () => crypto.randomUUID())
      const refused = await attemptAs(suite.db, reader, 'select mark_posts_seen($1::uuid[])', [ids])
      expect(JSON.stringify(refused)).toContain('At most 100 posts')
    })

    it('keeps a reader to 7 days and 2,000 rows', async () => {
      await suite.db.query(
        `insert into posts (user_id, image_url, created_at)
         select $1::uuid, 'https://example.test/storage/v1/object/public/images/posts/' || $1::text || '/b' || i || '.png',
                now() - make_interval(mins => i)
         from generate_series(1, 2010) i`,
        [author.id]
      )
      // 2,009 rows seen over the past minutes and one 8 days ago, as the superuser.
      await suite.db.query(
        `insert into seen_posts (reader_id, post_id, seen_at)
         select $1, id, case when n = 1 then now() - interval '8 days'
                             else now() - make_interval(secs => n) end
         from (select id, row_number() over (order by created_at) as n from posts
               where user_id = $2 limit 2009) p`,
        [reader.id, author.id]
      )
      const newest = await post(suite.db, author, 0)
      await markSeen(suite.db, reader, [newest])
      const { rows } = await suite.db.query<{ n: number; recent: boolean }>(
        `select count(*)::int as n, min(seen_at) > now() - interval '7 days' as recent
         from seen_posts where reader_id = $1`,
        [reader.id]
      )
      expect(rows[0]).toEqual({ n: 2000, recent: true })
      expect(await seenRows(suite.db, reader)).toContain(newest)
    })
  })

  describe('the Following feed says what its reader has seen', () => {
    async function feedOf(
      actor: Actor
    ): Promise<{ id: string; created_at: string; seen: boolean }[]> {
      const { rows } = await runAs<{ id: string; created_at: Date; seen: boolean }>(
        suite.db,
        actor,
        'select f.id, f.created_at, public.seen(f) as seen from following_feed_page(null, null, 100) f'
      )
      return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }))
    }

    it('places the marker after the last unseen post of the past 3 days', async () => {
      // Newest first: new unseen, new seen, new unseen, new seen, then two older than 3 days.
      const ids = [
        await post(suite.db, author, 1),
        await post(suite.db, author, 2),
        await post(suite.db, author, 30),
        await post(suite.db, author, 40),
        await post(suite.db, author, 80),
        await post(suite.db, author, 90)
      ]
      await markSeen(suite.db, reader, [ids[1], ids[3], ids[5]])
      const feed = await feedOf(reader)
      expect(feed.map((row) => row.id)).toEqual(ids)
      expect(feed.map((row) => row.seen)).toEqual([false, true, false, true, false, true])
      // After the third post: the 80-hour-old one is unseen but outside the window.
      expect(caughtUpAfter(feed, false, Date.now())).toBe(2)
      // Only the first page read, all of it new: not known yet.
      expect(caughtUpAfter(feed.slice(0, 3), false, Date.now())).toBeNull()
      expect(caughtUpAfter(feed.slice(0, 3), true, Date.now())).toBe(2)
      // Everything new seen: the marker goes first.
      await markSeen(suite.db, reader, [ids[0], ids[2]])
      expect(caughtUpAfter(await feedOf(reader), false, Date.now())).toBe(-1)
    })

    it('is per reader: another reader has seen nothing', async () => {
      const other = await signUp(suite.db, 'other', { username: 'seenother2' })
      await suite.db.query('insert into follows (follower_id, following_id) values ($1, $2)', [
        other.id,
        author.id
      ])
      const id = await post(suite.db, author, 1)
      await markSeen(suite.db, reader, [id])
      expect((await feedOf(reader)).map((row) => row.seen)).toEqual([true])
      expect((await feedOf(other)).map((row) => row.seen)).toEqual([false])
      const { rows } = await runAs<{ seen: boolean }>(
        suite.db,
        anon,
        'select public.seen(p) as seen from posts p'
      )
      expect(rows).toEqual([{ seen: false }])
    })
  })
})
