// Explore (explore_page): a stranger's posts only, with every rule that hides a post applied in
// the database — blocks both ways, mutes, private and suspended authors, sensitive media unless
// the reader shows it, the reader's muted and hidden words, people followed and one's own — and
// keyset pages that never repeat a post, never put one author twice in a row and never more
// than twice in a page-long run. Each hidden case has a twin that Explore does show, so a rule
// that hid everything would fail too.

import { beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../../src/backend/db/database'
import { exploreCursorAfter, exploreMoment } from '../../../src/shared/data/explore'
import type { Post } from '../../../src/shared/domain'
import { anon, resetData, runAs, signUp, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'
import { expectCaptionWordsHidden, showSensitiveMedia } from '../../support/reader-settings'

const PHOTO = (owner: string, n: number): string =>
  `https://example.test/storage/v1/object/public/images/posts/${owner}/${n}.png`

let photo = 0

/** A post by `author` (as the superuser, so its age, counts and flags can be set). */
async function post(
  db: Database,
  author: Actor,
  options: {
    caption?: string
    hoursOld?: number
    likes?: number
    comments?: number
    sensitive?: boolean
  } = {}
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into posts (user_id, image_url, caption, created_at, is_sensitive, sensitive_reason)
     values ($1, $2, $3, now() - make_interval(hours => $4::int), $5, null)
     returning id`,
    [
      author.id,
      PHOTO(author.id!, ++photo),
      options.caption ?? null,
      options.hoursOld ?? 1,
      options.sensitive ?? false
    ]
  )
  const id = rows[0].id
  if (options.likes || options.comments) {
    await db.query('update posts set likes_count = $2, comments_count = $3 where id = $1', [
      id,
      options.likes ?? 0,
      options.comments ?? 0
    ])
  }
  return id
}

/** Every page of Explore for `reader`, read as the app does: the cursor from each page's rows. */
async function allPages(db: Database, reader: Actor, pageSize = 12): Promise<Post[][]> {
  const asOf = exploreMoment()
  const pages: Post[][] = []
  let cursor: ReturnType<typeof exploreCursorAfter> = null
  for (let i = 0; i < 50; i++) {
    const { rows } = await runAs<Post>(
      db,
      reader,
      'select * from explore_page($1, $2, $3, $4, $5)',
      [asOf, cursor?.rank ?? null, cursor?.id ?? null, cursor?.authors ?? null, pageSize]
    )
    if (rows.length === 0) return pages
    pages.push(rows)
    cursor = exploreCursorAfter(rows, asOf)
  }
  throw new Error('Explore never ended')
}

const idsOf = async (db: Database, reader: Actor): Promise<string[]> =>
  (await allPages(db, reader)).flat().map((row) => row.id)

describeEachDatabase('explore_page', (suite) => {
  beforeEach(async () => {
    await resetData(suite.db)
  })

  describe('shows nothing a rule hides', () => {
    let reader: Actor
    let stranger: Actor
    let shown: string

    beforeEach(async () => {
      reader = await signUp(suite.db, 'reader', { username: 'explorereader' })
      stranger = await signUp(suite.db, 'stranger', { username: 'explorestranger' })
      shown = await post(suite.db, stranger, { caption: 'a quiet harbour' })
    })

    it("shows a stranger's post, but not the reader's own", async () => {
      const own = await post(suite.db, reader)
      const ids = await idsOf(suite.db, reader)
      expect(ids).toContain(shown)
      expect(ids).not.toContain(own)
    })

    it('hides people the reader follows', async () => {
      const followed = await signUp(suite.db, 'followed', { username: 'explorefollowed' })
      const theirs = await post(suite.db, followed)
      expect(await idsOf(suite.db, reader)).toContain(theirs)
      await suite.db.query('insert into follows (follower_id, following_id) values ($1, $2)', [
        reader.id,
        followed.id
      ])
      expect(await idsOf(suite.db, reader)).not.toContain(theirs)
    })

    it('hides across a block, whoever blocked whom', async () => {
      const blocked = await signUp(suite.db, 'blocked', { username: 'exploreblocked' })
      const blocker = await signUp(suite.db, 'blocker', { username: 'exploreblocker' })
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

    it('hides muted people', async () => {
      const muted = await signUp(suite.db, 'muted', { username: 'exploremuted' })
      const theirs = await post(suite.db, muted)
      expect(await idsOf(suite.db, reader)).toContain(theirs)
      await suite.db.query(
        'insert into mutes (muter_id, muted_id, posts, stories) values ($1, $2, true, false)',
        [reader.id, muted.id]
      )
      expect(await idsOf(suite.db, reader)).not.toContain(theirs)
    })

    it('hides private accounts, even to their followers', async () => {
      const hidden = await signUp(suite.db, 'private', { username: 'exploreprivate' })
      const theirs = await post(suite.db, hidden)
      expect(await idsOf(suite.db, reader)).toContain(theirs)
      await suite.db.query('update profiles set is_private = true where id = $1', [hidden.id])
      expect(await idsOf(suite.db, reader)).not.toContain(theirs)
      expect(await idsOf(suite.db, anon)).not.toContain(theirs)
    })

    it('hides suspended people', async () => {
      const suspended = await signUp(suite.db, 'suspended', { username: 'exploresuspended' })
      const theirs = await post(suite.db, suspended)
      expect(await idsOf(suite.db, reader)).toContain(theirs)
      await suite.db.query('update profiles set suspended_at = now() where id = $1', [suspended.id])
      expect(await idsOf(suite.db, reader)).not.toContain(theirs)
    })

    it('hides sensitive posts unless the reader shows sensitive media', async () => {
      const sensitive = await post(suite.db, stranger, { sensitive: true })
      expect(await idsOf(suite.db, reader)).not.toContain(sensitive)
      await showSensitiveMedia(suite.db, reader)
      expect(await idsOf(suite.db, reader)).toContain(sensitive)
    })

    it("hides captions with the reader's muted or hidden words, as whole words", async () => {
      await expectCaptionWordsHidden(suite.db, {
        reader,
        other: await signUp(suite.db, 'other', { username: 'exploreother' }),
        shown,
        post: (caption) => post(suite.db, stranger, { caption }),
        listed: (actor) => idsOf(suite.db, actor)
      })
    })
  })

  describe('ranking and paging', () => {
    it('ranks by engagement per hour of age', async () => {
      const reader = await signUp(suite.db, 'reader', { username: 'rankreader' })
      const [a, b, c] = [
        await signUp(suite.db, 'a', { username: 'ranka' }),
        await signUp(suite.db, 'b', { username: 'rankb' }),
        await signUp(suite.db, 'c', { username: 'rankc' })
      ]
      // 100 likes over 50 hours ranks below 10 likes in the last hour; 0 likes, a day old, last.
      const old = await post(suite.db, a, { likes: 100, hoursOld: 50 })
      const fresh = await post(suite.db, b, { likes: 10, hoursOld: 1 })
      const quiet = await post(suite.db, c, { hoursOld: 24 })
      expect(await idsOf(suite.db, reader)).toEqual([fresh, old, quiet])
    })

    it('ranks inside the query that ranks: the rank is inlined, not called once per post', async () => {
      const { rows } = await suite.db.query<{ 'QUERY PLAN': string }>(
        `explain (verbose, costs off)
         select app_rules.explore_rank(likes_count, comments_count, created_at, now()) from posts`
      )
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n')
      expect(plan).toContain('likes_count')
      expect(plan).not.toContain('explore_rank')
    })

    it('pages without repeats, no author twice in a row, at most two per page-long run', async () => {
      const reader = await signUp(suite.db, 'reader', { username: 'pagereader' })
      const popular = await signUp(suite.db, 'popular', { username: 'pagepopular' })
      const others: Actor[] = []
      for (let i = 0; i < 11; i++) {
        others.push(await signUp(suite.db, `author ${i}`, { username: `pageauthor${i}` }))
      }
      // A popular author's 16 posts outrank all others; the others' 33 take turns, each
      // ranked below the one before.
      for (let i = 0; i < 16; i++) await post(suite.db, popular, { hoursOld: 1 + i, likes: 500 })
      for (let k = 0; k < 33; k++) {
        await post(suite.db, others[k % 11], { hoursOld: 2, likes: 40 - k })
      }
      const pages = await allPages(suite.db, reader, 6)
      const shownRows = pages.flat()
      const ids = shownRows.map((row) => row.id)
      expect(new Set(ids).size).toBe(ids.length)
      expect(pages.length).toBeGreaterThan(2)
      const sequence = shownRows.map((row) => row.user_id)
      for (let i = 1; i < sequence.length; i++) {
        expect(sequence[i], `tile ${i}`).not.toBe(sequence[i - 1])
      }
      for (let start = 0; start + 6 <= sequence.length; start++) {
        const run = sequence.slice(start, start + 6)
        for (const author of new Set(run)) {
          expect(run.filter((id) => id === author).length, `run at ${start}`).toBeLessThanOrEqual(2)
        }
      }
      // The popular author shows twice, then gives way; nobody else's post is lost.
      expect(sequence.filter((id) => id === popular.id)).toHaveLength(2)
      expect(ids).toHaveLength(2 + 33)
    })

    it('keeps a visit stable: new posts and likes do not repeat what was shown', async () => {
      const reader = await signUp(suite.db, 'reader', { username: 'stablereader' })
      const authors: Actor[] = []
      for (let i = 0; i < 8; i++) {
        authors.push(await signUp(suite.db, `author ${i}`, { username: `stableauthor${i}` }))
      }
      for (let i = 0; i < 24; i++) await post(suite.db, authors[i % 8], { hoursOld: 2 + i })
      const asOf = exploreMoment()
      const first = await runAs<Post>(
        suite.db,
        reader,
        'select * from explore_page($1, null, null, null, 8)',
        [asOf]
      )
      const cursor = exploreCursorAfter(first.rows, asOf)!
      // Meanwhile a new post appears, and a post of the next page gains likes.
      const late = await post(suite.db, authors[0], { hoursOld: 0, likes: 500 })
      const firstIds = first.rows.map((row) => row.id)
      await suite.db.query(
        `update posts set likes_count = 900
         where id = (select id from posts where not (id = any ($1::uuid[])) limit 1)`,
        [firstIds]
      )
      const second = await runAs<Post>(
        suite.db,
        reader,
        'select * from explore_page($1, $2, $3, $4, 8)',
        [asOf, cursor.rank, cursor.id, cursor.authors]
      )
      expect(second.rows.length).toBeGreaterThan(0)
      for (const row of second.rows) expect(firstIds).not.toContain(row.id)
      expect(second.rows.map((row) => row.id)).not.toContain(late)
    })
  })
})
