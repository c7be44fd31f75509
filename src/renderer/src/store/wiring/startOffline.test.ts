// A cold desktop start: the local backend is still booting, so nobody can say yet who is signed
// in. The saved feed of the user who was signed in last shows at once, and a visitor's start
// shows only the public feed saved for visitors.

import { IDBFactory } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fakeApi, fakeServices, feedPosts, makePost } from '../../testing/fakes'
import { createStores } from '..'
import type { FeedSnapshot } from '../feed/feedStore'
import { createOfflineCache } from '../../offline/cache'
import { rememberUser } from '../../offline/cache/cacheScope'
import { VISITOR_SCOPE } from '../../offline/cache/readCache'
import { cacheKeys } from '../../offline/cache/savedAnswers'
import { hydrateFromCache } from './startOffline'

/** Stores whose session is still loading, as while the local backend starts. */
function startingStores() {
  const cache = createOfflineCache({ factory: new IDBFactory() })
  const stores = createStores(fakeApi(), fakeServices(), { cache })
  expect(stores.session.getState().status).not.toBe('ready')
  return { stores, cache }
}

const snapshot = (caption: string): FeedSnapshot => ({
  posts: [makePost({ caption })],
  likedIds: []
})

beforeEach(() => localStorage.clear())
afterEach(() => localStorage.clear())

describe('a cold start before the backend answers', () => {
  it('shows the saved feeds of the user signed in last, before the session is known', async () => {
    const { stores, cache } = startingStores()
    await cache.answers.write('user-1', cacheKeys.feed, snapshot('mine'))
    await cache.answers.write('user-1', cacheKeys.followingFeed, snapshot('followed'))
    await cache.answers.write('user-2', cacheKeys.feed, snapshot('someone else'))
    rememberUser('user-1')

    await hydrateFromCache(stores)
    expect(stores.feed.getState()).toMatchObject({ status: 'ready', fromCache: true })
    expect(feedPosts(stores).map((post) => post.caption)).toEqual(['mine'])
    expect(feedPosts(stores, stores.followingFeed).map((post) => post.caption)).toEqual([
      'followed'
    ])
  })

  it('shows a visitor only the public feed saved for visitors', async () => {
    const { stores, cache } = startingStores()
    await cache.answers.write(VISITOR_SCOPE, cacheKeys.feed, snapshot('public'))
    await cache.answers.write('user-1', cacheKeys.feed, snapshot('private'))

    await hydrateFromCache(stores)
    expect(feedPosts(stores).map((post) => post.caption)).toEqual(['public'])
    expect(stores.followingFeed.getState().ids).toEqual([])
  })
})
