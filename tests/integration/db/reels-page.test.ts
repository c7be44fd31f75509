// Reels (reels_page): video posts only, newest first, from people the reader follows and from
// strangers, with every rule that hides a post applied in the database — blocks both ways,
// mutes (followed or not), private accounts to non-followers, suspended authors, sensitive
// media unless the reader shows it, the reader's muted and hidden words, archived posts and one's
// own. Each hidden case has a twin that Reels does show, so a rule that hid everything would fail.

import { beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../../src/backend/db/database'
import type { Post } from '../../../src/shared/domain'
import { anon, resetData, runAs, signUp, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'
import { expectCaptionWordsHidden, showSensitiveMedia } from '../../support/reader-settings'

let file = 0

/** A post by `author` (as the superuser, so its age and flags can be set); a video unless said. */
async function post(
  db: Database,
  author: Actor,
  options: { caption?: string; minutesOld?: number; sensitive?: boolean; photo?: boolean } = {}
): Promise<string> {
  const n = ++file
  const { rows } = await db.query<{ id: string }>(
    `insert into posts (user_id, image_url, video_url, duration_ms, caption, created_at,
                        is_sensitive, sensitive_reason)
     values ($1, $2, $3, $4, $5, now() - make_interval(mins => $6::int), $7, null)
     returning id`,
    [
      author.id,
      `/storage/v1/object/public/images/posts/${author.id}/${n}.png`,
      options.photo ? null : `/storage/v1/object/public/videos/posts/${author.id}/${n}.webm`,
      options.photo ? null : 4000,
      options.caption ?? null,
      options.minutesOld ?? 1,
      options.sensitive ?? false
    ]
  )
  return rows[0].id
}

/** Every page of Reels for `reader`, read as the app does: the cursor is each page's last row. */
async function allPages(db: Database, reader: Actor, pageSize = 6): Promise<Post[][]> {
  const pages: Post[][] = []
  let last = null as Post | null
  for (let i = 0; i < 50; i++) {
    const { rows }: { rows: Post[] } = await runAs<Post>(
      db,
      reader,
      'select * from reels_page($1, $2, $3)',
      [last?.created_at ?? null, last?.id ?? null, pageSize]
    )
    if (rows.length === 0) return pages
    pages.push(rows)
    last = rows[rows.length - 1]
  }
  throw new Error('Reels never ended')
}

const idsOf = async (db: Database, reader: Actor): Promise<string[]> =>
  (await allPages(db, reader)).flat().map((row) => row.id)

describeEachDatabase('reels_page', (suite) => {
  let reader: Actor
  let stranger: Actor
  let shown: string

  beforeEach(async () => {
    await resetData(suite.db)
    reader = await signUp(suite.db, 'reader', { username: 'reelsreader' })
    stranger = await signUp(suite.db, 'stranger', { username: 'reelsstranger' })
    shown = await post(suite.db, stranger, { caption: 'a quiet harbour' })
  })

  const follow = (follower: Actor, following: Actor): Promise<unknown> =>
    suite.db.query('insert into follows (follower_id, following_id) values ($1, $2)', [
      follower.id,
      following.id
    ])

  describe('shows nothing a rule hides', () => {
    it("shows a stranger's video, but not a photo post or the reader's own video", async () => {
      const photo = await post(suite.db, stranger, { photo: true })
      const own = await post(suite.db, reader)
      const ids = await idsOf(suite.db, reader)
      expect(ids).toEqual([shown])
      expect(ids).not.toContain(photo)
      expect(ids).not.toContain(own)
      expect(await idsOf(suite.db, anon)).toEqual(expect.arrayContaining([shown, own]))
    })

    it('shows the people the reader follows, and others', async () => {
      const followed = await signUp(suite.db, 'followed', { username: 'reelsfollowed' })
      const theirs = await post(suite.db, followed)
      await follow(reader, followed)
      expect(await idsOf(suite.db, reader)).toEqual([theirs, shown])
    })

    it('hides across a block, whoever blocked whom', async () => {
      const blocked = await signUp(suite.db, 'blocked', { username: 'reelsblocked' })
      const blocker = await signUp(suite.db, 'blocker', { username: 'reelsblocker' })
      const [ofBlocked, ofBlocker] = [await post(suite.db, blocked), await post(suite.db, blocker)]
      expect(await idsOf(suite.db, reader)).toEqual(expect.arrayContaining([ofBlocked, ofBlocker]))
      await suite.db.query(
        'insert into blocks (blocker_id, blocked_id) values ($1, $2), ($3, $1)',
        [reader.id, blocked.id, blocker.id]
      )
      const ids = await idsOf(suite.db, reader)
      expect(ids).not.toContain(ofBlocked)
      expect(ids).not.toContain(ofBlocker)
      expect(ids).toContain(shown)
    })

    it('hides muted people, followed or not', async () => {
      const muted = await signUp(suite.db, 'muted', { username: 'reelsmuted' })
      const followedMuted = await signUp(suite.db, 'fmuted', { username: 'reelsfmuted' })
      const theirs = await post(suite.db, muted)
      const followedTheirs = await post(suite.db, followedMuted)
      await follow(reader, followedMuted)
      expect(await idsOf(suite.db, reader)).toEqual(
        expect.arrayContaining([theirs, followedTheirs])
      )
      await suite.db.query(
        `insert into mutes (muter_id, muted_id, posts, stories)
         values ($1, $2, true, false), ($1, $3, true, false)`,
        [reader.id, muted.id, followedMuted.id]
      )
      expect(await idsOf(suite.db, reader)).toEqual([shown])
    })

    it('hides a private account from everyone but its followers', async () => {
      const hidden = await signUp(suite.db, 'private', { username: 'reelsprivate' })
      const outsider = await signUp(suite.db, 'outsider', { username: 'reelsoutsider' })
      const theirs = await post(suite.db, hidden)
      await follow(reader, hidden)
      await suite.db.query('update profiles set is_private = true where id = $1', [hidden.id])
      expect(await idsOf(suite.db, reader)).toContain(theirs)
      expect(await idsOf(suite.db, outsider)).toEqual([shown])
      expect(await idsOf(suite.db, anon)).not.toContain(theirs)
    })

    it('hides suspended people, even to their followers', async () => {
      const suspended = await signUp(suite.db, 'suspended', { username: 'reelssuspended' })
      const theirs = await post(suite.db, suspended)
      await follow(reader, suspended)
      expect(await idsOf(suite.db, reader)).toContain(theirs)
      await suite.db.query('update profiles set suspended_at = now() where id = $1', [suspended.id])
      expect(await idsOf(suite.db, reader)).toEqual([shown])
    })

    it("hides a stranger's sensitive video unless the reader shows sensitive media", async () => {
      const sensitive = await post(suite.db, stranger, { sensitive: true })
      expect(await idsOf(suite.db, reader)).not.toContain(sensitive)
      await showSensitiveMedia(suite.db, reader)
      expect(await idsOf(suite.db, reader)).toContain(sensitive)
    })

    it("hides captions with the reader's muted or hidden words, as whole words", async () => {
      await expectCaptionWordsHidden(suite.db, {
        reader,
        other: await signUp(suite.db, 'other', { username: 'reelsother' }),
        shown,
        post: (caption) => post(suite.db, stranger, { caption }),
        listed: (actor) => idsOf(suite.db, actor)
      })
    })

    it('hides archived videos, of people followed or not', async () => {
      const followed = await signUp(suite.db, 'followed', { username: 'reelsarchfollowed' })
      const archived = await post(suite.db, stranger)
      const followedArchived = await post(suite.db, followed)
      const followedKept = await post(suite.db, followed)
      await follow(reader, followed)
      await suite.db.query('update posts set archived_at = now() where id = any ($1::uuid[])', [
        [archived, followedArchived]
      ])
      const ids = await idsOf(suite.db, reader)
      expect(ids).toEqual(expect.arrayContaining([shown, followedKept]))
      expect(ids).not.toContain(archived)
      expect(ids).not.toContain(followedArchived)
    })
  })

  it('pages newest first without repeats or gaps', async () => {
    const followed = await signUp(suite.db, 'followed', { username: 'reelspagefollowed' })
    await follow(reader, followed)
    const made = [shown]
    for (let i = 0; i < 13; i++) {
      made.push(await post(suite.db, i % 2 ? followed : stranger, { minutesOld: 10 + i }))
    }
    const pages = await allPages(suite.db, reader, 4)
    expect(pages.map((page) => page.length)).toEqual([4, 4, 4, 2])
    expect(pages.flat().map((row) => row.id)).toEqual(made)
  })
})
