// Content controls under row-level security (supabase/migrations/20261126130000_content_controls
// .sql): anon, the owner A, B whom A listed as a close friend and stranger C (who follows A, so
// only the rule under test hides anything from C). Every rule has its allowed case next to its
// refusal, so removing a policy, a grant or a trigger fails a test; on the schema before the
// migration every test fails (the tables and columns do not exist).

import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { anon, attemptAs, resetData, runAs, signUp, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const PERMISSION_DENIED = '42501'
const RLS_VIOLATION = '42501'
const UNDEFINED_COLUMN = '42703'

const postUrl = (author: string): string =>
  `http://127.0.0.1:5400/storage/v1/object/public/images/posts/${author}/${randomUUID()}.webp`
const storyUrl = (author: string): string =>
  `http://127.0.0.1:5400/storage/v1/object/public/images/stories/${author}/${randomUUID()}.webp`

describeEachDatabase('content controls under row-level security', (suite) => {
  let a: Actor
  let b: Actor
  let c: Actor
  let postA: string

  async function rows(actor: Actor, sql: string, params: unknown[] = []) {
    return (await runAs(suite.db, actor, sql, params)).rows
  }

  async function ids(actor: Actor, sql: string, params: unknown[] = []): Promise<string[]> {
    return (await rows(actor, sql, params)).map((row) => String(Object.values(row)[0]))
  }

  beforeEach(async () => {
    await resetData(suite.db)
    a = await signUp(suite.db, 'owner A', { username: 'alice' })
    b = await signUp(suite.db, 'close friend B', { username: 'bob' })
    c = await signUp(suite.db, 'stranger C', { username: 'carol' })
    await suite.db.query(
      'insert into follows (follower_id, following_id) values ($1, $3), ($2, $3)',
      [b.id, c.id, a.id]
    )
    const { rows: made } = await suite.db.query<{ id: string }>(
      `insert into posts (user_id, image_url, caption) values ($1, $2, 'hello') returning id`,
      [a.id, postUrl(a.id!)]
    )
    postA = made[0].id
  })

  describe('word filters and content settings are their owner\u2019s alone', () => {
    it('the owner adds, reads and removes; nobody else reads or writes them', async () => {
      await runAs(suite.db, a, `insert into word_filters (kind, word) values ('mute', 'spoiler')`)
      await runAs(
        suite.db,
        a,
        `insert into content_settings (show_sensitive_media, hide_like_counts) values (true, true)`
      )
      expect(await ids(a, 'select word from word_filters')).toEqual(['spoiler'])
      expect(await ids(a, 'select show_sensitive_media from content_settings')).toEqual(['true'])
      for (const other of [b, c]) {
        expect(await ids(other, 'select word from word_filters'), other.name).toEqual([])
        expect(await ids(other, 'select user_id from content_settings'), other.name).toEqual([])
        const forged = await attemptAs(
          suite.db,
          other,
          `insert into word_filters (user_id, kind, word) values ($1, 'mute', 'x')`,
          [a.id]
        )
        expect(forged, other.name).toMatchObject({ ok: false, code: RLS_VIOLATION })
        const changed = await attemptAs(
          suite.db,
          other,
          'update content_settings set show_sensitive_media = false'
        )
        expect(changed, other.name).toMatchObject({ ok: true, rowCount: 0 })
      }
      for (const table of ['word_filters', 'content_settings']) {
        const read = await attemptAs(suite.db, anon, `select * from ${table}`)
        expect(read, table).toMatchObject({ ok: false, code: PERMISSION_DENIED })
      }
      const removed = await attemptAs(suite.db, b, 'delete from word_filters')
      expect(removed).toMatchObject({ ok: true, rowCount: 0 })
      await runAs(suite.db, a, 'delete from word_filters')
      expect(await ids(a, 'select word from word_filters')).toEqual([])
    })

    it('stores words folded and refuses an unknown kind', async () => {
      const upper = await attemptAs(
        suite.db,
        a,
        `insert into word_filters (kind, word) values ('mute', 'Spoiler')`
      )
      expect(upper).toMatchObject({ ok: false, code: '23514' })
      const kind = await attemptAs(
        suite.db,
        a,
        `insert into word_filters (kind, word) values ('everything', 'x')`
      )
      expect(kind).toMatchObject({ ok: false, code: '23514' })
    })

    it('matches whole words and hashtags, case-blind, with no pattern injection', async () => {
      const cases: [string, string, boolean][] = [
        ['Big SPOILER ahead', 'spoiler', true],
        ['spoilers ahead', 'spoiler', false],
        ['love #cats', '#cats', true],
        ['love #catsanddogs', '#cats', false],
        ['a.bc', 'a.b', false],
        ['axb', 'a.b', false],
        ['a.b here', 'a.b', true],
        ['what ( now', '(', true]
      ]
      for (const [body, word, expected] of cases) {
        const [row] = await rows(anon, 'select app_rules.text_has_word($1, $2) as hit', [
          body,
          word
        ])
        expect(row.hit, `${word} in ${body}`).toBe(expected)
      }
    })
  })

  describe('posts: the author sets sensitive media, comments off and the like count', () => {
    it('the author marks their post; others and visitors cannot', async () => {
      await runAs(
        suite.db,
        a,
        `update posts set is_sensitive = true, sensitive_reason = 'Blood',
                          hide_like_count = true where id = $1`,
        [postA]
      )
      const [row] = await rows(
        c,
        'select is_sensitive, sensitive_reason from posts where id = $1',
        [postA]
      )
      expect(row).toEqual({ is_sensitive: true, sensitive_reason: 'Blood' })
      const stranger = await attemptAs(
        suite.db,
        c,
        'update posts set is_sensitive = false where id = $1',
        [postA]
      )
      expect(stranger).toMatchObject({ ok: true, rowCount: 0 })
      const visitor = await attemptAs(
        suite.db,
        anon,
        'update posts set comments_disabled = true where id = $1',
        [postA]
      )
      expect(visitor).toMatchObject({ ok: false, code: PERMISSION_DENIED })
      const reasonWithoutMark = await attemptAs(
        suite.db,
        a,
        'update posts set is_sensitive = false where id = $1',
        [postA]
      )
      expect(reasonWithoutMark).toMatchObject({ ok: false, code: '23514' })
    })

    it('with commenting turned off, nobody can comment, with a clear message', async () => {
      await runAs(suite.db, a, 'update posts set comments_disabled = true where id = $1', [postA])
      for (const actor of [a, b, c]) {
        const outcome = await attemptAs(
          suite.db,
          actor,
          `insert into comments (post_id, user_id, body) values ($1, $2, 'hi')`,
          [postA, actor.id]
        )
        expect(outcome, actor.name).toEqual({
          ok: false,
          code: PERMISSION_DENIED,
          message: 'Commenting is turned off for this post'
        })
      }
      await runAs(suite.db, a, 'update posts set comments_disabled = false where id = $1', [postA])
      const allowed = await attemptAs(
        suite.db,
        c,
        `insert into comments (post_id, user_id, body) values ($1, $2, 'hi')`,
        [postA, c.id]
      )
      expect(allowed).toMatchObject({ ok: true, rowCount: 1 })
    })
  })

  describe('hidden words hide comments on the owner\u2019s posts', () => {
    async function commentAs(actor: Actor, body: string): Promise<string> {
      const [row] = await rows(
        actor,
        `insert into comments (post_id, user_id, body) values ($1, $2, $3) returning id`,
        [postA, actor.id, body]
      )
      return String(row.id)
    }

    async function visibleTo(actor: Actor): Promise<string[]> {
      return ids(actor, 'select id from comments where post_id = $1 order by created_at', [postA])
    }

    it('a matching comment is seen by the post author and its writer only', async () => {
      await runAs(
        suite.db,
        a,
        `insert into word_filters (kind, word) values ('hide_comments', 'spoiler')`
      )
      const hidden = await commentAs(c, 'Huge SPOILER: he dies')
      const shown = await commentAs(c, 'Nice photo')
      expect(await visibleTo(a)).toEqual([hidden, shown])
      expect(await visibleTo(c)).toEqual([hidden, shown])
      expect(await visibleTo(b)).toEqual([shown])
      expect(await visibleTo(anon)).toEqual([shown])
      // Through the rpc the cards use, too.
      const latest = await ids(b, 'select id from latest_comments(array[$1]::uuid[], 10)', [postA])
      expect(latest).toEqual([shown])
      // Only the post's author is told which comments their words hide ("Hidden comments").
      const told = (actor: Actor): Promise<string[]> =>
        ids(actor, 'select hidden(c) from comments c where post_id = $1 order by created_at', [
          postA
        ])
      expect(await told(a)).toEqual(['true', 'false'])
      expect(await told(c)).toEqual(['false', 'false'])
      expect(await told(b)).toEqual(['false'])
      // The writer cannot unhide it: nothing is stored that a write could change.
      const unhide = await attemptAs(suite.db, c, 'update comments set hidden = false')
      expect(unhide).toMatchObject({ ok: false, code: UNDEFINED_COLUMN })
      expect(await visibleTo(b)).toEqual([shown])
      // Someone's mute list hides nothing from anyone else.
      await runAs(suite.db, b, `insert into word_filters (kind, word) values ('mute', 'nice')`)
      expect(await visibleTo(anon)).toEqual([shown])
    })

    it('the default offensive-words filter works only once switched on, on earlier comments too', async () => {
      const before = await commentAs(c, 'you idiot')
      expect(await visibleTo(b)).toEqual([before])
      await runAs(
        suite.db,
        a,
        `insert into content_settings (hide_offensive_comments) values (true)`
      )
      const after = await commentAs(c, 'You IDIOT')
      const own = await commentAs(a, 'idiot me')
      expect(await visibleTo(b)).toEqual([own])
      expect(await visibleTo(a)).toEqual([before, after, own])
      await runAs(suite.db, a, `update content_settings set hide_offensive_comments = false`)
      expect(await visibleTo(b)).toEqual([before, after, own])
    })

    it('adding a word hides the earlier comments it matches; removing it shows them again', async () => {
      const spoiler = await commentAs(c, 'the ending: SPOILER, he dies')
      const fine = await commentAs(c, 'lovely light')
      const own = await commentAs(a, 'no spoiler from me')
      // Someone else's post keeps its comments: the words are A's, for A's posts.
      const [{ id: postB }] = await rows(
        b,
        `insert into posts (user_id, image_url, caption) values ($1, $2, 'mine') returning id`,
        [b.id, postUrl(b.id!)]
      )
      const [{ id: onB }] = await rows(
        c,
        `insert into comments (post_id, user_id, body) values ($1, $2, 'spoiler here') returning id`,
        [postB, c.id]
      )
      await runAs(
        suite.db,
        a,
        `insert into word_filters (kind, word) values ('hide_comments', 'spoiler'), ('mute', 'lovely')`
      )
      expect(await visibleTo(b)).toEqual([fine, own])
      expect(await visibleTo(anon)).toEqual([fine, own])
      expect(await visibleTo(a)).toEqual([spoiler, fine, own])
      expect(await ids(anon, 'select id from comments where post_id = $1', [postB])).toEqual([
        String(onB)
      ])
      await runAs(suite.db, a, `delete from word_filters where word = 'spoiler'`)
      expect(await visibleTo(b)).toEqual([spoiler, fine, own])
    })

    it('a client cannot write a comment already hidden or unhidden', async () => {
      // Whether a comment is hidden is decided as it is read, from the words: no column says it.
      const outcome = await attemptAs(
        suite.db,
        c,
        `insert into comments (post_id, user_id, body, hidden) values ($1, $2, 'x', false)`,
        [postA, c.id]
      )
      expect(outcome).toMatchObject({ ok: false, code: UNDEFINED_COLUMN })
    })
  })

  describe('close friends stories', () => {
    const INSERT_STORY = `insert into stories (user_id, image_url, width, height, close_friends_only)
                          values ($1, $2, 1080, 1920, $3) returning id`

    it('the list is the owner\u2019s alone; nobody adds themselves to it', async () => {
      await runAs(suite.db, a, 'insert into close_friends (friend_id) values ($1)', [b.id])
      expect(await ids(a, 'select friend_id from close_friends')).toEqual([b.id])
      expect(await ids(b, 'select friend_id from close_friends')).toEqual([])
      expect(await ids(c, 'select friend_id from close_friends')).toEqual([])
      const join = await attemptAs(
        suite.db,
        c,
        'insert into close_friends (user_id, friend_id) values ($1, $2)',
        [a.id, c.id]
      )
      expect(join).toMatchObject({ ok: false, code: RLS_VIOLATION })
      const read = await attemptAs(suite.db, anon, 'select * from close_friends')
      expect(read).toMatchObject({ ok: false, code: PERMISSION_DENIED })
      const self = await attemptAs(
        suite.db,
        a,
        'insert into close_friends (friend_id) values ($1)',
        [a.id]
      )
      expect(self).toMatchObject({ ok: false, code: '23514' })
    })

    it('a close friends story is seen, watched and stripped only by the author and the list', async () => {
      await runAs(suite.db, a, 'insert into close_friends (friend_id) values ($1)', [b.id])
      const [row] = await rows(a, INSERT_STORY, [a.id, storyUrl(a.id!), true])
      const story = String(row.id)
      const [everyone] = await rows(a, INSERT_STORY, [a.id, storyUrl(a.id!), false])

      expect(await ids(a, 'select id from stories where id = $1', [story])).toEqual([story])
      expect(await ids(b, 'select id from stories where id = $1', [story])).toEqual([story])
      expect(await ids(c, 'select id from stories where id = $1', [story])).toEqual([])
      expect(await ids(anon, 'select id from stories where id = $1', [story])).toEqual([])
      expect(await ids(c, 'select id from stories')).toEqual([String(everyone.id)])

      const [strip] = await rows(b, 'select close_friends, story_count from story_strip()')
      expect(strip).toEqual({ close_friends: true, story_count: 2 })
      const [strangerStrip] = await rows(c, 'select close_friends, story_count from story_strip()')
      expect(strangerStrip).toEqual({ close_friends: false, story_count: 1 })

      await runAs(suite.db, b, 'select mark_story_seen($1)', [story])
      const watched = await attemptAs(suite.db, c, 'select mark_story_seen($1)', [story])
      expect(watched).toMatchObject({ ok: false, code: 'PT404' })
      const forged = await attemptAs(
        suite.db,
        c,
        'insert into story_views (story_id, viewer_id) values ($1, $2)',
        [story, c.id]
      )
      expect(forged).toMatchObject({ ok: false, code: RLS_VIOLATION })

      // Taken off the list, B no longer sees it.
      await runAs(suite.db, a, 'delete from close_friends where friend_id = $1', [b.id])
      expect(await ids(b, 'select id from stories where id = $1', [story])).toEqual([])
    })
  })
})
