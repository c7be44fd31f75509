// The story archive and highlights under row-level security, on both databases: an expired
// story stays for its author alone (its viewers list as it was); a highlight shows to whoever
// may see its author (a private account's to approved followers only, nobody across a block),
// and a close-friends story inside it to close friends only. Stories are dated through the test
// clock (app.story_now): one posted two days ago is in its author's archive now.

import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { withRole } from '../../../src/backend/db/as-role'
import { isPostgresError } from '../../../src/backend/db/database'
import { anon, resetData, signUp, type Actor, type Outcome } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const HOUR = 60 * 60 * 1000
const TWO_DAYS_AGO = (): string => new Date(Date.now() - 48 * HOUR).toISOString()

const storyUrl = (author: string): string =>
  `http://127.0.0.1:5400/storage/v1/object/public/images/stories/${author}/${randomUUID()}.webp`

describeEachDatabase('story archive and highlights under row-level security', (suite) => {
  let a: Actor
  let follower: Actor
  let stranger: Actor
  /** A's story from two days ago (archived) and one posted now (live). */
  let archived: string
  let live: string

  async function attempt(
    actor: Actor,
    sql: string,
    params: unknown[] = [],
    when: string | null = null
  ): Promise<Outcome> {
    try {
      const { rowCount, rows } = await withRole(
        suite.db,
        actor.identity,
        { method: 'POST', path: '/tests/sql' },
        async (tx) => {
          if (when) await tx.query(`select set_config('app.story_now', $1, true)`, [when])
          return tx.query<Record<string, unknown>>(sql, params)
        }
      )
      return { ok: true, rowCount, rows }
    } catch (error) {
      if (isPostgresError(error))
        return { ok: false, code: error.code ?? '', message: error.message }
      throw error
    }
  }

  async function rows(
    actor: Actor,
    sql: string,
    params: unknown[] = [],
    when: string | null = null
  ) {
    const outcome = await attempt(actor, sql, params, when)
    if (!outcome.ok) throw new Error(`${actor.name}: ${outcome.message}`)
    return outcome.rows
  }

  async function postStory(actor: Actor, when: string | null, closeFriends = false) {
    const [row] = await rows(
      actor,
      `insert into stories (user_id, image_url, width, height, close_friends_only)
       values ($1, $2, 1080, 1920, $3) returning id`,
      [actor.id, storyUrl(actor.id!), closeFriends],
      when
    )
    return String(row.id)
  }

  async function createHighlight(actor: Actor, title: string, storyIds: string[], cover?: string) {
    const [row] = await rows(actor, 'select id from create_story_highlight($1, $2, $3)', [
      title,
      storyIds,
      cover ?? null
    ])
    return String(row.id)
  }

  const visibleStories = async (actor: Actor): Promise<string[]> =>
    (await rows(actor, 'select id from stories order by created_at')).map((row) => String(row.id))

  const highlightsOf = async (actor: Actor, person: Actor) =>
    rows(actor, 'select id, title, story_count from profile_highlights($1)', [person.id])

  const storiesOf = async (actor: Actor, highlight: string): Promise<string[]> =>
    (await rows(actor, 'select id from highlight_stories($1)', [highlight])).map((row) =>
      String(row.id)
    )

  const follow = (from: Actor, to: Actor) =>
    suite.db.query('insert into follows (follower_id, following_id) values ($1, $2)', [
      from.id,
      to.id
    ])

  beforeEach(async () => {
    await resetData(suite.db)
    a = await signUp(suite.db, 'author A', { username: 'alice' })
    follower = await signUp(suite.db, 'follower', { username: 'fern' })
    stranger = await signUp(suite.db, 'stranger', { username: 'stan' })
    await follow(follower, a)
    archived = await postStory(a, TWO_DAYS_AGO())
    live = await postStory(a, null)
  })

  describe('the archive', () => {
    it('an expired story stays for its author alone, out of the strip and live reads', async () => {
      expect(await visibleStories(a)).toEqual([archived, live])
      expect(await visibleStories(follower)).toEqual([live])
      expect(await visibleStories(stranger)).toEqual([])
      expect(await visibleStories(anon)).toEqual([])
      const live_ = await rows(a, 'select id from live_stories_of($1)', [a.id])
      expect(live_.map((row) => String(row.id))).toEqual([live])
      const [strip] = await rows(a, 'select story_count from story_strip()')
      expect(strip.story_count).toBe(1)
    })

    it('keeps its viewers list as it was: views are recorded while a story is live only', async () => {
      const mark = 'select mark_story_seen($1)'
      expect(await attempt(follower, mark, [archived], TWO_DAYS_AGO())).toMatchObject({ ok: true })
      const seenBy = 'select viewer_id from story_views where story_id = $1'
      expect(await rows(a, seenBy, [archived])).toEqual([{ viewer_id: follower.id }])
      // Expired now: no new view, by the rpc or straight into the table.
      await createHighlight(a, 'Trips', [archived])
      await follow(stranger, a)
      expect(await attempt(stranger, mark, [archived])).toMatchObject({
        ok: false,
        message: 'This story is no longer available'
      })
      const forged = await attempt(
        stranger,
        'insert into story_views (story_id, viewer_id) values ($1, $2)',
        [archived, stranger.id]
      )
      expect(forged).toMatchObject({ ok: false, code: '42501' })
      expect(await rows(a, seenBy, [archived])).toEqual([{ viewer_id: follower.id }])
    })

    it('only the author deletes an archived story; its photos are queued for removal', async () => {
      const theirs = await attempt(follower, 'delete from stories where id = $1', [archived])
      expect(theirs).toMatchObject({ ok: true, rowCount: 0 })
      const own = await attempt(a, 'delete from stories where id = $1', [archived])
      expect(own).toMatchObject({ ok: true, rowCount: 1 })
      const { rows: queued } = await suite.db.query(
        `select name from app_private.storage_removals where name like $1`,
        [`stories/${a.id}/%`]
      )
      expect(queued).toHaveLength(1)
    })
  })

  describe('who sees a highlight', () => {
    it('anyone who may see a public author sees it and its archived stories; anon sees none', async () => {
      const highlight = await createHighlight(a, 'Trips', [archived, live])
      const notInIt = await postStory(a, TWO_DAYS_AGO())
      for (const actor of [a, follower, stranger]) {
        expect(await highlightsOf(actor, a), actor.name).toEqual([
          { id: highlight, title: 'Trips', story_count: 2 }
        ])
        expect(await storiesOf(actor, highlight), actor.name).toEqual([archived, live])
      }
      // Through the highlight only: the rest of the archive stays the author's.
      expect(await visibleStories(stranger)).toEqual([archived, live])
      expect(await visibleStories(follower)).toEqual([archived, live])
      expect(await visibleStories(a)).toContain(notInIt)
      expect(await attempt(anon, 'select * from profile_highlights($1)', [a.id])).toMatchObject({
        ok: false,
        code: '42501'
      })
    })

    it("a private account's highlights show to approved followers only", async () => {
      const highlight = await createHighlight(a, 'Trips', [archived])
      await suite.db.query('update profiles set is_private = true where id = $1', [a.id])
      await suite.db.query(
        'insert into follow_requests (requester_id, target_id) values ($1, $2)',
        [stranger.id, a.id]
      )
      expect(await highlightsOf(follower, a)).toHaveLength(1)
      expect(await storiesOf(follower, highlight)).toEqual([archived])
      expect(await highlightsOf(stranger, a)).toEqual([])
      expect(await storiesOf(stranger, highlight)).toEqual([])
      expect(await rows(stranger, 'select * from story_highlights')).toEqual([])
      expect(await rows(stranger, 'select * from story_highlight_items')).toEqual([])
    })

    it('close-friends stories inside a highlight show to close friends only', async () => {
      const friend = await signUp(suite.db, 'close friend', { username: 'cleo' })
      await follow(friend, a)
      await suite.db.query('insert into close_friends (user_id, friend_id) values ($1, $2)', [
        a.id,
        friend.id
      ])
      const secret = await postStory(a, TWO_DAYS_AGO(), true)
      const mixed = await createHighlight(a, 'Mixed', [archived, secret], secret)
      const closeOnly = await createHighlight(a, 'Friends', [secret])
      expect(await storiesOf(friend, mixed)).toEqual([archived, secret])
      expect(await storiesOf(follower, mixed)).toEqual([archived])
      // The cover the follower may not see gives way to a story they may.
      const [shown] = await rows(
        follower,
        'select cover_url, story_count from profile_highlights($1)',
        [a.id]
      )
      expect(shown.story_count).toBe(1)
      expect(String(shown.cover_url)).not.toBe('')
      const [secretRow] = await rows(a, 'select image_url from stories where id = $1', [secret])
      expect(shown.cover_url).not.toBe(secretRow.image_url)
      expect((await highlightsOf(follower, a)).map((row) => row.title)).toEqual(['Mixed'])
      expect((await highlightsOf(friend, a)).map((row) => row.title)).toEqual(['Friends', 'Mixed'])
      expect(await storiesOf(follower, closeOnly)).toEqual([])
    })

    it('nobody sees a highlight across a block, either way', async () => {
      const highlight = await createHighlight(a, 'Trips', [archived, live])
      await suite.db.query('insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
        a.id,
        stranger.id
      ])
      await suite.db.query('insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
        follower.id,
        a.id
      ])
      for (const actor of [stranger, follower]) {
        expect(await highlightsOf(actor, a), actor.name).toEqual([])
        expect(await storiesOf(actor, highlight), actor.name).toEqual([])
        expect(await visibleStories(actor), actor.name).toEqual([])
      }
    })
  })

  describe('making and changing highlights', () => {
    it('names are 1 to 32 characters, trimmed; a highlight holds 1 to 100 of your own stories', async () => {
      const make = 'select id from create_story_highlight($1, $2)'
      const refusals: [unknown[], string][] = [
        [['   ', [archived]], 'A highlight name is 1 to 32 characters'],
        [['x'.repeat(33), [archived]], 'A highlight name is 1 to 32 characters'],
        [['Trips', []], 'Choose at least one story for the highlight'],
        [
          ['Trips', Array.from({ length: 101 }, () => randomUUID())],
          'A highlight can hold at most 100 stories'
        ]
      ]
      for (const [params, message] of refusals) {
        expect(await attempt(a, make, params)).toMatchObject({ ok: false, message })
      }
      const theirs = await postStory(follower, null)
      expect(await attempt(a, make, ['Trips', [archived, theirs]])).toMatchObject({
        ok: false,
        message: 'Only your own stories can go in your highlights'
      })
      expect(await attempt(anon, make, ['Trips', [archived]])).toMatchObject({
        ok: false,
        code: '42501'
      })
      const { rows: made } = await suite.db.query('select title from story_highlights')
      expect(made).toEqual([])
      await createHighlight(a, `  ${'x'.repeat(32)}  `, [archived])
      const { rows: named } = await suite.db.query('select title from story_highlights')
      expect(named).toEqual([{ title: 'x'.repeat(32) }])
    })

    it('only the author edits, reorders or deletes; no client writes the tables directly', async () => {
      const first = await createHighlight(a, 'One', [archived])
      const second = await createHighlight(a, 'Two', [live])
      // Newest first, then the order chosen.
      expect((await highlightsOf(follower, a)).map((row) => row.title)).toEqual(['Two', 'One'])
      await rows(a, 'select reorder_story_highlights($1)', [[first, second]])
      expect((await highlightsOf(follower, a)).map((row) => row.title)).toEqual(['One', 'Two'])

      const edit = 'select id from edit_story_highlight($1, $2, $3, $4)'
      expect(await attempt(follower, edit, [first, 'Mine', [archived], null])).toMatchObject({
        ok: false
      })
      await rows(follower, 'select reorder_story_highlights($1)', [[second, first]])
      expect(
        await attempt(follower, 'delete from story_highlights where id = $1', [first])
      ).toMatchObject({ ok: true, rowCount: 0 })
      const direct: [string, unknown[]][] = [
        ['insert into story_highlights (user_id, title) values ($1, $2)', [a.id, 'Sneaky']],
        [
          'insert into story_highlight_items (highlight_id, story_id, user_id) values ($1, $2, $3)',
          [first, live, a.id]
        ],
        ['update story_highlights set title = $2 where id = $1', [first, 'Sneaky']]
      ]
      for (const [sql, params] of direct) {
        expect(await attempt(a, sql, params), sql).toMatchObject({ ok: false, code: '42501' })
      }

      const [edited] = await rows(
        a,
        'select title, cover_story_id from edit_story_highlight($1, $2, $3, $4)',
        [first, 'Renamed', [live], live]
      )
      expect(edited).toEqual({ title: 'Renamed', cover_story_id: live })
      expect(await storiesOf(follower, first)).toEqual([live])
      expect((await highlightsOf(follower, a)).map((row) => row.title)).toEqual(['Renamed', 'Two'])
      expect(
        await attempt(a, 'delete from story_highlights where id = $1', [second])
      ).toMatchObject({
        ok: true,
        rowCount: 1
      })
      expect((await highlightsOf(follower, a)).map((row) => row.title)).toEqual(['Renamed'])
    })

    it('deleting a story takes it out of its highlights; the last one takes the highlight', async () => {
      const both = await createHighlight(a, 'Both', [archived, live], archived)
      const single = await createHighlight(a, 'Single', [archived])
      await rows(a, 'delete from stories where id = $1', [archived])
      const { rows: left } = await suite.db.query(
        'select id, cover_story_id from story_highlights order by title'
      )
      expect(left).toEqual([{ id: both, cover_story_id: null }])
      expect(await storiesOf(follower, both)).toEqual([live])
      expect(await storiesOf(follower, single)).toEqual([])
    })
  })
})
