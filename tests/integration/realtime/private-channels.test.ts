// Private channels (`config.private: true`) authorized as hosted Realtime authorizes them: by
// row-level security on realtime.messages with realtime.topic(), on PGlite and on PostgreSQL.
// The policies below are what an app's migration writes (on hosted Supabase too): everyone
// signed in may read `lobby:*` but only its owner may send there; `inbox:<user id>` is its
// owner's alone.

import { afterEach, beforeAll, expect, it } from 'vitest'
import { describeEachBackend } from '../../support/database-suite'
import { eventually, room } from './rooms'
import { realtimeClient, signUpUser, sleep, type User } from './support'

const POLICIES = `
create policy "signed-in users read lobbies and their own inbox" on realtime.messages
  for select to authenticated
  using (realtime.topic() like 'lobby:%'
         or realtime.topic() = 'inbox:' || (select auth.uid())::text);
create policy "owners write to their lobby and inbox" on realtime.messages
  for insert to authenticated
  with check (realtime.topic() in ('lobby:' || (select auth.uid())::text,
                                   'inbox:' || (select auth.uid())::text));
`

const unauthorizedRead = (topic: string): string =>
  `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`

describeEachBackend('realtime private channels', (suite) => {
  let alice: User
  let bob: User

  beforeAll(async () => {
    const { url, anonKey, db } = suite.harness.backend
    await db.exec(POLICIES)
    ;[alice, bob] = await Promise.all([
      signUpUser(url, anonKey, 'alice'),
      signUpUser(url, anonKey, 'bob')
    ])
  })
  afterEach(async () => {
    await Promise.all([alice.client.removeAllChannels(), bob.client.removeAllChannels()])
  })

  it('lets the owner join a private topic and refuses another user and anon', async () => {
    const topic = `inbox:${alice.id}`
    const owner = room(alice.client, topic, { private: true })
    expect(await owner.subscribe()).toBe('SUBSCRIBED')

    const other = room(bob.client, topic, { private: true })
    expect(await other.subscribe()).toBe('CHANNEL_ERROR')
    expect(other.statuses[0].error).toBe(unauthorizedRead(topic))

    const anon = realtimeClient(suite.harness.backend.url, suite.harness.backend.anonKey)
    const stranger = room(anon, topic, { private: true })
    expect(await stranger.subscribe()).toBe('CHANNEL_ERROR')
    expect(stranger.statuses[0].error).toBe(unauthorizedRead(topic))
    await anon.removeAllChannels()
  })

  it('asks the policies again when the token changes, and closes the channel they now refuse', async () => {
    const { url, anonKey } = suite.harness.backend
    const carol = await signUpUser(url, anonKey, 'carol')
    const topic = `inbox:${carol.id}`
    const own = room(carol.client, topic, { private: true })
    own.channel.on('system', {}, (message: Record<string, unknown>) =>
      own.broadcasts.push({ event: 'system', payload: message })
    )
    expect(await own.subscribe()).toBe('SUBSCRIBED')
    await carol.client.realtime.setAuth(bob.accessToken)
    await eventually(() => expect(own.statuses.map((s) => s.status)).toContain('CLOSED'))
    expect(own.heard('system')).toContainEqual(
      expect.objectContaining({ status: 'error', message: unauthorizedRead(topic) })
    )
    await carol.client.removeAllChannels()
  })

  it('keeps private broadcasts from the public channel of the same name', async () => {
    const topic = `inbox:${alice.id}`
    const owner = room(alice.client, topic, { private: true, broadcast: { self: true } })
    const eavesdropper = room(bob.client, topic)
    expect(await owner.subscribe()).toBe('SUBSCRIBED')
    expect(await eavesdropper.subscribe()).toBe('SUBSCRIBED')
    await owner.channel.send({ type: 'broadcast', event: 'secret', payload: { n: 1 } })
    await eventually(() => expect(owner.heard('secret')).toEqual([{ n: 1 }]))
    await sleep(100)
    expect(eavesdropper.broadcasts).toEqual([])
  })

  it('lets readers receive but only writers send and track', async () => {
    const topic = `lobby:${alice.id}`
    const owner = room(alice.client, topic, { private: true, broadcast: { ack: true } })
    const reader = room(bob.client, topic, { private: true, broadcast: { ack: true } })
    reader.watchPresence()
    expect(await owner.subscribe()).toBe('SUBSCRIBED')
    expect(await reader.subscribe()).toBe('SUBSCRIBED')

    expect(await owner.channel.send({ type: 'broadcast', event: 'news', payload: { a: 1 } })).toBe(
      'ok'
    )
    await eventually(() => expect(reader.heard('news')).toEqual([{ a: 1 }]))
    expect(await reader.channel.send({ type: 'broadcast', event: 'news', payload: { b: 2 } })).toBe(
      'error'
    )
    expect(await reader.channel.track({ here: true })).toBe('error')
    expect(await owner.channel.track({ here: true })).toBe('ok')
    await eventually(() => expect(Object.keys(reader.channel.presenceState())).toHaveLength(1))
    await sleep(100)
    expect(owner.heard('news')).toEqual([])
  })

  it('checks REST broadcasts to a private topic against the same policies', async () => {
    const topic = `inbox:${alice.id}`
    const owner = room(alice.client, topic, { private: true })
    expect(await owner.subscribe()).toBe('SUBSCRIBED')
    const post = (token: string): Promise<Response> =>
      fetch(`${suite.harness.backend.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: {
          apikey: suite.harness.backend.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json'
        },
        body: JSON.stringify({
          messages: [{ topic, event: 'note', payload: { from: token.slice(-4) }, private: true }]
        })
      })
    const refused = await post(bob.accessToken)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({
      message: `Unauthorized: You do not have permissions to write to this Channel topic: ${topic}`
    })
    expect((await post(suite.harness.backend.anonKey)).status).toBe(403)
    expect((await post(alice.accessToken)).status).toBe(202)
    await eventually(() => expect(owner.heard('note')).toHaveLength(1))
    // A public message of the same name is not for the private channel.
    const anon = realtimeClient(suite.harness.backend.url, suite.harness.backend.anonKey)
    expect(await anon.channel(topic).httpSend('note', { public: true })).toEqual({ success: true })
    await sleep(100)
    expect(owner.heard('note')).toHaveLength(1)
  })
})
