// The safety rules as flows (issue #25): what a block ends and silences, follow requests to a
// private account, going public, mutes in the feeds and the strip, and a moderator resolving
// reports (removal through the photo removal queue, suspension). Who may read what is the
// matrix in safety-matrix.test.ts; here each step's effect on the data.

import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  attemptAs,
  grantModerator,
  resetData,
  runAs,
  signUp,
  type Actor
} from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const STORAGE = 'http://127.0.0.1:5400/storage/v1/object/public/images'

describeEachDatabase('safety flows', (suite) => {
  let ana: Actor
  let bo: Actor
  let cy: Actor

  const photo = (actor: Actor): string =>
    JSON.stringify([{ image_url: `${STORAGE}/posts/${actor.id}/${randomUUID()}.webp` }])

  async function post(actor: Actor, caption = 'hello'): Promise<string> {
    const { rows } = await runAs<{ id: string }>(
      suite.db,
      actor,
      'select id from create_post($1, $2::jsonb)',
      [caption, photo(actor)]
    )
    return rows[0].id
  }

  async function count(sql: string, params: unknown[]): Promise<number> {
    const { rows } = await suite.db.query<{ n: number }>(`select count(*)::int as n ${sql}`, params)
    return rows[0].n
  }

  const follows = (a: Actor, b: Actor): Promise<number> =>
    count('from follows where follower_id = $1 and following_id = $2', [a.id, b.id])

  beforeEach(async () => {
    await resetData(suite.db)
    ana = await signUp(suite.db, 'ana', { username: 'ana' })
    bo = await signUp(suite.db, 'bo', { username: 'bob' })
    cy = await signUp(suite.db, 'cy', { username: 'cyd' })
  })

  describe('blocking', () => {
    it('ends the follows both ways and refuses following again, with a readable message', async () => {
      await runAs(suite.db, ana, 'select follow_profile($1)', [bo.id])
      await runAs(suite.db, bo, 'select follow_profile($1)', [ana.id])
      await runAs(suite.db, ana, 'insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
        ana.id,
        bo.id
      ])
      expect([await follows(ana, bo), await follows(bo, ana)]).toEqual([0, 0])
      const again = await attemptAs(suite.db, bo, 'select follow_profile($1)', [ana.id])
      expect(again).toMatchObject({ ok: false, code: 'PT404' })
      const direct = await attemptAs(
        suite.db,
        bo,
        'insert into follows (follower_id, following_id) values ($1, $2)',
        [bo.id, ana.id]
      )
      expect(direct).toMatchObject({
        ok: false,
        code: 'PT404',
        message: "This account isn't available"
      })
    })

    it('tells the blocker nothing the blocked person does, mentions included', async () => {
      const anasPost = await post(ana)
      const bosPost = await post(bo)
      await runAs(suite.db, ana, 'insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
        ana.id,
        bo.id
      ])
      // bo cannot reach ana's post; a mention of @ana on bo's own post notifies nobody.
      const like = await attemptAs(
        suite.db,
        bo,
        'insert into likes (user_id, post_id) values ($1, $2)',
        [bo.id, anasPost]
      )
      expect(like).toMatchObject({ ok: false, code: 'PT404' })
      await runAs(
        suite.db,
        bo,
        'insert into comments (user_id, post_id, body) values ($1, $2, $3)',
        [bo.id, bosPost, 'hey @ana']
      )
      expect(await count('from notifications where recipient_id = $1', [ana.id])).toBe(0)
      expect(await runAs(suite.db, ana, 'select * from activity_page()')).toMatchObject({
        rowCount: 0
      })
    })

    it('hides activity from before the block, and shows it again after unblocking', async () => {
      const anasPost = await post(ana)
      await runAs(suite.db, bo, 'insert into likes (user_id, post_id) values ($1, $2)', [
        bo.id,
        anasPost
      ])
      await runAs(suite.db, ana, 'insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
        ana.id,
        bo.id
      ])
      expect((await runAs(suite.db, ana, 'select * from activity_page()')).rowCount).toBe(0)
      const listed = await runAs<{ username: string }>(
        suite.db,
        ana,
        'select username from blocked_accounts()'
      )
      expect(listed.rows.map((r) => r.username)).toEqual(['bob'])
      await runAs(suite.db, ana, 'delete from blocks where blocked_id = $1', [bo.id])
      expect((await runAs(suite.db, ana, 'select * from activity_page()')).rowCount).toBe(1)
    })
  })

  describe('private accounts', () => {
    beforeEach(async () => {
      await runAs(suite.db, ana, 'update profiles set is_private = true where id = $1', [ana.id])
    })

    it('turns a follow into a request the owner sees, is told of, and approves', async () => {
      const answer = await runAs<{ follow_profile: string }>(
        suite.db,
        bo,
        'select follow_profile($1)',
        [ana.id]
      )
      expect(answer.rows[0].follow_profile).toBe('requested')
      expect(await follows(bo, ana)).toBe(0)
      const pending = await runAs<{ username: string }>(
        suite.db,
        ana,
        'select username from follow_requests_page()'
      )
      expect(pending.rows.map((r) => r.username)).toEqual(['bob'])
      expect(
        await count(`from notifications where recipient_id = $1 and type = 'follow_request'`, [
          ana.id
        ])
      ).toBe(1)
      // Nobody else can approve it, and bo cannot approve his own request.
      for (const actor of [bo, cy]) {
        const refused = await attemptAs(suite.db, actor, 'select approve_follow_request($1)', [
          bo.id
        ])
        expect(refused).toMatchObject({ ok: false, code: 'PT404' })
      }
      await runAs(suite.db, ana, 'select approve_follow_request($1)', [bo.id])
      expect(await follows(bo, ana)).toBe(1)
      expect(await count('from follow_requests', [])).toBe(0)
    })

    it('refuses a plain insert into follows, and a request to a public account', async () => {
      const direct = await attemptAs(
        suite.db,
        bo,
        'insert into follows (follower_id, following_id) values ($1, $2)',
        [bo.id, ana.id]
      )
      expect(direct).toMatchObject({
        ok: false,
        code: '42501',
        message: 'This account is private: ask to follow it'
      })
      const toPublic = await attemptAs(
        suite.db,
        bo,
        'insert into follow_requests (requester_id, target_id) values ($1, $2)',
        [bo.id, cy.id]
      )
      expect(toPublic).toMatchObject({ ok: false, code: '22023' })
    })

    it('keeps followers when going private and approves pending requests when going public', async () => {
      await runAs(suite.db, ana, 'update profiles set is_private = false where id = $1', [ana.id])
      await runAs(suite.db, cy, 'select follow_profile($1)', [ana.id])
      await runAs(suite.db, ana, 'update profiles set is_private = true where id = $1', [ana.id])
      expect(await follows(cy, ana)).toBe(1)
      await runAs(suite.db, bo, 'select follow_profile($1)', [ana.id])
      expect(await follows(bo, ana)).toBe(0)
      await runAs(suite.db, ana, 'update profiles set is_private = false where id = $1', [ana.id])
      expect(await follows(bo, ana)).toBe(1)
      expect(await count('from follow_requests', [])).toBe(0)
    })
  })

  describe('mutes', () => {
    it("drop a person's posts from the muter's feeds and stories from the strip, nothing else", async () => {
      const bosPost = await post(bo)
      await runAs(suite.db, ana, 'select follow_profile($1)', [bo.id])
      await runAs(
        suite.db,
        bo,
        'insert into stories (user_id, image_url, width, height) values ($1, $2, 10, 10)',
        [bo.id, `${STORAGE}/stories/${bo.id}/${randomUUID()}.webp`]
      )
      await runAs(
        suite.db,
        ana,
        'insert into mutes (muter_id, muted_id, posts, stories) values ($1, $2, true, false)',
        [ana.id, bo.id]
      )
      const feed = (actor: Actor, fn: string) =>
        runAs(suite.db, actor, `select 1 from ${fn}() where id = $1`, [bosPost]).then(
          (r) => r.rowCount
        )
      expect([await feed(ana, 'feed_page'), await feed(ana, 'following_feed_page')]).toEqual([0, 0])
      expect(await feed(cy, 'feed_page')).toBe(1)
      expect(
        (await runAs(suite.db, ana, 'select 1 from posts where id = $1', [bosPost])).rowCount
      ).toBe(1)
      const strip = () =>
        runAs(suite.db, ana, 'select 1 from story_strip() where user_id = $1', [bo.id]).then(
          (r) => r.rowCount
        )
      expect(await strip()).toBe(1)
      await runAs(suite.db, ana, 'update mutes set stories = true where muted_id = $1', [bo.id])
      expect(await strip()).toBe(0)
      // The muted person cannot read the mute.
      expect((await runAs(suite.db, bo, 'select 1 from mutes')).rowCount).toBe(0)
    })
  })

  describe('moderation', () => {
    beforeEach(async () => {
      expect(await grantModerator(suite.db, 'nobody@example.test')).toBe(false)
      const { rows } = await suite.db.query<{ email: string }>(
        'select email from auth.users where id = $1',
        [cy.id]
      )
      expect(await grantModerator(suite.db, rows[0].email.toUpperCase())).toBe(true)
    })

    it('lets nobody but the service role name moderators', async () => {
      const self = await attemptAs(suite.db, bo, 'insert into moderators (user_id) values ($1)', [
        bo.id
      ])
      expect(self).toMatchObject({ ok: false, code: '42501' })
      const notModerator = await attemptAs(suite.db, bo, 'select moderation_reports()')
      expect(notModerator).toMatchObject({
        ok: false,
        code: '42501',
        message: 'Only moderators can do this'
      })
    })

    it('removes a reported post with its photo, through the removal queue', async () => {
      const bosPost = await post(bo, 'bad')
      await runAs(suite.db, ana, `select report_content('post', $1, 'spam', 'ads')`, [bosPost])
      await runAs(suite.db, ana, `select report_content('post', $1, 'spam')`, [bosPost])
      const queue = await runAs<{ report_id: string; content_text: string; report_count: number }>(
        suite.db,
        cy,
        'select report_id, content_text, report_count from moderation_reports()'
      )
      expect(queue.rows).toMatchObject([{ content_text: 'bad', report_count: 1 }])
      const closed = await runAs(suite.db, cy, `select moderation_resolve($1, 'remove')`, [
        queue.rows[0].report_id
      ])
      expect(closed.rows[0]).toEqual({ moderation_resolve: 1 })
      expect(await count('from posts where id = $1', [bosPost])).toBe(0)
      expect(
        await count(`from app_private.storage_removals where name like $1`, [`posts/${bo.id}/%`])
      ).toBeGreaterThan(0)
    })

    it('suspends an account: hidden from everyone, cannot write, cannot sign in', async () => {
      await runAs(suite.db, ana, `select report_content('profile', $1, 'harassment')`, [bo.id])
      const { rows } = await runAs<{ report_id: string }>(
        suite.db,
        cy,
        'select report_id from moderation_reports()'
      )
      await runAs(suite.db, cy, `select moderation_resolve($1, 'suspend')`, [rows[0].report_id])
      expect(
        (await runAs(suite.db, ana, 'select 1 from profiles where id = $1', [bo.id])).rowCount
      ).toBe(0)
      expect(
        (await runAs(suite.db, cy, 'select 1 from profiles where id = $1', [bo.id])).rowCount
      ).toBe(1)
      const write = await attemptAs(suite.db, bo, 'select create_post($1, $2::jsonb)', [
        'x',
        photo(bo)
      ])
      expect(write).toMatchObject({ ok: false, code: '42501' })
      expect(await count('from auth.users where id = $1 and banned_until > now()', [bo.id])).toBe(1)
    })
  })
})
