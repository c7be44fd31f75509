// The profile page's live counts through the data layer's subscription, against the local
// backend on PGlite and PostgreSQL: a follow and an unfollow, by someone else, each reach a
// listener of the followed person's row with both counts as the database keeps them.

import { afterAll, beforeAll, expect, it } from 'vitest'
import { follow, unfollow } from '../../../src/shared/data/follows'
import {
  subscribeToProfileCounts,
  type ProfileCounts
} from '../../../src/shared/data/live-profiles'
import { type Harness } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { sleep, signUpUser, type User } from './support'

describeEachBackend('live profile counts', (suite) => {
  let harness: Harness
  let star: User
  let fan: User
  let watcher: User

  beforeAll(async () => {
    harness = suite.harness
    const { url, anonKey } = harness.backend
    ;[star, fan, watcher] = await Promise.all(
      ['star', 'fan', 'watcher'].map((name) => signUpUser(url, anonKey, name))
    )
  })
  afterAll(async () => {
    await Promise.all([star, fan, watcher].map((user) => user?.client.removeAllChannels()))
  })

  /** Subscribes `user` to `profileId`'s counts; resolves once joined, with what arrives. */
  async function listen(user: User, profileId: string): Promise<ProfileCounts[]> {
    const received: ProfileCounts[] = []
    await new Promise<void>((joined, failed) => {
      subscribeToProfileCounts(user.client, profileId, {
        onCounts: (counts) => received.push(counts),
        onResync: () => undefined
      })
      const channel = user.client.getChannels().at(-1)
      if (!channel) return failed(new Error('no channel'))
      const started = Date.now()
      const poll = setInterval(() => {
        if (channel.state === 'joined') {
          clearInterval(poll)
          joined()
        } else if (Date.now() - started > 5_000) {
          clearInterval(poll)
          failed(new Error(`channel ${channel.state}`))
        }
      }, 20)
    })
    return received
  }

  async function until(check: () => boolean, what: string): Promise<void> {
    const started = Date.now()
    while (!check()) {
      if (Date.now() - started > 2_000) throw new Error(`timed out waiting for ${what}`)
      await sleep(20)
    }
  }

  it("hears a follow and an unfollow of the person, with both of the row's counts", async () => {
    // The star themselves (their own profile page) and a third person (anyone's page).
    const [own, others] = await Promise.all([listen(star, star.id), listen(watcher, star.id)])
    await follow(fan.client, fan.id, star.id)
    await until(() => own.length === 1 && others.length === 1, 'the follow')
    expect(own[0]).toEqual({ id: star.id, followers_count: 1, following_count: 0 })
    expect(others[0]).toEqual(own[0])

    await unfollow(fan.client, fan.id, star.id)
    await until(() => own.length === 2 && others.length === 2, 'the unfollow')
    expect(own[1]).toEqual({ id: star.id, followers_count: 0, following_count: 0 })
    expect(others[1]).toEqual(own[1])
  })

  it("hears the follower's own row change too: their following count", async () => {
    const mine = await listen(fan, fan.id)
    await follow(fan.client, fan.id, watcher.id)
    await until(() => mine.length === 1, "the follower's own row")
    expect(mine[0]).toEqual({ id: fan.id, followers_count: 0, following_count: 1 })
    // Another person's row is not this listener's business. The fan's next follow is the fence:
    // changes come in commit order, so once it is heard the star's change was already decided.
    await follow(watcher.client, watcher.id, star.id)
    await follow(fan.client, fan.id, star.id)
    await until(() => mine.length >= 2, "the follower's second follow")
    expect(mine).toEqual([
      { id: fan.id, followers_count: 0, following_count: 1 },
      { id: fan.id, followers_count: 0, following_count: 2 }
    ])
  })
})
