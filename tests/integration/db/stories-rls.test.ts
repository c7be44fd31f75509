// Stories under row-level security: anon, the author A, B who follows A and C who does not,
// against stories, story_views, the strip and the stories folder in storage. Time is passed in
// through the test clock (app.story_now), so the 24-hour boundary is checked to the millisecond
// without waiting.

import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { withRole } from '../../../src/backend/db/as-role'
import { isPostgresError } from '../../../src/backend/db/database'
import { anon, resetData, signUp, type Actor, type Outcome } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const PERMISSION_DENIED = '42501'
const CHECK_VIOLATION = '23514'
const HOUR = 60 * 60 * 1000
/** Two days ago, so every moment of a story's life is in the past and the clock may show it. */
const T0 = Date.now() - 48 * HOUR
const at = (offsetMs: number): string => new Date(T0 + offsetMs).toISOString()

const storyUrl = (author: string, name = `${randomUUID()}.webp`): string =>
  `http://127.0.0.1:5400/storage/v1/object/public/images/stories/${author}/${name}`

const INSERT_STORY = `insert into stories (user_id, image_url, width, height, caption)
                      values ($1, $2, 1080, 1920, $3) returning id`

describeEachDatabase('stories under row-level security', (suite) => {
  let a: Actor
  let b: Actor
  let c: Actor
  /** A's story, posted at T0. */
  let storyA: string

  /** One statement as `actor`, with the story clock at `when` (an ISO time) when given. */
  async function attemptAt(
    actor: Actor,
    when: string | null,
    sql: string,
    params: unknown[] = []
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

  async function rowsAt(actor: Actor, when: string | null, sql: string, params: unknown[] = []) {
    const outcome = await attemptAt(actor, when, sql, params)
    if (!outcome.ok) throw new Error(`${actor.name}: ${outcome.message}`)
    return outcome.rows
  }

  async function visibleStories(actor: Actor, when: string | null): Promise<string[]> {
    const rows = await rowsAt(actor, when, 'select id from stories order by created_at')
    return rows.map((row) => String(row.id))
  }

  async function postStoryAt(actor: Actor, when: string, caption: string | null = null) {
    const rows = await rowsAt(actor, when, INSERT_STORY, [actor.id, storyUrl(actor.id!), caption])
    return String(rows[0].id)
  }

  async function follow(follower: Actor, following: Actor): Promise<void> {
    await suite.db.query('insert into follows (follower_id, following_id) values ($1, $2)', [
      follower.id,
      following.id
    ])
  }

  beforeEach(async () => {
    await resetData(suite.db)
    a = await signUp(suite.db, 'author A', { username: 'alice' })
    b = await signUp(suite.db, 'follower B', { username: 'bob' })
    c = await signUp(suite.db, 'stranger C', { username: 'carol' })
    await follow(b, a)
    storyA = await postStoryAt(a, at(0), 'hello')
  })

  describe('lifetime', () => {
    it('the database sets created_at to the clock and expires_at 24 hours later', async () => {
      const { rows } = await suite.db.query<{ created: number; expires: number }>(
        `select extract(epoch from created_at)::float8 * 1000 as created,
                extract(epoch from expires_at)::float8 * 1000 as expires
         from stories where id = $1`,
        [storyA]
      )
      expect(new Date(rows[0].created).toISOString()).toBe(at(0))
      expect(new Date(rows[0].expires).toISOString()).toBe(at(24 * HOUR))
    })

    it('a client cannot choose when its story was made or when it expires', async () => {
      for (const column of ['created_at', 'expires_at']) {
        const outcome = await attemptAt(
          a,
          null,
          `insert into stories (user_id, image_url, width, height, ${column})
           values ($1, $2, 1, 1, '2999-01-01')`,
          [a.id, storyUrl(a.id!)]
        )
        expect(outcome, column).toMatchObject({ ok: false, code: PERMISSION_DENIED })
      }
      const extend = await attemptAt(a, null, `update stories set expires_at = '2999-01-01'`)
      expect(extend).toMatchObject({ ok: false, code: PERMISSION_DENIED })
    })

    it('the test clock can only move time back, never past now()', async () => {
      const future = new Date(Date.now() + 365 * 24 * HOUR).toISOString()
      const [row] = await rowsAt(a, future, 'select story_clock() <= now() as capped')
      expect(row.capped).toBe(true)
      const [moved] = await rowsAt(
        a,
        at(0),
        'select extract(epoch from story_clock())::float8 * 1000 as clock'
      )
      expect(new Date(moved.clock as number).toISOString()).toBe(at(0))
    })
  })

  describe('who sees a live story', () => {
    it('the author and their followers see it; a stranger and anon do not', async () => {
      const when = at(HOUR)
      expect(await visibleStories(a, when)).toEqual([storyA])
      expect(await visibleStories(b, when)).toEqual([storyA])
      expect(await visibleStories(c, when)).toEqual([])
      expect(await visibleStories(anon, when)).toEqual([])
    })

    it('following later shows it; unfollowing hides it again', async () => {
      await follow(c, a)
      expect(await visibleStories(c, at(HOUR))).toEqual([storyA])
      await suite.db.query('delete from follows where follower_id = $1', [c.id])
      expect(await visibleStories(c, at(HOUR))).toEqual([])
    })

    it('is live until the last millisecond of 24 hours; then only its author keeps it (archive)', async () => {
      for (const actor of [a, b]) {
        expect(await visibleStories(actor, at(24 * HOUR - 1)), actor.name).toEqual([storyA])
        const after = actor === a ? [storyA] : []
        expect(await visibleStories(actor, at(24 * HOUR)), actor.name).toEqual(after)
        // With the real clock, two days later.
        expect(await visibleStories(actor, null), actor.name).toEqual(after)
        expect(await rowsAt(actor, at(24 * HOUR), 'select * from story_strip()')).toEqual([])
      }
    })
  })

  describe('posting', () => {
    it('a user posts a story with a photo from their own stories folder', async () => {
      const outcome = await attemptAt(b, null, INSERT_STORY, [b.id, storyUrl(b.id!), null])
      expect(outcome).toMatchObject({ ok: true, rowCount: 1 })
    })

    it('nobody posts as someone else, with someone else’s photo, or signed out', async () => {
      const cases: [Actor, unknown[]][] = [
        [b, [a.id, storyUrl(a.id!), null]],
        [b, [b.id, storyUrl(a.id!), null]],
        [b, [b.id, storyUrl(b.id!).replace('/stories/', '/posts/'), null]],
        [anon, [a.id, storyUrl(a.id!), null]]
      ]
      for (const [actor, params] of cases) {
        const outcome = await attemptAt(actor, null, INSERT_STORY, params)
        expect(outcome, `${actor.name} ${String(params[1])}`).toMatchObject({
          ok: false,
          code: PERMISSION_DENIED
        })
      }
      // Someone else's picture as the thumbnail is refused as well.
      const foreignThumb = await attemptAt(
        b,
        null,
        `insert into stories (user_id, image_url, thumb_url, width, height)
         values ($1, $2, $3, 1, 1)`,
        [b.id, storyUrl(b.id!), storyUrl(a.id!)]
      )
      expect(foreignThumb).toMatchObject({ ok: false, code: PERMISSION_DENIED })
    })

    it('URLs must be this project’s public storage URLs of at most 2048 characters', async () => {
      const folder = `/storage/v1/object/public/images/stories/${b.id}/`
      for (const url of [
        `javascript:alert(1)//x${folder}1.png`,
        `https://evil.test/x${folder}1.png`,
        `https://host.test${folder}${'x'.repeat(2048)}.png`,
        `https://host.test${folder}../../posts/x.png`
      ]) {
        // The insert policy (is_own_storage_url) refuses them before the shape constraint
        // does; the constraint alone is proven for every role in storage-ownership.test.ts.
        const outcome = await attemptAt(b, null, INSERT_STORY, [b.id, url, null])
        expect(outcome, url.slice(0, 60)).toMatchObject({ ok: false, code: PERMISSION_DENIED })
      }
      const thumb = await attemptAt(
        b,
        null,
        `insert into stories (user_id, image_url, thumb_url, width, height)
         values ($1, $2, $3, 1, 1)`,
        [b.id, storyUrl(b.id!), `data:text/html,${folder}t.png`]
      )
      expect(thumb).toMatchObject({ ok: false, code: PERMISSION_DENIED })
    })

    it('the text is at most 200 characters', async () => {
      const tooLong = await attemptAt(b, null, INSERT_STORY, [
        b.id,
        storyUrl(b.id!),
        'x'.repeat(201)
      ])
      expect(tooLong).toMatchObject({ ok: false, code: CHECK_VIOLATION })
      const longest = await attemptAt(b, null, INSERT_STORY, [
        b.id,
        storyUrl(b.id!),
        'x'.repeat(200)
      ])
      expect(longest).toMatchObject({ ok: true, rowCount: 1 })
    })

    it('only the author deletes a story', async () => {
      for (const actor of [anon, b, c]) {
        const outcome = await attemptAt(actor, at(HOUR), 'delete from stories where id = $1', [
          storyA
        ])
        expect(outcome.ok ? outcome.rowCount : 0, actor.name).toBe(0)
      }
      expect(await visibleStories(a, at(HOUR))).toEqual([storyA])
      const own = await attemptAt(a, at(HOUR), 'delete from stories where id = $1', [storyA])
      expect(own).toMatchObject({ ok: true, rowCount: 1 })
    })
  })

  describe('views', () => {
    const MARK = 'select mark_story_seen($1)'
    const viewers = (actor: Actor, when: string | null): Promise<Record<string, unknown>[]> =>
      rowsAt(actor, when, 'select viewer_id from story_views where story_id = $1', [storyA])

    it('a follower marks a live story seen, once however often it is opened', async () => {
      await rowsAt(b, at(HOUR), MARK, [storyA])
      const first = await suite.db.query<{ viewed_at: Date }>('select viewed_at from story_views')
      await rowsAt(b, at(2 * HOUR), MARK, [storyA])
      const again = await suite.db.query<{ viewed_at: Date }>('select viewed_at from story_views')
      expect(again.rows).toEqual(first.rows)
      expect(again.rows).toHaveLength(1)
    })

    it('a stranger, anon, or anyone after expiry cannot mark it seen', async () => {
      const cases: [Actor, string, Partial<Outcome>][] = [
        [c, at(HOUR), { ok: false, message: 'This story is no longer available' }],
        // anon may not even call the function.
        [anon, at(HOUR), { ok: false, code: PERMISSION_DENIED }],
        [b, at(24 * HOUR), { ok: false, message: 'This story is no longer available' }]
      ]
      for (const [actor, when, refusal] of cases) {
        const outcome = await attemptAt(actor, when, MARK, [storyA])
        expect(outcome, actor.name).toMatchObject(refusal)
      }
      expect((await suite.db.query('select 1 from story_views')).rowCount).toBe(0)
    })

    it('nobody records a view on someone else’s behalf', async () => {
      await follow(c, a)
      const forged = await attemptAt(
        b,
        at(HOUR),
        'insert into story_views (story_id, viewer_id) values ($1, $2)',
        [storyA, c.id]
      )
      expect(forged).toMatchObject({ ok: false, code: PERMISSION_DENIED })
      const backdated = await attemptAt(
        b,
        at(HOUR),
        `insert into story_views (story_id, viewer_id, viewed_at) values ($1, $2, now())`,
        [storyA, b.id]
      )
      expect(backdated).toMatchObject({ ok: false, code: PERMISSION_DENIED })
      for (const actor of [b, c]) {
        const removed = await attemptAt(actor, at(HOUR), 'delete from story_views')
        expect(removed.ok ? removed.rowCount : 0).toBe(0)
      }
    })

    it('only the author sees who viewed; a viewer sees only their own view', async () => {
      await follow(c, a)
      await rowsAt(b, at(HOUR), MARK, [storyA])
      await rowsAt(c, at(HOUR), MARK, [storyA])
      const ids = (rows: Record<string, unknown>[]): string[] =>
        rows.map((row) => String(row.viewer_id)).sort()
      expect(ids(await viewers(a, at(HOUR)))).toEqual([b.id, c.id].sort())
      expect(ids(await viewers(b, at(HOUR)))).toEqual([b.id])
      expect(ids(await viewers(c, at(HOUR)))).toEqual([c.id])
      expect(await viewers(anon, at(HOUR))).toEqual([])
      // Kept with the story in the author's archive, as it was.
      expect(ids(await viewers(a, at(24 * HOUR)))).toEqual([b.id, c.id].sort())
    })
  })

  describe('the strip', () => {
    const strip = async (actor: Actor, when: string) =>
      (await rowsAt(actor, when, 'select * from story_strip()')).map((row) => ({
        username: row.username,
        has_unseen: row.has_unseen,
        story_count: row.story_count
      }))

    it('self first, then unseen people newest first, then seen people newest first', async () => {
      const d = await signUp(suite.db, 'D', { username: 'dora' })
      const e = await signUp(suite.db, 'E', { username: 'emil' })
      const f = await signUp(suite.db, 'F', { username: 'finn' })
      for (const person of [d, e, f]) await follow(b, person)
      const seenByB = await postStoryAt(d, at(2 * HOUR))
      await postStoryAt(e, at(3 * HOUR))
      await postStoryAt(f, at(4 * HOUR))
      const fSeen = await postStoryAt(f, at(5 * HOUR))
      await postStoryAt(b, at(1 * HOUR))
      await postStoryAt(c, at(6 * HOUR))
      await rowsAt(b, at(7 * HOUR), 'select mark_story_seen($1)', [seenByB])
      await rowsAt(b, at(7 * HOUR), 'select mark_story_seen($1)', [fSeen])
      await rowsAt(b, at(7 * HOUR), 'select mark_story_seen($1)', [storyA])

      expect(await strip(b, at(8 * HOUR))).toEqual([
        { username: 'bob', has_unseen: true, story_count: 1 },
        // F has one story B has not seen yet, and it is newer than E's.
        { username: 'finn', has_unseen: true, story_count: 2 },
        { username: 'emil', has_unseen: true, story_count: 1 },
        { username: 'dora', has_unseen: false, story_count: 1 },
        { username: 'alice', has_unseen: false, story_count: 1 }
      ])
      expect(await strip(c, at(8 * HOUR))).toEqual([
        { username: 'carol', has_unseen: true, story_count: 1 }
      ])
      expect(await strip(anon, at(8 * HOUR))).toEqual([])
    })
  })

  describe('storage: the stories folder', () => {
    const upload = `insert into storage.objects (bucket_id, name, owner, owner_id)
                    values ('images', $1, $2::uuid, $2::text)`

    it('a user uploads only into stories/<their id>/', async () => {
      const own = await attemptAt(a, null, upload, [`stories/${a.id}/1.webp`, a.id])
      expect(own).toMatchObject({ ok: true, rowCount: 1 })
      for (const name of [`stories/${b.id}/1.webp`, 'stories/1.webp', `stories-x/${a.id}/1.webp`]) {
        const outcome = await attemptAt(a, null, upload, [name, a.id])
        expect(outcome, name).toMatchObject({ ok: false, code: PERMISSION_DENIED })
      }
      const signedOut = await attemptAt(anon, null, upload, [`stories/${a.id}/2.webp`, null])
      expect(signedOut).toMatchObject({ ok: false, code: PERMISSION_DENIED })
    })
  })
})
