// Presence between supabase-js clients on the local backend, on PGlite and on PostgreSQL:
// `track()` shows up in everyone's `presenceState()` with `sync` and `join` events, `untrack()`
// and a socket that drops without a word both deliver `leave`, and tracking again replaces the
// presence rather than adding one.

import { afterEach, beforeAll, expect, it } from 'vitest'
import type { WebSocket } from 'ws'
import { describeEachBackend } from '../../support/database-suite'
import { eventually, room, roomName, type Room } from './rooms'
import { realtimeClient, signUpUser, type User } from './support'

const keysOf = (r: Room): string[] => Object.keys(r.channel.presenceState()).sort()
const eventsOf = (r: Room, event: string): Record<string, unknown>[] =>
  r.presence.filter((p) => p.event === event)

describeEachBackend('realtime presence', (suite) => {
  let alice: User
  let bob: User

  beforeAll(async () => {
    const { url, anonKey } = suite.harness.backend
    ;[alice, bob] = await Promise.all([
      signUpUser(url, anonKey, 'alice'),
      signUpUser(url, anonKey, 'bob')
    ])
  })
  afterEach(async () => {
    await Promise.all([alice.client.removeAllChannels(), bob.client.removeAllChannels()])
  })

  it('syncs tracked presences to every member, with join and leave events', async () => {
    const name = roomName('online')
    const a = room(alice.client, name, { presence: { key: alice.id } }).watchPresence()
    const b = room(bob.client, name, { presence: { key: bob.id } }).watchPresence()
    expect(await a.subscribe()).toBe('SUBSCRIBED')
    expect(await b.subscribe()).toBe('SUBSCRIBED')
    // The state at join (empty) is a sync of its own.
    await eventually(() => expect(eventsOf(b, 'sync').length).toBeGreaterThan(0))

    expect(await a.channel.track({ online_at: 'now', name: 'alice' })).toBe('ok')
    await eventually(() => expect(keysOf(b)).toEqual([alice.id]))
    expect(b.channel.presenceState()[alice.id]).toEqual([
      expect.objectContaining({ online_at: 'now', name: 'alice', presence_ref: expect.any(String) })
    ])
    expect(eventsOf(b, 'join')).toContainEqual(
      expect.objectContaining({
        key: alice.id,
        newPresences: [expect.objectContaining({ name: 'alice' })]
      })
    )
    // The tracker sees itself too, and a later joiner gets the whole state at join.
    await eventually(() => expect(keysOf(a)).toEqual([alice.id]))
    expect(await b.channel.track({ name: 'bob' })).toBe('ok')
    const lateClient = realtimeClient(suite.harness.backend.url, suite.harness.backend.anonKey)
    const late = room(lateClient, name).watchPresence()
    expect(await late.subscribe()).toBe('SUBSCRIBED')
    await eventually(() => expect(keysOf(late)).toEqual([alice.id, bob.id].sort()))

    expect(await a.channel.untrack()).toBe('ok')
    await eventually(() => expect(keysOf(b)).toEqual([bob.id]))
    expect(eventsOf(b, 'leave')).toContainEqual(
      expect.objectContaining({
        key: alice.id,
        leftPresences: [expect.objectContaining({ name: 'alice' })]
      })
    )
    await lateClient.removeAllChannels()
  })

  it('replaces a presence tracked again instead of adding one', async () => {
    const name = roomName('status')
    const a = room(alice.client, name, { presence: { key: alice.id } }).watchPresence()
    const b = room(bob.client, name).watchPresence()
    expect(await a.subscribe()).toBe('SUBSCRIBED')
    expect(await b.subscribe()).toBe('SUBSCRIBED')
    await a.channel.track({ status: 'typing' })
    await eventually(() =>
      expect(b.channel.presenceState()[alice.id]).toEqual([
        expect.objectContaining({ status: 'typing' })
      ])
    )
    await a.channel.track({ status: 'idle' })
    await eventually(() =>
      expect(b.channel.presenceState()[alice.id]).toEqual([
        expect.objectContaining({ status: 'idle' })
      ])
    )
    // Still one presence, so leaving once leaves entirely.
    await a.channel.untrack()
    await eventually(() => expect(keysOf(b)).toEqual([]))
  })

  it('delivers leave when a socket drops without leaving', async () => {
    const name = roomName('drop')
    const { url, anonKey } = suite.harness.backend
    const dropper = await signUpUser(url, anonKey, 'dropper')
    const d = room(dropper.client, name, { presence: { key: dropper.id } }).watchPresence()
    const b = room(bob.client, name).watchPresence()
    expect(await d.subscribe()).toBe('SUBSCRIBED')
    expect(await b.subscribe()).toBe('SUBSCRIBED')
    await d.channel.track({ here: true })
    await eventually(() => expect(keysOf(b)).toEqual([dropper.id]))

    // The network goes: the TCP connection ends without phx_leave or a close handshake (as
    // when a laptop sleeps); realtime-js is kept from reconnecting.
    const realtime = dropper.client.realtime as unknown as {
      socketAdapter: { socket: { conn: WebSocket; reconnectTimer: { scheduleTimeout(): void } } }
    }
    const { socket } = realtime.socketAdapter
    socket.reconnectTimer.scheduleTimeout = () => undefined
    socket.conn.terminate()
    await eventually(() => expect(keysOf(b)).toEqual([]))
    expect(eventsOf(b, 'leave')).toContainEqual(expect.objectContaining({ key: dropper.id }))
  })
})
