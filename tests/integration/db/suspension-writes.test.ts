// A suspended account writes nothing (migration 20261129110000), on PGlite and PostgreSQL: every
// table and command the API roles write, storage and realtime rows, and the SECURITY DEFINER
// rpcs that write for their caller. Each write is tried while suspended (refused with the same
// readable message, nothing changes), then again once a moderator lifts the suspension (it goes
// through), so no case is refused for some other reason. Every guarded table and command of the
// database lint has a case here.

import { beforeEach, expect, it } from 'vitest'
import { lintByName } from '../../support/db-lints'
import {
  attemptAs,
  grantModerator,
  resetData,
  runAs,
  signUp,
  type Actor
} from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'
import { attempt, CASES, GUARDED_WRITES, photo, STORAGE, type Fixture } from './suspension-cases'

const SUSPENDED = "Your account is suspended, so you can't make changes"

describeEachDatabase('suspended accounts write nothing', (suite) => {
  let f: Fixture

  beforeEach(async () => {
    await resetData(suite.db)
    const db = suite.db
    const sus = await signUp(db, 'suspended', { username: 'sus' })
    const other = await signUp(db, 'other', { username: 'other' })
    const mod = await signUp(db, 'moderator', { username: 'mod', email: 'mod@example.test' })
    const stranger = await signUp(db, 'stranger', { username: 'stranger' })
    const privateOne = await signUp(db, 'private', { username: 'private_one' })
    await grantModerator(db, 'mod@example.test')
    await db.query('update profiles set is_private = true where id = $1', [privateOne.id])
    const postOf = async (actor: Actor): Promise<string> =>
      (
        await runAs<{ id: string }>(db, actor, `select id from create_post('hello', $1::jsonb)`, [
          photo('posts', actor.id)
        ])
      ).rows[0].id
    const ids: Record<string, string> = {
      susPost: await postOf(sus),
      otherPost: await postOf(other)
    }
    const one = async (sql: string, params: unknown[]): Promise<string> =>
      (await db.query<{ id: string }>(sql, params)).rows[0].id
    ids.otherComment = await one(
      `insert into comments (post_id, user_id, body) values ($1, $2, 'mine') returning id`,
      [ids.otherPost, other.id]
    )
    ids.otherStory = await one(
      `insert into stories (user_id, image_url, width, height) values ($1, $2, 1080, 1920) returning id`,
      [other.id, `${STORAGE}/stories/${other.id}/1.webp`]
    )
    await db.query('insert into follows (follower_id, following_id) values ($1, $2)', [
      sus.id,
      other.id
    ])
    ids.thread = await one(
      `insert into direct_threads (created_by, is_group, name) values ($1, true, 'group') returning id`,
      [other.id]
    )
    await db.query(
      `insert into direct_participants (thread_id, user_id) select $1, unnest($2::uuid[])`,
      [ids.thread, [sus.id, other.id, stranger.id]]
    )
    ids.message = await one(
      `insert into direct_messages (thread_id, sender_id, kind, body) values ($1, $2, 'text', 'hello') returning id`,
      [ids.thread, other.id]
    )
    f = { sus, other, mod, stranger, privateOne, ids }
  })

  const suspend = (): Promise<unknown> =>
    suite.db.query('update profiles set suspended_at = now() where id = $1', [f.sus.id])

  it('has a case for every table and command the API roles write', async () => {
    const { rows } = await suite.db.query<{ covers: string }>(GUARDED_WRITES)
    const covered = new Set(CASES.map((c) => c.covers))
    expect(rows.map((row) => row.covers).filter((name) => !covered.has(name))).toEqual([])
    // And the lint finds every one of them guarded.
    expect((await suite.db.query(lintByName('suspended_writer_unrestricted').sql)).rows).toEqual([])
  })

  it('refuses every write of a suspended account with one readable message', async () => {
    for (const c of CASES) {
      expect(await attempt(suite.db, f.sus, f, c, true), c.covers).toEqual({
        ok: false,
        code: '42501',
        message: SUSPENDED
      })
    }
  })

  it('lets every write through again once a moderator lifts the suspension', async () => {
    await suspend()
    await runAs(suite.db, f.mod, 'select moderation_lift_suspension($1)', [f.sus.id])
    for (const c of CASES) {
      const outcome = await attempt(suite.db, f.sus, f, c, false)
      expect(outcome, c.covers).toMatchObject({ ok: true })
      if (c.touches && outcome.ok) expect(outcome.rowCount, c.covers).toBeGreaterThan(0)
    }
  })

  it('lets nobody but a moderator lift a suspension, and no suspended moderator moderate', async () => {
    await suspend()
    for (const actor of [f.sus, f.other]) {
      const lift = await attemptAs(suite.db, actor, 'select moderation_lift_suspension($1)', [
        f.sus.id
      ])
      expect(lift, actor.name).toMatchObject({ ok: false, code: '42501' })
    }
    await suite.db.query('update profiles set suspended_at = now() where id = $1', [f.mod.id])
    for (const person of [f.mod, f.sus]) {
      const lift = await attemptAs(suite.db, f.mod, 'select moderation_lift_suspension($1)', [
        person.id
      ])
      expect(lift, person.name).toEqual({ ok: false, code: '42501', message: SUSPENDED })
    }
    const reports = await attemptAs(suite.db, f.mod, 'select * from moderation_reports()')
    expect(reports).toEqual({ ok: false, code: '42501', message: SUSPENDED })
    await suite.db.query('update profiles set suspended_at = null where id = $1', [f.mod.id])
    const again = await attemptAs(suite.db, f.mod, 'select moderation_lift_suspension($1)', [
      f.other.id
    ])
    expect(again).toMatchObject({
      ok: false,
      code: 'PT404',
      message: "This account isn't suspended"
    })
  })

  it('lifting clears the sign-in ban with the suspension', async () => {
    await runAs(suite.db, f.other, `select report_content('profile', $1, 'spam')`, [f.sus.id])
    const [report] = (
      await runAs<{ report_id: string }>(
        suite.db,
        f.mod,
        'select report_id from moderation_reports()'
      )
    ).rows
    await runAs(suite.db, f.mod, `select moderation_resolve($1, 'suspend')`, [report.report_id])
    const state = async (): Promise<unknown> =>
      (
        await suite.db.query(
          `select p.suspended_at is not null as suspended, u.banned_until is not null as banned
           from profiles p join auth.users u on u.id = p.id where p.id = $1`,
          [f.sus.id]
        )
      ).rows[0]
    expect(await state()).toEqual({ suspended: true, banned: true })
    await runAs(suite.db, f.mod, 'select moderation_lift_suspension($1)', [f.sus.id])
    expect(await state()).toEqual({ suspended: false, banned: false })
  })
})
