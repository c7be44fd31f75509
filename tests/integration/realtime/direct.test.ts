// The direct-messages data layer (src/shared/data/direct) against the local backend on both
// databases: a request, accepting it, messages, hearts, read marks and unsends delivered live to
// the thread's participants, and to nobody else (another signed-in user, anon), a retried send
// that makes one message, paging and sharing a post.

import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { subscribeToDirect, type DirectListener } from '../../../src/shared/data/direct/live'
import {
  fetchHistory,
  fetchNewerHistory,
  sendMessage,
  setHeart,
  unsendMessage
} from '../../../src/shared/data/direct/messages'
import { sharePost } from '../../../src/shared/data/direct/share'
import {
  acceptRequest,
  countUnreadThreads,
  fetchThreads,
  markThreadRead,
  startThread
} from '../../../src/shared/data/direct/threads'
import { type Harness } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { createPost, realtimeClient, signUpUser, sleep, type User } from './support'

type Event = [string, string]

/** Everything a subscriber received, as [kind, id] pairs. */
function recorder(client: User['client']): { events: Event[]; stop: () => Promise<void> } {
  const events: Event[] = []
  const listener: DirectListener = {
    onMessage: (row) => events.push(['message', row.id]),
    onUnsend: (row) => events.push(['unsend', row.id]),
    onHeart: (row, hearted) => events.push([hearted ? 'heart' : 'unheart', row.message_id]),
    onParticipant: (row) => events.push(['participant', row.user_id]),
    onResync: () => undefined
  }
  return { events, stop: subscribeToDirect(client, listener) }
}

async function joined(client: User['client']): Promise<void> {
  const ready = (): boolean => client.getChannels().every((channel) => channel.state === 'joined')
  for (let i = 0; i < 250 && !ready(); i++) await sleep(20)
  expect(ready()).toBe(true)
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 150 && !check(); i++) await sleep(20)
}

describeEachBackend('direct messages', (suite) => {
  let harness: Harness
  let alice: User
  let bob: User
  let carol: User

  beforeAll(async () => {
    harness = suite.harness
    const { url, anonKey } = harness.backend
    ;[alice, bob, carol] = await Promise.all(
      ['alice', 'bob', 'carol'].map((name) => signUpUser(url, anonKey, name))
    )
  })
  afterAll(async () => {
    await Promise.all([alice, bob, carol].map((user) => user?.client.removeAllChannels()))
  })

  it('delivers messages, hearts, reads and unsends live to participants only', async () => {
    const outsider = realtimeClient(harness.backend.url, harness.backend.anonKey)
    const watchers = {
      bob: recorder(bob.client),
      carol: recorder(carol.client),
      anon: recorder(outsider)
    }
    await Promise.all([joined(bob.client), joined(carol.client), joined(outsider)])

    const thread = await startThread(alice.client, [bob.id])
    const first = await sendMessage(
      alice.client,
      { id: randomUUID(), threadId: thread, senderId: alice.id },
      { kind: 'text', body: 'hi bob' }
    )
    expect((await fetchThreads(bob.client, 'requests')).threads.map((t) => t.id)).toEqual([thread])
    expect((await fetchThreads(bob.client, 'inbox')).threads).toEqual([])
    await acceptRequest(bob.client, thread, bob.id)
    expect(await countUnreadThreads(bob.client)).toBe(1)
    await setHeart(bob.client, first.id, bob.id, true)
    await markThreadRead(bob.client, thread, bob.id)
    expect(await countUnreadThreads(bob.client)).toBe(0)
    // A row deleted before its change is checked reaches no one (as on hosted Realtime), and
    // unsending deletes the message and its hearts: on a loaded machine the check of the heart
    // came after the unsend. So the unsend waits until bob has heard the heart.
    await until(() => watchers.bob.events.some(([kind]) => kind === 'heart'))
    await unsendMessage(alice.client, first.id)

    // Starting the thread adds both people; unsending takes its hearts with it.
    const expected: Event[] = [
      ['participant', alice.id],
      ['participant', bob.id],
      ['message', first.id],
      ['participant', bob.id],
      ['heart', first.id],
      ['participant', bob.id],
      ['unsend', first.id],
      ['unheart', first.id]
    ]
    await until(() => watchers.bob.events.length >= expected.length)
    await sleep(300)
    expect(watchers.bob.events).toEqual(expected)
    expect(watchers.carol.events).toEqual([])
    expect(watchers.anon.events).toEqual([])
    await Promise.all(Object.values(watchers).map((watcher) => watcher.stop()))
    await outsider.removeAllChannels()
  })

  it('a retried send with the same id makes one message', async () => {
    const thread = await startThread(alice.client, [carol.id])
    const outgoing = { id: randomUUID(), threadId: thread, senderId: alice.id }
    const [once, again] = [
      await sendMessage(alice.client, outgoing, { kind: 'text', body: 'only once' }),
      await sendMessage(alice.client, outgoing, { kind: 'text', body: 'only once' })
    ]
    expect(again.id).toBe(once.id)
    const history = await fetchHistory(alice.client, thread)
    expect(history.items.filter((m) => m.body === 'only once')).toHaveLength(1)
    await expect(
      sendMessage(carol.client, { ...outgoing, senderId: carol.id }, { kind: 'text', body: 'x' })
    ).rejects.toThrow()
  })

  it('pages history newest first without repeating a message', async () => {
    const thread = await startThread(bob.client, [carol.id], { name: 'pages' })
    for (let i = 0; i < 5; i++) {
      await sendMessage(
        bob.client,
        { id: randomUUID(), threadId: thread, senderId: bob.id },
        { kind: 'text', body: `m${i}` }
      )
    }
    const first = await fetchHistory(bob.client, thread, null, 2)
    const second = await fetchHistory(bob.client, thread, first.next, 2)
    const third = await fetchHistory(bob.client, thread, second.next, 2)
    expect([...first.items, ...second.items, ...third.items].map((m) => m.body)).toEqual([
      'm4',
      'm3',
      'm2',
      'm1',
      'm0'
    ])
    expect(third.next).toBeNull()
    expect((await fetchHistory(alice.client, thread)).items).toEqual([])
    // Read again downwards from a dropped page's edge: oldest first, the same keyset.
    const below = await fetchNewerHistory(bob.client, thread, second.next!, 2)
    expect(below.items.map((m) => m.body)).toEqual(['m2', 'm3'])
    const last = await fetchNewerHistory(bob.client, thread, below.next!, 2)
    expect(last.items.map((m) => m.body)).toEqual(['m4'])
    expect(last.next).toBeNull()
  })

  it('shares a post to a person with a note; the message shows the post', async () => {
    const post = await createPost(carol, harness.backend.url)
    const [thread] = await sharePost(alice.client, {
      senderId: alice.id,
      postId: post,
      note: 'look',
      threadIds: [],
      recipientIds: [bob.id]
    })
    const [message] = (await fetchHistory(bob.client, thread)).items
    expect(message).toMatchObject({ kind: 'post', body: 'look', post: { id: post } })
  })
})
