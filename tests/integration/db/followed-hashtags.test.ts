// Followed hashtags: a followed tag is its owner's row alone; the Following feed adds the posts of
// followed tags from people the reader does not follow, and each rule that hides a stranger's
// post hides it there too (blocks both ways, mutes, private and suspended authors, sensitive
// media unless the reader shows it, hidden words, archived posts). Each hidden case starts from
// the post shown, so a rule that hid everything would fail too. Also the hashtag page's header
// and top posts, and keyset pages of the mixed feed that never repeat or skip a post.

import { beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../../src/backend/db/database'
import { anon, attemptAs, resetData, runAs, signUp, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'
import { filterWords, showSensitiveMedia } from '../../support/reader-settings'

const PHOTO = (owner: string, n: number): string =>
  `https://example.test/storage/v1/object/public/images/posts/${owner}/${n}.png`

let photo = 0

/** A post by `author` with `caption`, `minutesOld` minutes old (as the superuser). */
async function post(
  db: Database,
  author: Actor,
  caption: string,
  options: { minutesOld?: number; likes?: number; sensitive?: boolean } = {}
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into posts (user_id, image_url, caption, created_at, is_sensitive)
     values ($1, $2, $3, now() - make_interval(mins => $4::int), $5) returning id`,
    [author.id, PHOTO(author.id!, ++photo), caption, options.minutesOld ?? 1, !!options.sensitive]
  )
  // post_tags keeps the post's time for its keyset: keep it equal to the row's.
  await db.query(
    'update post_tags set post_created_at = p.created_at from posts p where p.id = post_id and p.id = $1',
    [rows[0].id]
  )
  if (options.likes) {
    await db.query('update posts set likes_count = $2 where id = $1', [rows[0].id, options.likes])
  }
  return rows[0].id
}

const followTag = (db: Database, reader: Actor, tag: string): Promise<unknown> =>
  runAs(db, reader, 'insert into followed_tags (tag) values ($1)', [tag])

async function feedOf(db: Database, reader: Actor): Promise<{ id: string; mark: string | null }[]> {
  const { rows } = await runAs<{ id: string; mark: string | null }>(
    db,
    reader,
    'select f.id, public.followed_tag(f) as mark from following_feed_page(null, null, 100) f'
  )
  return rows
}

const feedIds = async (db: Database, reader: Actor): Promise<string[]> =>
  (await feedOf(db, reader)).map((row) => row.id)

describeEachDatabase('followed hashtags', (suite) => {
  let reader: Actor
  let stranger: Actor

  beforeEach(async () => {
    await resetData(suite.db)
    reader = await signUp(suite.db, 'reader', { username: 'tagreader' })
    stranger = await signUp(suite.db, 'stranger', { username: 'tagstranger' })
  })

  describe('followed_tags is private to its owner', () => {
    it('the owner adds, reads and removes their own; no one else sees or changes them', async () => {
      const other = await signUp(suite.db, 'other', { username: 'tagother' })
      await followTag(suite.db, reader, 'harbour')
      const read = (actor: Actor): Promise<{ rows: { tag: string }[] }> =>
        runAs<{ tag: string }>(suite.db, actor, 'select tag from followed_tags')
      expect((await read(reader)).rows).toEqual([{ tag: 'harbour' }])
      expect((await read(other)).rows).toEqual([])
      expect((await read(anon)).rows).toEqual([])
      expect(
        await attemptAs(suite.db, anon, "insert into followed_tags (tag) values ('visitor')")
      ).toMatchObject({ ok: false })
      // Another user can neither remove it nor add one in the reader's name.
      await runAs(suite.db, other, 'delete from followed_tags')
      expect(
        await attemptAs(
          suite.db,
          other,
          'insert into followed_tags (user_id, tag) values ($1, $2)',
          [reader.id, 'forged']
        )
      ).toMatchObject({ ok: false })
      const { rows } = await suite.db.query('select user_id, tag from followed_tags')
      expect(rows).toEqual([{ user_id: reader.id, tag: 'harbour' }])
      await runAs(suite.db, reader, "delete from followed_tags where tag = 'harbour'")
      expect((await read(reader)).rows).toEqual([])
    })

    it('refuses a tag that is not a hashtag, and a 101st', async () => {
      expect(
        await attemptAs(suite.db, reader, "insert into followed_tags (tag) values ('Not A Tag')")
      ).toMatchObject({ ok: false })
      await suite.db.query(
        `insert into followed_tags (user_id, tag) select $1, 't' || i from generate_series(1, 100) i`,
        [reader.id]
      )
      const refused = await attemptAs(
        suite.db,
        reader,
        "insert into followed_tags (tag) values ('onemore')"
      )
      expect(refused).toMatchObject({ ok: false })
      expect(JSON.stringify(refused)).toContain('at most 100 hashtags')
    })
  })

  describe("the Following feed adds followed tags' posts and hides what a rule hides", () => {
    let shown: string

    beforeEach(async () => {
      shown = await post(suite.db, stranger, 'Morning at the #Harbour')
      await post(suite.db, stranger, 'an untagged post')
      await followTag(suite.db, reader, 'harbour')
    })

    it("shows a stranger's tagged post, marked with the tag; not to others", async () => {
      expect(await feedOf(suite.db, reader)).toEqual([{ id: shown, mark: 'harbour' }])
      const other = await signUp(suite.db, 'other', { username: 'tagother' })
      expect(await feedIds(suite.db, other)).toEqual([])
      expect(await feedIds(suite.db, anon)).toEqual([])
    })

    it('leaves the mark off when the reader follows the author, and shows the post once', async () => {
      await suite.db.query('insert into follows (follower_id, following_id) values ($1, $2)', [
        reader.id,
        stranger.id
      ])
      const feed = await feedOf(suite.db, reader)
      expect(feed.filter((row) => row.id === shown)).toEqual([{ id: shown, mark: null }])
    })

    it("never brings the reader's own tagged post", async () => {
      const own = await post(suite.db, reader, 'my #harbour')
      expect(await feedIds(suite.db, reader)).not.toContain(own)
    })

    it('hides across a block, whoever blocked whom', async () => {
      const blocker = await signUp(suite.db, 'blocker', { username: 'tagblocker' })
      const theirs = await post(suite.db, blocker, '#harbour again')
      expect(await feedIds(suite.db, reader)).toEqual(expect.arrayContaining([shown, theirs]))
      await suite.db.query(
        'insert into blocks (blocker_id, blocked_id) values ($1, $2), ($3, $1)',
        [reader.id, stranger.id, blocker.id]
      )
      expect(await feedIds(suite.db, reader)).toEqual([])
    })

    it('hides muted people', async () => {
      expect(await feedIds(suite.db, reader)).toEqual([shown])
      await suite.db.query(
        'insert into mutes (muter_id, muted_id, posts, stories) values ($1, $2, true, false)',
        [reader.id, stranger.id]
      )
      expect(await feedIds(suite.db, reader)).toEqual([])
    })

    it('hides private accounts the reader does not follow', async () => {
      expect(await feedIds(suite.db, reader)).toEqual([shown])
      await suite.db.query('update profiles set is_private = true where id = $1', [stranger.id])
      expect(await feedIds(suite.db, reader)).toEqual([])
    })

    it('hides suspended people', async () => {
      expect(await feedIds(suite.db, reader)).toEqual([shown])
      await suite.db.query('update profiles set suspended_at = now() where id = $1', [stranger.id])
      expect(await feedIds(suite.db, reader)).toEqual([])
    })

    it('hides archived posts', async () => {
      expect(await feedIds(suite.db, reader)).toEqual([shown])
      await suite.db.query('update posts set archived_at = now() where id = $1', [shown])
      expect(await feedIds(suite.db, reader)).toEqual([])
    })

    it('hides sensitive posts unless the reader shows sensitive media', async () => {
      const sensitive = await post(suite.db, stranger, '#harbour at night', {
        minutesOld: 0,
        sensitive: true
      })
      expect(await feedIds(suite.db, reader)).toEqual([shown])
      await showSensitiveMedia(suite.db, reader)
      expect(await feedIds(suite.db, reader)).toEqual([sensitive, shown])
    })

    it("hides captions with the reader's hidden words", async () => {
      const rude = await post(suite.db, stranger, 'a rude #harbour take', { minutesOld: 0 })
      expect(await feedIds(suite.db, reader)).toEqual([rude, shown])
      await filterWords(suite.db, reader, [{ kind: 'mute', word: 'rude' }])
      expect(await feedIds(suite.db, reader)).toEqual([shown])
    })

    it('pages people and tags together by keyset, each post once, newer pages too', async () => {
      const friend = await signUp(suite.db, 'friend', { username: 'tagfriend' })
      await suite.db.query('insert into follows (follower_id, following_id) values ($1, $2)', [
        reader.id,
        friend.id
      ])
      await followTag(suite.db, reader, 'boats')
      const expected = [shown]
      for (let i = 0; i < 9; i++) {
        expected.push(await post(suite.db, friend, `friend ${i}`, { minutesOld: 2 + i * 3 }))
        expected.push(await post(suite.db, stranger, `#harbour ${i}`, { minutesOld: 3 + i * 3 }))
        expected.push(
          await post(suite.db, stranger, `#boats #harbour ${i}`, { minutesOld: 4 + i * 3 })
        )
      }
      const seen: { id: string; created_at: string }[] = []
      let cursor = null as { id: string; created_at: string } | null
      for (let i = 0; i < 20; i++) {
        const { rows }: { rows: { id: string; created_at: string }[] } = await runAs(
          suite.db,
          reader,
          'select id, created_at from following_feed_page($1, $2, 4)',
          [cursor?.created_at ?? null, cursor?.id ?? null]
        )
        if (rows.length === 0) break
        seen.push(...rows)
        cursor = rows[rows.length - 1]
      }
      expect(seen.map((row) => row.id)).toEqual(expected)
      // Scrolling up from the oldest reads the same posts back, oldest first.
      const oldest = seen[seen.length - 1]
      const { rows: newer } = await runAs<{ id: string }>(
        suite.db,
        reader,
        'select id from following_feed_page_newer($1, $2, 5)',
        [oldest.created_at, oldest.id]
      )
      expect(newer.map((row) => row.id)).toEqual(expected.slice(-6, -1).reverse())
    })
  })

  describe("the hashtag page's header and top posts", () => {
    it('counts the posts the reader can see and says whether they follow the tag', async () => {
      const hidden = await signUp(suite.db, 'private', { username: 'tagprivate' })
      await post(suite.db, stranger, '#harbour one')
      await post(suite.db, stranger, '#harbour two')
      await post(suite.db, hidden, '#harbour hidden')
      await suite.db.query('update profiles set is_private = true where id = $1', [hidden.id])
      const summary = async (actor: Actor): Promise<unknown> =>
        (await runAs(suite.db, actor, "select * from tag_summary('Harbour')")).rows
      expect(await summary(reader)).toEqual([{ tag: 'harbour', posts: 2, following: false }])
      await followTag(suite.db, reader, 'harbour')
      expect(await summary(reader)).toEqual([{ tag: 'harbour', posts: 2, following: true }])
      expect(await summary(anon)).toEqual([{ tag: 'harbour', posts: 2, following: false }])
    })

    it('ranks top posts by engagement per hour, without what a rule hides', async () => {
      const quiet = await post(suite.db, stranger, '#harbour quiet', { minutesOld: 5 })
      const loved = await post(suite.db, stranger, '#harbour loved', { minutesOld: 50, likes: 40 })
      const muted = await signUp(suite.db, 'muted', { username: 'tagmuted' })
      const ofMuted = await post(suite.db, muted, '#harbour muted', { likes: 99 })
      const sensitive = await post(suite.db, stranger, '#harbour sensitive', {
        likes: 99,
        sensitive: true
      })
      await suite.db.query(
        'insert into mutes (muter_id, muted_id, posts, stories) values ($1, $2, true, false)',
        [reader.id, muted.id]
      )
      const top = async (actor: Actor): Promise<string[]> =>
        (
          await runAs<{ id: string }>(suite.db, actor, "select id from tag_top_posts('harbour')")
        ).rows.map((row) => row.id)
      expect(await top(reader)).toEqual([loved, quiet])
      expect(await top(anon)).toEqual([ofMuted, loved, quiet])
      expect(await top(anon)).not.toContain(sensitive)
    })
  })
})
