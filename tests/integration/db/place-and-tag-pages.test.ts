// A place's page (place_page, and place_summary's count) and a hashtag's recent posts (tag_page)
// show nothing a rule hides: blocks both ways, mutes, private accounts the reader does not
// follow, suspended people, archived posts, sensitive posts unless the reader shows them, and
// captions with the reader's hidden words; the reader's own posts always show. Every case has a
// twin post, at the same place and with the same tag, that must stay, so a rule that hid
// everything fails too. Then keyset pages that never repeat or skip a post.

import { beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../../src/backend/db/database'
import { anon, resetData, runAs, signUp, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'
import { filterWords, showSensitiveMedia } from '../../support/reader-settings'

const PHOTO = (owner: string, n: number): string =>
  `https://example.test/storage/v1/object/public/images/posts/${owner}/${n}.png`

let photo = 0
let minute = 0

/** A post at the Harbour with #harbour, each newer than the last (as the superuser). */
async function post(
  db: Database,
  author: Actor,
  caption = 'Morning at the #harbour',
  sensitive = false
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into posts (user_id, image_url, caption, location, created_at, is_sensitive)
     values ($1, $2, $3, 'The Harbour', now() - make_interval(mins => 1000 - $4::int), $5)
     returning id`,
    [author.id, PHOTO(author.id!, ++photo), caption, ++minute, sensitive]
  )
  await db.query(
    'update post_tags set post_created_at = p.created_at from posts p where p.id = post_id and p.id = $1',
    [rows[0].id]
  )
  return rows[0].id
}

interface Surface {
  name: string
  /** The ids the reader is shown, newest first. */
  list(db: Database, reader: Actor): Promise<string[]>
}

const placeId = async (db: Database): Promise<string> =>
  (await db.query<{ id: string }>("select id from places where name = 'The Harbour'")).rows[0].id

const SURFACES: Surface[] = [
  {
    name: 'place_page',
    async list(db, reader) {
      const place = await placeId(db)
      const { rows } = await runAs<{ id: string }>(
        db,
        reader,
        'select id from place_page($1, null, null, 100)',
        [place]
      )
      // The header counts what the page shows.
      const { rows: summary } = await runAs<{ posts: number }>(
        db,
        reader,
        'select posts from place_summary($1)',
        [place]
      )
      expect(summary[0].posts).toBe(rows.length)
      return rows.map((row) => row.id)
    }
  },
  {
    name: 'tag_page',
    async list(db, reader) {
      const { rows } = await runAs<{ id: string }>(
        db,
        reader,
        "select id from tag_page('harbour', null, null, 100)"
      )
      return rows.map((row) => row.id)
    }
  }
]

describeEachDatabase('place pages and tag pages', (suite) => {
  let reader: Actor
  let stranger: Actor
  let twinAuthor: Actor
  let twin: string

  beforeEach(async () => {
    await resetData(suite.db)
    await suite.db.query('delete from places')
    reader = await signUp(suite.db, 'reader', { username: 'placereader' })
    stranger = await signUp(suite.db, 'stranger', { username: 'placestranger' })
    twinAuthor = await signUp(suite.db, 'twin', { username: 'placetwin' })
    twin = await post(suite.db, twinAuthor)
  })

  for (const surface of SURFACES) {
    describe(surface.name, () => {
      const list = (actor: Actor): Promise<string[]> => surface.list(suite.db, actor)

      it("shows a stranger's post to everyone, the reader's own too", async () => {
        const theirs = await post(suite.db, stranger)
        const own = await post(suite.db, reader, 'mine at the #harbour', true)
        expect(await list(reader)).toEqual([own, theirs, twin])
        expect(await list(anon)).toEqual([theirs, twin])
      })

      it('hides across a block, whoever blocked whom', async () => {
        const blocker = await signUp(suite.db, 'blocker', { username: 'placeblocker' })
        const blocked = await post(suite.db, stranger)
        const blocking = await post(suite.db, blocker)
        expect(await list(reader)).toEqual([blocking, blocked, twin])
        await suite.db.query(
          'insert into blocks (blocker_id, blocked_id) values ($1, $2), ($3, $1)',
          [reader.id, stranger.id, blocker.id]
        )
        expect(await list(reader)).toEqual([twin])
      })

      it('hides muted people', async () => {
        const muted = await post(suite.db, stranger)
        expect(await list(reader)).toEqual([muted, twin])
        await suite.db.query(
          'insert into mutes (muter_id, muted_id, posts, stories) values ($1, $2, true, false)',
          [reader.id, stranger.id]
        )
        expect(await list(reader)).toEqual([twin])
      })

      it('hides private accounts from all but their followers', async () => {
        const fan = await signUp(suite.db, 'fan', { username: 'placefan' })
        const hidden = await post(suite.db, stranger)
        await suite.db.query('insert into follows (follower_id, following_id) values ($1, $2)', [
          fan.id,
          stranger.id
        ])
        expect(await list(reader)).toEqual([hidden, twin])
        await suite.db.query('update profiles set is_private = true where id = $1', [stranger.id])
        expect(await list(reader)).toEqual([twin])
        expect(await list(fan)).toEqual([hidden, twin])
      })

      it('hides suspended people', async () => {
        const suspended = await post(suite.db, stranger)
        expect(await list(reader)).toEqual([suspended, twin])
        await suite.db.query('update profiles set suspended_at = now() where id = $1', [
          stranger.id
        ])
        expect(await list(reader)).toEqual([twin])
      })

      it('hides archived posts', async () => {
        const archived = await post(suite.db, stranger)
        expect(await list(reader)).toEqual([archived, twin])
        await suite.db.query('update posts set archived_at = now() where id = $1', [archived])
        expect(await list(reader)).toEqual([twin])
        // Its author keeps it in their Archive, not here.
        expect(await list(stranger)).toEqual([twin])
      })

      it('hides sensitive posts unless the reader shows sensitive media', async () => {
        const sensitive = await post(suite.db, stranger, 'night at the #harbour', true)
        expect(await list(reader)).toEqual([twin])
        await showSensitiveMedia(suite.db, reader)
        expect(await list(reader)).toEqual([sensitive, twin])
      })

      it("hides captions with the reader's hidden words", async () => {
        const rude = await post(suite.db, stranger, 'a rude #harbour take')
        expect(await list(reader)).toEqual([rude, twin])
        await filterWords(suite.db, reader, [{ kind: 'mute', word: 'rude' }])
        expect(await list(reader)).toEqual([twin])
      })
    })
  }

  it('pages a place by keyset, newest first, each post once', async () => {
    const expected = [twin]
    for (let i = 0; i < 10; i++) expected.unshift(await post(suite.db, stranger))
    // A hidden post between them is skipped, not counted against a page.
    await post(suite.db, stranger, 'a rude one at the #harbour')
    await filterWords(suite.db, reader, [{ kind: 'mute', word: 'rude' }])
    const place = await placeId(suite.db)
    const seen: string[] = []
    let cursor = null as { id: string; created_at: string } | null
    for (let i = 0; i < 10; i++) {
      const { rows }: { rows: { id: string; created_at: string }[] } = await runAs(
        suite.db,
        reader,
        'select id, created_at from place_page($1, $2, $3, 4)',
        [place, cursor?.created_at ?? null, cursor?.id ?? null]
      )
      if (rows.length === 0) break
      seen.push(...rows.map((row) => row.id))
      cursor = rows[rows.length - 1]
    }
    expect(seen).toEqual(expected)
  })

  it('answers no header for a place that does not exist', async () => {
    const { rows } = await runAs(suite.db, anon, 'select * from place_summary($1)', [
      '00000000-0000-4000-8000-000000000000'
    ])
    expect(rows).toEqual([])
  })
})
