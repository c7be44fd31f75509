// One rule for every way into a direct-message thread (app_rules.direct_entry), on PGlite and
// PostgreSQL: starting a thread (which sharing a post and replying to a story go through),
// adding people to a group, and a new one-to-one message bringing back someone who had deleted
// the thread. Blocks, message requests and suspension apply the same on each path. O owns a
// group with M; S is a stranger to everyone (private); X is the person O blocked.

import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  attemptAs,
  inRolledBackTransaction,
  resetData,
  runAs,
  signUp,
  sqlStateOf,
  startAs,
  type Actor,
  type Outcome
} from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const DENIED = '42501'
const STORAGE = 'https://example.test/storage/v1/object/public/images'
const UNAVAILABLE = { ok: false, code: 'PT404', message: "This account isn't available" }

describeEachDatabase('one rule into a direct thread', (suite) => {
  let owner: Actor
  let member: Actor
  let stranger: Actor
  let blocked: Actor
  let group: string

  const start = (actor: Actor, recipients: (string | null)[], name: string | null = null) =>
    attemptAs(suite.db, actor, 'select start_direct_thread($1::uuid[], $2) as id', [
      recipients,
      name
    ])
  const add = (actor: Actor, people: (string | null)[], thread = group) =>
    attemptAs(suite.db, actor, 'select add_direct_participants($1, $2::uuid[])', [thread, people])
  const send = (actor: Actor, thread = group, body = 'hello') =>
    attemptAs(
      suite.db,
      actor,
      `insert into direct_messages (thread_id, sender_id, kind, body)
       values ($1, $2, 'text', $3) returning id`,
      [thread, actor.id, body]
    )
  const idOf = (outcome: Outcome): string => {
    if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`)
    return String(outcome.rows[0].id)
  }
  const stateOf = async (person: Actor, thread = group) => {
    const { rows } = await suite.db.query<{ state: string; left: boolean }>(
      `select state, left_at is not null as left from direct_participants
       where thread_id = $1 and user_id = $2`,
      [thread, person.id]
    )
    return rows[0] ? (rows[0].left ? 'left' : rows[0].state) : 'absent'
  }
  const follow = (follower: Actor, followed: Actor) =>
    suite.db.query('insert into follows (follower_id, following_id) values ($1, $2)', [
      follower.id,
      followed.id
    ])
  const block = (blocker: Actor, target: Actor) =>
    suite.db.query('insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
      blocker.id,
      target.id
    ])
  const inbox = async (actor: Actor, folder: 'inbox' | 'requests') =>
    (
      await runAs<{ id: string }>(suite.db, actor, 'select id from direct_inbox($1)', [folder])
    ).rows.map((row) => row.id)
  const suspend = (person: Actor) =>
    suite.db.query('update profiles set suspended_at = now() where id = $1', [person.id])

  beforeEach(async () => {
    await resetData(suite.db)
    owner = await signUp(suite.db, 'owner O', { username: 'owner_o' })
    member = await signUp(suite.db, 'member M', { username: 'member_m' })
    stranger = await signUp(suite.db, 'stranger S', { username: 'stranger_s' })
    blocked = await signUp(suite.db, 'blocked X', { username: 'blocked_x' })
    await suite.db.query('update profiles set is_private = true where id = $1', [stranger.id])
    await follow(member, owner)
    await follow(owner, member)
    await block(owner, blocked)
    group = idOf(await start(owner, [member.id], 'trip'))
    expect(await send(owner)).toMatchObject({ ok: true })
  })

  describe('adding people to a group', () => {
    it('a private stranger lands in Requests, not in the inbox', async () => {
      expect(await add(member, [stranger.id])).toMatchObject({ ok: true })
      expect(await stateOf(stranger)).toBe('request')
      expect(await inbox(stranger, 'inbox')).toEqual([])
      expect(await inbox(stranger, 'requests')).toEqual([group])
    })

    it('someone who follows the one adding them lands in the inbox', async () => {
      await follow(stranger, member)
      expect(await add(member, [stranger.id])).toMatchObject({ ok: true })
      expect(await inbox(stranger, 'inbox')).toEqual([group])
    })

    it('a member cannot add the person another member blocked, who reads nothing', async () => {
      const outcome = await add(member, [blocked.id])
      expect(outcome).toEqual({
        ok: false,
        code: DENIED,
        message: "You can't add @blocked_x to this conversation"
      })
      expect(await stateOf(blocked)).toBe('absent')
      const read = await runAs(suite.db, blocked, 'select body from direct_messages')
      expect(read.rows).toEqual([])
      // The owner still sends in their group.
      expect(await send(owner)).toMatchObject({ ok: true })
    })

    it('nor someone who blocked a member', async () => {
      await block(stranger, owner)
      expect(await add(member, [stranger.id])).toMatchObject({ ok: false, code: DENIED })
      expect(await stateOf(stranger)).toBe('absent')
    })

    it('nor two newcomers who block each other, and then nobody of the batch comes in', async () => {
      const other = await signUp(suite.db, 'other', { username: 'other_p' })
      await block(other, stranger)
      expect(await add(member, [stranger.id, other.id])).toMatchObject({ ok: false, code: DENIED })
      expect([await stateOf(stranger), await stateOf(other)]).toEqual(['absent', 'absent'])
    })

    it('someone who blocked the one adding answers exactly as an unknown id', async () => {
      await block(stranger, member)
      const hidden = await add(member, [stranger.id])
      expect(hidden).toEqual(UNAVAILABLE)
      expect(await add(member, [randomUUID()])).toEqual(hidden)
      // Among others, one such person fails the batch with the plural words.
      const plural = await add(member, [stranger.id, blocked.id])
      expect(plural).toEqual({ ...UNAVAILABLE, message: "One of these accounts isn't available" })
      expect(await add(member, [randomUUID(), blocked.id])).toEqual(plural)
    })

    it('a suspended person is never added, and answers as an unknown id', async () => {
      await suspend(stranger)
      expect(await add(member, [stranger.id])).toEqual(UNAVAILABLE)
      expect(await stateOf(stranger)).toBe('absent')
    })

    it('someone who left comes back by the rule; current members are left as they are', async () => {
      expect(await add(member, [stranger.id])).toMatchObject({ ok: true })
      await runAs(
        suite.db,
        stranger,
        'update direct_participants set left_at = now() where thread_id = $1',
        [group]
      )
      await follow(stranger, owner)
      expect(await add(owner, [stranger.id, member.id])).toMatchObject({ ok: true })
      expect([await stateOf(stranger), await stateOf(member)]).toEqual(['accepted', 'accepted'])
    })

    it('new members read the history from before they joined, as on Instagram', async () => {
      await add(member, [stranger.id])
      const read = await runAs<{ body: string }>(
        suite.db,
        stranger,
        'select body from direct_messages'
      )
      expect(read.rows.map((row) => row.body)).toEqual(['hello'])
    })
  })

  describe('starting a thread', () => {
    it('someone who blocked the caller, or a suspended person, answers as an unknown id', async () => {
      const unknown = await start(blocked, [randomUUID()])
      expect(unknown).toEqual(UNAVAILABLE)
      expect(await start(blocked, [owner.id])).toEqual(unknown)
      expect(await start(owner, [blocked.id])).toEqual(unknown)
      await suspend(stranger)
      expect(await start(member, [stranger.id])).toEqual(unknown)
    })

    it('a group of people who block each other is refused, naming one of them', async () => {
      const outcome = await start(member, [owner.id, blocked.id], 'all')
      expect(outcome).toMatchObject({ ok: false, code: DENIED })
      expect((outcome as { message: string }).message).toMatch(
        /^You can't add @(owner_o|blocked_x) to this conversation$/
      )
    })

    it('a stranger gets the thread as a request, a follower in the inbox', async () => {
      const withStranger = idOf(await start(member, [stranger.id]))
      expect(await stateOf(stranger, withStranger)).toBe('request')
      const withOwner = idOf(await start(member, [owner.id]))
      expect(await stateOf(owner, withOwner)).toBe('accepted')
    })
  })

  describe('a new message bringing back someone who deleted the thread', () => {
    let direct: string

    beforeEach(async () => {
      direct = idOf(await start(member, [stranger.id]))
      expect(await send(member, direct)).toMatchObject({ ok: true })
      await runAs(
        suite.db,
        stranger,
        'update direct_participants set left_at = now() where thread_id = $1',
        [direct]
      )
    })

    it('never crosses a block: the message is refused and they stay gone', async () => {
      await block(stranger, member)
      expect(await send(member, direct)).toMatchObject({ ok: false, code: DENIED })
      expect(await stateOf(stranger, direct)).toBe('left')
    })

    it('files a request for a stranger and the inbox for a follower', async () => {
      expect(await send(member, direct)).toMatchObject({ ok: true })
      expect(await stateOf(stranger, direct)).toBe('request')
      await runAs(
        suite.db,
        stranger,
        'update direct_participants set left_at = now() where thread_id = $1',
        [direct]
      )
      await follow(stranger, member)
      expect(await send(member, direct)).toMatchObject({ ok: true })
      expect(await stateOf(stranger, direct)).toBe('accepted')
    })
  })

  describe('a suspended person, with a token still valid', () => {
    let message: string

    beforeEach(async () => {
      const sent = await send(member)
      message = idOf(sent)
      await suspend(member)
    })

    it('cannot start a thread, add people, send, share or reply to a story', async () => {
      expect(await start(member, [owner.id])).toMatchObject({
        ok: false,
        code: DENIED,
        message: 'Your account is suspended'
      })
      expect(await add(member, [stranger.id])).toMatchObject({
        ok: false,
        code: DENIED,
        message: 'Your account is suspended'
      })
      expect(await send(member)).toMatchObject({ ok: false, code: DENIED })
      const { rows } = await suite.db.query<{ id: string }>(
        `insert into posts (user_id, image_url)
         values ($1, $2) returning id`,
        [owner.id, `${STORAGE}/posts/${owner.id}/a.png`]
      )
      const share = await attemptAs(
        suite.db,
        member,
        `insert into direct_messages (thread_id, sender_id, kind, post_id)
         values ($1, $2, 'post', $3)`,
        [group, member.id, rows[0].id]
      )
      expect(share).toMatchObject({ ok: false, code: DENIED })
      const story = await suite.db.query<{ id: string }>(
        `insert into stories (user_id, image_url, width, height)
         values ($1, $2, 1, 1)
         returning id`,
        [owner.id, `${STORAGE}/stories/${owner.id}/s.png`]
      )
      const reply = await attemptAs(
        suite.db,
        member,
        `insert into direct_messages (thread_id, sender_id, kind, body, story_id)
         values ($1, $2, 'story_reply', 'nice', $3)`,
        [group, member.id, story.rows[0].id]
      )
      expect(reply).toMatchObject({ ok: false, code: DENIED })
    })

    it('cannot heart, unsend, rename, change their reading state or type', async () => {
      expect(
        await attemptAs(
          suite.db,
          member,
          'insert into direct_reactions (message_id, user_id) values ($1, $2)',
          [message, member.id]
        )
      ).toMatchObject({ ok: false, code: DENIED })
      const writes = [
        ['delete from direct_messages where id = $1 returning id', [message]],
        ['update direct_threads set name = $2 where id = $1 returning id', [group, 'renamed']],
        [
          `update direct_participants set last_read_at = now()
           where thread_id = $1 returning user_id`,
          [group]
        ]
      ] as const
      // Refused with the suspension's message, not answered with an empty result.
      for (const [sql, params] of writes) {
        expect(await attemptAs(suite.db, member, sql, [...params]), sql).toMatchObject({
          ok: false,
          code: DENIED,
          message: "Your account is suspended, so you can't make changes"
        })
      }
      const typing = await inRolledBackTransaction(suite.db, async (tx) => {
        await startAs(suite.db, tx, member)
        await tx.query(`select set_config('realtime.topic', $1, true)`, [`direct:${group}`])
        return sqlStateOf(
          tx,
          `insert into realtime.messages (topic, extension, event, payload, private)
           values ($1, 'broadcast', 'typing', '{}', true)`,
          [`direct:${group}`]
        )
      })
      expect(typing).toBe(DENIED)
    })

    it('still reads the thread', async () => {
      const read = await runAs(suite.db, member, 'select body from direct_messages')
      expect(read.rows).toHaveLength(2)
    })
  })
})
