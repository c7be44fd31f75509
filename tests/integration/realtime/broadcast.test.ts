// Broadcast between supabase-js clients on the local backend, on PGlite and on PostgreSQL:
// `channel.send({ type: 'broadcast' })` reaches the other members of the topic (and the sender
// only with `self`), `ack` answers once handled, and a channel that is not joined sends over
// POST /realtime/v1/api/broadcast as realtime-js does against hosted Supabase.

import { afterEach, beforeAll, expect, it } from 'vitest'
import { describeEachBackend } from '../../support/database-suite'
import { eventually, room, roomName } from './rooms'
import { signUpUser, sleep, type User } from './support'

describeEachBackend('realtime broadcast', (suite) => {
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

  it('reaches the other members of the topic, not the sender, nor another topic', async () => {
    const name = roomName('typing')
    const sender = room(alice.client, name)
    const reader = room(bob.client, name)
    const elsewhere = room(bob.client, roomName('other'))
    for (const r of [sender, reader, elsewhere]) expect(await r.subscribe()).toBe('SUBSCRIBED')

    const sent = await sender.channel.send({
      type: 'broadcast',
      event: 'typing',
      payload: { userId: alice.id, typing: true }
    })
    expect(sent).toBe('ok')
    await eventually(() =>
      expect(reader.heard('typing')).toEqual([{ userId: alice.id, typing: true }])
    )
    await sleep(100)
    expect(sender.broadcasts).toEqual([])
    expect(elsewhere.broadcasts).toEqual([])
  })

  it('echoes to the sender with self, and answers ok once handled with ack', async () => {
    const name = roomName('self')
    const sender = room(alice.client, name, { broadcast: { self: true, ack: true } })
    const reader = room(bob.client, name)
    expect(await sender.subscribe()).toBe('SUBSCRIBED')
    expect(await reader.subscribe()).toBe('SUBSCRIBED')

    expect(await sender.channel.send({ type: 'broadcast', event: 'hi', payload: { n: 1 } })).toBe(
      'ok'
    )
    await eventually(() => {
      expect(sender.heard('hi')).toEqual([{ n: 1 }])
      expect(reader.heard('hi')).toEqual([{ n: 1 }])
    })
  })

  it('carries a binary payload as bytes', async () => {
    const name = roomName('bytes')
    const sender = room(alice.client, name)
    const reader = room(bob.client, name)
    expect(await sender.subscribe()).toBe('SUBSCRIBED')
    expect(await reader.subscribe()).toBe('SUBSCRIBED')
    const bytes = new Uint8Array([0, 1, 2, 250, 255])
    await sender.channel.send({ type: 'broadcast', event: 'raw', payload: bytes.buffer })
    await eventually(() => expect(reader.heard('raw')).toHaveLength(1))
    expect([...new Uint8Array(reader.heard('raw')[0] as ArrayBuffer)]).toEqual([...bytes])
  })

  it('sends over REST from a channel that is not joined, and with httpSend', async () => {
    const name = roomName('rest')
    const reader = room(bob.client, name)
    expect(await reader.subscribe()).toBe('SUBSCRIBED')

    const unjoined = alice.client.channel(name)
    expect(
      await unjoined.send({ type: 'broadcast', event: 'ping', payload: { via: 'rest' } })
    ).toBe('ok')
    expect(await unjoined.httpSend('ping', { via: 'httpSend' })).toEqual({ success: true })
    await eventually(() =>
      expect(reader.heard('ping')).toEqual([{ via: 'rest' }, { via: 'httpSend' }])
    )
  })

  it('refuses REST broadcasts without a valid key, or with a malformed body', async () => {
    const endpoint = `${suite.harness.backend.url}/realtime/v1/api/broadcast`
    const post = (headers: Record<string, string>, body: unknown): Promise<Response> =>
      fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body)
      })
    const anon = { apikey: suite.harness.backend.anonKey }
    const message = { topic: 'x', event: 'e', payload: {} }
    expect((await post({}, { messages: [message] })).status).toBe(401)
    expect((await post({ apikey: 'nope' }, { messages: [message] })).status).toBe(401)
    const bad = await post(anon, { messages: [{ topic: '', event: 'e' }] })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      message: 'messages[0].topic must be a non-empty string'
    })
    expect((await post(anon, { nothing: true })).status).toBe(400)
    expect((await post(anon, { messages: [message] })).status).toBe(202)
  })
})
