import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { databaseOpener, ENTRIES, openCacheDatabase } from './cacheDb'
import { transactionDone } from '../idb'
import { createReadCache } from './readCache'

describe('read cache', () => {
  it('keeps each scope apart: one user never reads another user’s entries', async () => {
    const cache = createReadCache({ db: databaseOpener(new IDBFactory()) })
    await cache.write('user-1', 'feed', { posts: ['p1'] })
    expect(await cache.read('user-1', 'feed')).toEqual({ posts: ['p1'] })
    expect(await cache.read('user-2', 'feed')).toBeNull()
  })

  it('drops an entry saved in another format instead of returning its old shape', async () => {
    const db = databaseOpener(new IDBFactory())
    await createReadCache({ db, format: 1 }).write('user-1', 'feed', { old: true })
    const next = createReadCache({ db, format: 2 })
    expect(await next.read('user-1', 'feed')).toBeNull()
    expect(await next.size()).toEqual({ entries: 0, bytes: 0 })
  })

  it('drops a malformed entry rather than crashing', async () => {
    const factory = new IDBFactory()
    const raw = await openCacheDatabase(factory)
    const tx = raw.transaction(ENTRIES, 'readwrite')
    tx.objectStore(ENTRIES).put({ id: 'user-1\u0000feed', junk: 1 })
    await transactionDone(tx)
    raw.close()
    const cache = createReadCache({ db: databaseOpener(factory) })
    expect(await cache.read('user-1', 'feed')).toBeNull()
  })

  it('starts empty after a database version change, whatever the old version held', async () => {
    const factory = new IDBFactory()
    const old = createReadCache({ db: () => openCacheDatabase(factory, 1) })
    await old.write('user-1', 'feed', { posts: ['p1'] })
    ;(await openCacheDatabase(factory, 1)).close()
    const upgraded = createReadCache({ db: () => openCacheDatabase(factory, 2) })
    expect(await upgraded.read('user-1', 'feed')).toBeNull()
    expect(await upgraded.size()).toEqual({ entries: 0, bytes: 0 })
  })

  it('reports its size and clears', async () => {
    const cache = createReadCache({ db: databaseOpener(new IDBFactory()) })
    await cache.write('visitor', 'feed', { a: 'xyz' })
    expect(await cache.size()).toEqual({ entries: 1, bytes: JSON.stringify({ a: 'xyz' }).length })
    await cache.clear()
    expect(await cache.read('visitor', 'feed')).toBeNull()
  })

  it('clears one scope and keeps every other account’s answers', async () => {
    const cache = createReadCache({ db: databaseOpener(new IDBFactory()) })
    await cache.write('user-1', 'feed', { posts: ['p1'] })
    await cache.write('user-1', 'profile:jane', { id: 'user-1' })
    await cache.write('user-10', 'feed', { posts: ['p10'] })
    await cache.write('user-2', 'feed', { posts: ['p2'] })
    await cache.clearScope('user-1')
    expect(await cache.read('user-1', 'feed')).toBeNull()
    expect(await cache.read('user-1', 'profile:jane')).toBeNull()
    expect(await cache.read('user-10', 'feed')).toEqual({ posts: ['p10'] })
    expect(await cache.read('user-2', 'feed')).toEqual({ posts: ['p2'] })
  })
})
