import { IDBFactory } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { rememberedUser, rememberUser } from './cacheScope'
import { createOfflineCache } from './index'
import { wipeCacheOnSignOut } from './wipe'

const photo = 'https://cdn.example.com/storage/v1/object/public/images/posts/a.jpg'

async function filledCache(): Promise<ReturnType<typeof createOfflineCache>> {
  const cache = createOfflineCache({ factory: new IDBFactory() })
  await cache.answers.write('user-1', 'feed', { posts: ['p1'] })
  await cache.answers.write('user-2', 'feed', { posts: ['p2'] })
  await cache.answers.write('visitor', 'feed', { posts: ['p0'] })
  await cache.images.put(photo, new Blob([new Uint8Array([1, 2, 3])]))
  return cache
}

afterEach(() => localStorage.clear())

describe('wiping the offline cache on sign-out', () => {
  it('logging out of one of several accounts removes only that account’s answers', async () => {
    const cache = await filledCache()
    rememberUser('user-2')
    await wipeCacheOnSignOut(cache, 'user-1', true)
    expect(await cache.answers.read('user-1', 'feed')).toBeNull()
    expect(await cache.answers.read('user-2', 'feed')).toEqual({ posts: ['p2'] })
    expect(await cache.images.get(photo)).not.toBeNull()
    // The account now current is still the one a cold start reads first.
    expect(rememberedUser()).toBe('user-2')
  })

  it('the last sign-out removes every answer, every image and who was signed in', async () => {
    const cache = await filledCache()
    rememberUser('user-1')
    await wipeCacheOnSignOut(cache, 'user-1', false)
    expect(await cache.size()).toEqual({ entries: 0, bytes: 0 })
    expect(rememberedUser()).toBeNull()
  })
})
