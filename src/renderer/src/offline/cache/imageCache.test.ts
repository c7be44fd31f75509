import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { databaseOpener } from './cacheDb'
import { createImageCache, imageKey } from './imageCache'

/** A cache on a fresh in-memory IndexedDB, with a clock the test moves by hand. */
function cacheWith(limitBytes: number) {
  let clock = 1000
  const db = databaseOpener(new IDBFactory())
  const cache = createImageCache({ db, limitBytes, now: () => clock })
  return {
    cache,
    db,
    tick: () => (clock += 1),
    reopened: () => createImageCache({ db, limitBytes, now: () => clock })
  }
}

const bytes = (size: number): Blob => new Blob([new Uint8Array(size)])

describe('image cache eviction', () => {
  it('keeps the total under the limit by evicting the least recently stored first', async () => {
    const { cache, tick } = cacheWith(300)
    for (const name of ['a', 'b', 'c']) {
      await cache.put(name, bytes(100))
      tick()
    }
    await cache.put('d', bytes(100))
    expect(await cache.get('a')).toBeNull()
    for (const name of ['b', 'c', 'd']) expect(await cache.get(name)).not.toBeNull()
    expect(await cache.size()).toEqual({ entries: 3, bytes: 300 })
  })

  it('counts a read as a use, so an image shown again survives older unread ones', async () => {
    const { cache, tick } = cacheWith(300)
    for (const name of ['a', 'b', 'c']) {
      await cache.put(name, bytes(100))
      tick()
    }
    expect(await cache.get('a')).not.toBeNull()
    tick()
    await cache.put('d', bytes(100))
    expect(await cache.get('b')).toBeNull()
    expect(await cache.get('a')).not.toBeNull()
  })

  it('evicts as many old images as one big new one needs', async () => {
    const { cache, tick } = cacheWith(300)
    for (const name of ['a', 'b', 'c']) {
      await cache.put(name, bytes(100))
      tick()
    }
    await cache.put('big', bytes(250))
    expect(await cache.size()).toEqual({ entries: 1, bytes: 250 })
    expect(await cache.get('big')).not.toBeNull()
  })

  it('never stores one image larger than the whole limit, and keeps what it had', async () => {
    const { cache } = cacheWith(300)
    await cache.put('a', bytes(100))
    await cache.put('huge', bytes(301))
    expect(await cache.get('huge')).toBeNull()
    expect(await cache.size()).toEqual({ entries: 1, bytes: 100 })
  })

  it('replacing an image counts only its new size', async () => {
    const { cache } = cacheWith(300)
    await cache.put('a', bytes(200))
    await cache.put('a', bytes(50))
    expect(await cache.size()).toEqual({ entries: 1, bytes: 50 })
  })

  it('reads the stored total after a restart before evicting', async () => {
    const { cache, reopened, tick } = cacheWith(300)
    await cache.put('a', bytes(150))
    tick()
    await cache.put('b', bytes(150))
    tick()
    const restarted = reopened()
    await restarted.put('c', bytes(100))
    expect(await restarted.get('a')).toBeNull()
    expect(await restarted.size()).toEqual({ entries: 2, bytes: 250 })
  })

  it('clear empties it', async () => {
    const { cache } = cacheWith(300)
    await cache.put('a', bytes(100))
    await cache.clear()
    expect(await cache.size()).toEqual({ entries: 0, bytes: 0 })
    expect(await cache.get('a')).toBeNull()
  })
})

describe('image keys', () => {
  it('finds a local backend photo saved under the port the backend had before', async () => {
    const { cache } = cacheWith(300)
    const path = '/storage/v1/object/public/images/posts/u1/a.jpg'
    await cache.put(`http://127.0.0.1:54321${path}`, bytes(10))
    expect(await cache.get(`http://127.0.0.1:61000${path}`)).not.toBeNull()
    expect(imageKey(`http://127.0.0.1:61000${path}`)).toBe(`local:${path}`)
  })

  it('keeps a hosted project’s photos keyed by their full URL', () => {
    const url = 'https://abc.supabase.co/storage/v1/object/public/images/a.jpg'
    expect(imageKey(url)).toBe(url)
  })
})
