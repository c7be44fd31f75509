// Direct messages under row-level security: A starts a thread with B (who does not follow A, so
// it is B's request), C is another signed-in user, and anon is signed out. Every table
// (threads, participants, messages, hearts) and every write (send, read mark, heart, unsend,
// accept, leave) is tried by each of them.

import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  anon,
  attemptAs,
  inRolledBackTransaction,
  resetData,
  runAs,
  signUp,
  type Actor
} from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const DENIED = '42501'
const CHECK = '23514'
const STORAGE = 'http://127.0.0.1:54321/storage/v1/object/public/images'

const SEND = `insert into direct_messages (id, thread_id, sender_id, kind, body)
              values (coalesce($3::uuid, gen_random_uuid()), $1, $2, 'text', $4) returning id`

describeEachDatabase('direct messages under row-level security', (suite) => {
  let a: Actor
  let b: Actor
  let c: Actor
  let thread: string

  const start = async (actor: Actor, recipients: Actor[], name: string | null = null) => {
    const { rows } = await runAs<{ id: string }>(
      suite.db,
      actor,
      'select start_direct_thread($1::uuid[], $2) as id',
      [recipients.map((r) => r.id), name]
    )
    return rows[0].id
  }
  const send = (actor: Actor, body = 'hello', id: string | null = null, to = thread) =>
    attemptAs(suite.db, actor, SEND, [to, actor.id, id, body])
  const ids = async (actor: Actor, sql: string, params: unknown[] = []) => {
    const outcome = await attemptAs(suite.db, actor, sql, params)
    if (!outcome.ok) return outcome.code
    return outcome.rows.map((row) => Object.values(row)[0])
  }
  const accept = (actor: Actor) =>
    runAs(
      suite.db,
      actor,
      `update direct_participants set state = 'accepted' where thread_id = $1 and user_id = $2`,
      [thread, actor.id]
    )

  beforeEach(async () => {
    await resetData(suite.db)
    a = await signUp(suite.db, 'sender A', { username: 'alice' })
    b = await signUp(suite.db, 'recipient B', { username: 'bob' })
    c = await signUp(suite.db, 'other C', { username: 'carol' })
    thread = await start(a, [b])
  })

  describe('threads and requests', () => {
    it('a stranger’s first message is a request; a follower’s is not', async () => {
      const states = await suite.db.query<{ user_id: string; state: string }>(
        'select user_id, state from direct_participants where thread_id = $1',
        [thread]
      )
      expect(Object.fromEntries(states.rows.map((r) => [r.user_id, r.state]))).toEqual({
        [a.id!]: 'accepted',
        [b.id!]: 'request'
      })
      await suite.db.query('insert into follows (follower_id, following_id) values ($1, $2)', [
        c.id,
        a.id
      ])
      const withFollower = await start(a, [c])
      const { rows } = await suite.db.query<{ state: string }>(
        'select state from direct_participants where thread_id = $1 and user_id = $2',
        [withFollower, c.id]
      )
      expect(rows[0].state).toBe('accepted')
    })

    it('finds the one-to-one thread again from either side; a group is new each time', async () => {
      expect(await start(a, [b])).toBe(thread)
      expect(await start(b, [a])).toBe(thread)
      const group = await start(a, [b, c], 'trip')
      expect(group).not.toBe(thread)
      expect(await start(a, [b, c], 'trip')).not.toBe(group)
    })

    it('refuses anon, an empty list and more than 32 people', async () => {
      const asAnon = await attemptAs(suite.db, anon, 'select start_direct_thread($1::uuid[])', [
        [b.id]
      ])
      expect(asAnon).toMatchObject({ ok: false, code: DENIED })
      const alone = await attemptAs(suite.db, a, 'select start_direct_thread($1::uuid[])', [[a.id]])
      expect(alone).toMatchObject({ ok: false, code: '22023' })
      const many = Array.from({ length: 32 }, () => randomUUID())
      const tooMany = await attemptAs(suite.db, a, 'select start_direct_thread($1::uuid[])', [many])
      expect(tooMany).toMatchObject({ ok: false, code: '22023' })
    })
  })

  describe('who reads what', () => {
    beforeEach(async () => {
      const sent = await send(a, 'first')
      expect(sent.ok).toBe(true)
      const message = (sent as unknown as { rows: { id: string }[] }).rows[0].id
      await accept(b)
      await runAs(
        suite.db,
        b,
        'insert into direct_reactions (message_id, user_id) values ($1, $2)',
        [message, b.id]
      )
    })

    it.each([
      ['threads', 'select id from direct_threads'],
      ['participants', 'select user_id from direct_participants'],
      ['messages', 'select body from direct_messages'],
      ['hearts', 'select user_id from direct_reactions']
    ])('%s: participants see them, another user and anon see nothing', async (_, sql) => {
      expect((await ids(a, sql)) as unknown[]).not.toHaveLength(0)
      expect(await ids(b, sql)).toEqual(await ids(a, sql))
      expect(await ids(c, sql)).toEqual([])
      expect(await ids(anon, sql)).toEqual([])
    })

    it('the inbox and the unread count follow the read mark', async () => {
      const inbox = (actor: Actor) =>
        ids(actor, `select unread from direct_inbox('inbox')`) as Promise<unknown[]>
      expect(await inbox(b)).toEqual([true])
      expect(await inbox(a)).toEqual([false])
      expect(await inbox(c)).toEqual([])
      expect(await ids(b, 'select direct_unread_count()')).toEqual([1])
      await runAs(
        suite.db,
        b,
        `update direct_participants set last_read_at = now() where thread_id = $1`,
        [thread]
      )
      expect(await inbox(b)).toEqual([false])
      expect(await ids(b, 'select direct_unread_count()')).toEqual([0])
      expect(await ids(anon, 'select direct_unread_count()')).toBe(DENIED)
    })

    it('a read mark is one’s own, moves forward only and never past now', async () => {
      const update = `update direct_participants set last_read_at = $2
                      where thread_id = $1 returning user_id`
      expect(await ids(c, update, [thread, new Date().toISOString()])).toEqual([])
      expect(await ids(b, update, [thread, '2999-01-01'])).toEqual([b.id])
      const { rows } = await suite.db.query<{ ok: boolean }>(
        'select last_read_at <= now() as ok from direct_participants where user_id = $1',
        [b.id]
      )
      expect(rows[0].ok).toBe(true)
      expect(await ids(b, update, [thread, '2000-01-01'])).toEqual([b.id])
      const after = await suite.db.query<{ year: number }>(
        'select extract(year from last_read_at)::int as year from direct_participants where user_id = $1',
        [b.id]
      )
      expect(after.rows[0].year).toBeGreaterThan(2000)
    })
  })

  describe('who writes what', () => {
    it('only accepted participants send, as themselves', async () => {
      expect(await send(a)).toMatchObject({ ok: true })
      expect(await send(b)).toMatchObject({ ok: false, code: DENIED })
      await accept(b)
      expect(await send(b)).toMatchObject({ ok: true })
      expect(await send(c)).toMatchObject({ ok: false, code: DENIED })
      expect(await send(anon)).toMatchObject({ ok: false, code: DENIED })
      const asSomeoneElse = await attemptAs(suite.db, c, SEND, [thread, a.id, null, 'spoof'])
      expect(asSomeoneElse).toMatchObject({ ok: false, code: DENIED })
    })

    it('text is 1 to 1,000 characters', async () => {
      expect(await send(a, 'x'.repeat(1000))).toMatchObject({ ok: true })
      expect(await send(a, 'x'.repeat(1001))).toMatchObject({ ok: false, code: CHECK })
      expect(await send(a, '   ')).toMatchObject({ ok: false, code: CHECK })
    })

    it('a photo must be the sender’s own upload in their direct folder', async () => {
      const photo = (owner: string) =>
        attemptAs(
          suite.db,
          a,
          `insert into direct_messages (thread_id, sender_id, kind, image_url, width, height)
           values ($1, $2, 'photo', $3, 10, 10)`,
          [thread, a.id, `${STORAGE}/direct/${owner}/${randomUUID()}.webp`]
        )
      expect(await photo(a.id!)).toMatchObject({ ok: true })
      expect(await photo(b.id!)).toMatchObject({ ok: false, code: DENIED })
    })

    it('a client id makes a retried send find its first message, not a second one', async () => {
      const id = randomUUID()
      expect(await send(a, 'once', id)).toMatchObject({ ok: true })
      expect(await send(a, 'once', id)).toMatchObject({ ok: false, code: '23505' })
      const { rows } = await suite.db.query('select 1 from direct_messages where id = $1', [id])
      expect(rows).toHaveLength(1)
    })

    it('unsend: only the sender deletes a message, and its hearts go with it', async () => {
      await accept(b)
      const id = randomUUID()
      await send(a, 'oops', id)
      await runAs(
        suite.db,
        b,
        'insert into direct_reactions (message_id, user_id) values ($1, $2)',
        [id, b.id]
      )
      const remove = 'delete from direct_messages where id = $1 returning id'
      expect(await ids(b, remove, [id])).toEqual([])
      expect(await ids(c, remove, [id])).toEqual([])
      expect(await ids(a, remove, [id])).toEqual([id])
      const left = await suite.db.query('select 1 from direct_reactions where message_id = $1', [
        id
      ])
      expect(left.rows).toHaveLength(0)
    })

    it('hearts: participants only, as themselves; each takes back only their own', async () => {
      const id = randomUUID()
      await send(a, 'love it', id)
      const heart = (actor: Actor, as: Actor = actor) =>
        attemptAs(
          suite.db,
          actor,
          'insert into direct_reactions (message_id, user_id) values ($1, $2)',
          [id, as.id]
        )
      // Someone outside the thread is answered as for a message that does not exist.
      expect(await heart(c)).toMatchObject({ ok: false, code: 'PT404' })
      expect(await heart(a, b)).toMatchObject({ ok: false, code: DENIED })
      expect(await heart(b)).toMatchObject({ ok: true })
      const takeBack = 'delete from direct_reactions where message_id = $1 returning user_id'
      expect(await ids(a, takeBack, [id])).toEqual([])
      expect(await ids(b, takeBack, [id])).toEqual([b.id])
    })

    it('a left thread is gone for the one who left, and they cannot write in it', async () => {
      await send(a)
      await runAs(
        suite.db,
        b,
        'update direct_participants set left_at = now() where thread_id = $1',
        [thread]
      )
      expect(await ids(b, 'select id from direct_threads')).toEqual([])
      expect(await ids(b, 'select id from direct_messages')).toEqual([])
      expect(await ids(b, `select id from direct_inbox('requests')`)).toEqual([])
      // A new message from A is a new request, as on the network.
      await send(a, 'again?')
      expect(await ids(b, `select id from direct_inbox('requests')`)).toEqual([thread])
    })

    it('a story reply needs a story the sender can see, by someone in the thread', async () => {
      await suite.db.query('insert into follows (follower_id, following_id) values ($1, $2)', [
        a.id,
        b.id
      ])
      const story = async (author: Actor) => {
        const { rows } = await runAs<{ id: string }>(
          suite.db,
          author,
          `insert into stories (user_id, image_url, width, height)
           values ($1, $2, 1080, 1920) returning id`,
          [author.id, `${STORAGE}/stories/${author.id}/${randomUUID()}.webp`]
        )
        return rows[0].id
      }
      const reply = (storyId: string) =>
        attemptAs(
          suite.db,
          a,
          `insert into direct_messages (thread_id, sender_id, kind, body, story_id)
           values ($1, $2, 'story_reply', 'nice', $3)`,
          [thread, a.id, storyId]
        )
      expect(await reply(await story(b))).toMatchObject({ ok: true })
      // C's story: A does not follow C, and C is not in the thread.
      expect(await reply(await story(c))).toMatchObject({ ok: false, code: DENIED })
    })

    it('nobody sends across a block once public.blocks exists, and the thread is hidden', async () => {
      const outcome = await inRolledBackTransaction(suite.db, async (tx) => {
        // The safety feature's table when it is there; a stand-in of the same shape when not.
        await tx.exec(`create table if not exists public.blocks (blocker_id uuid, blocked_id uuid)`)
        await tx.query('insert into public.blocks (blocker_id, blocked_id) values ($1, $2)', [
          b.id,
          a.id
        ])
        await tx.query(
          `select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`,
          [JSON.stringify({ sub: a.id, role: 'authenticated' })]
        )
        const { rows } = await tx.query<{ ok: boolean; listed: number }>(
          `select app_rules.can_send_direct($1) as ok,
                  (select count(*)::int from public.direct_inbox('inbox')) as listed`,
          [thread]
        )
        return rows[0]
      })
      // A cannot send, and the thread is gone from A's inbox.
      expect(outcome).toEqual({ ok: false, listed: 0 })
      expect(await send(a)).toMatchObject({ ok: true })
    })
  })
})
