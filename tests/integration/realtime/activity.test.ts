// The activity data layer (src/shared/data/activity.ts) against the local backend: a live
// notification arrives through subscribeToActivity, the grouped page and the unread count
// reflect it, and marking read clears the dot.

import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  countUnreadActivity,
  fetchActivityPage,
  markActivityRead,
  subscribeToActivity
} from '../../../src/shared/data/activity'
import type { Notification } from '../../../src/shared/domain'
import { type Harness } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { createPost, like, signUpUser, sleep, type User } from './support'

describeEachBackend('activity data layer', (suite) => {
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

  it('delivers new notifications live, groups them, counts unread and marks them read', async () => {
    const post = await createPost(alice, harness.backend.url)
    const live: Notification[] = []
    const stop = subscribeToActivity(alice.client, alice.id, {
      onNotification: (notification) => live.push(notification),
      onResync: () => undefined
    })
    // subscribeToActivity reports re-joins only; wait for the first join on the socket.
    const joined = (): boolean =>
      alice.client.getChannels().some((channel) => channel.state === 'joined')
    for (let i = 0; i < 250 && !joined(); i++) await sleep(20)
    expect(joined()).toBe(true)
    await like(bob, post)
    await like(carol, post)
    for (let i = 0; i < 100 && live.length < 2; i++) await sleep(20)
    expect(live.map((n) => [n.type, n.post_id, n.actor_id])).toEqual([
      ['like', post, bob.id],
      ['like', post, carol.id]
    ])

    expect(await countUnreadActivity(alice.client)).toBe(2)
    const page = await fetchActivityPage(alice.client)
    expect(page.next).toBeNull()
    expect(page.groups).toHaveLength(1)
    expect(page.groups[0]).toMatchObject({ type: 'like', post_id: post, actor_count: 2 })
    expect(page.groups[0].actors.map((actor) => actor.id)).toEqual([carol.id, bob.id])

    expect(await markActivityRead(alice.client, page.groups[0].latest_at)).toBe(2)
    expect(await countUnreadActivity(alice.client)).toBe(0)
    await stop()
  })

  it('pages with a cursor and says when there is no next page', async () => {
    const posts = [
      await createPost(bob, harness.backend.url),
      await createPost(bob, harness.backend.url)
    ]
    for (const post of posts) await like(alice, post)
    const first = await fetchActivityPage(bob.client, null, 1)
    expect(first.groups.map((g) => g.post_id)).toEqual([posts[1]])
    expect(first.next).not.toBeNull()
    const second = await fetchActivityPage(bob.client, first.next, 1)
    expect(second.groups.map((g) => g.post_id)).toEqual([posts[0]])
    const third = await fetchActivityPage(bob.client, second.next, 1)
    expect(third).toEqual({ groups: [], next: null })
  })

  it('tells a signed-out caller why it cannot read activity', async () => {
    const anonymous = harness.anon()
    await expect(fetchActivityPage(anonymous)).rejects.toThrow(/permission denied/)
  })
})
