// The bytes of images the user has seen (feed photos, thumbnails, avatars), so they stay
// visible offline and at a cold start. Bounded by total bytes: when a new image takes the total
// past the limit, the least recently shown images are evicted first. Reading an image counts as
// using it, so a photo still on screen outlives ones scrolled past long ago.

import { requestResult } from '../idb'
import { IMAGES, type ImageEntry } from './cacheDb'
import { evict, storedTotal, writing, type ImageCacheContext } from './imageCacheTotal'

/** The default bound on the images kept (200 MB). */
export const IMAGE_CACHE_LIMIT_BYTES = 200 * 1024 * 1024

const STORAGE_PATH = '/storage/v1/object/public/'
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * The key an image is saved under: its URL, except that a local backend's photos are keyed by
 * their storage path alone, because the desktop app's backend takes a new port at each start
 * and a cold start shows photos saved under the previous port.
 */
export function imageKey(url: string): string {
  try {
    const parsed = new URL(url)
    const at = parsed.pathname.indexOf(STORAGE_PATH)
    if (LOOPBACK_HOSTS.has(parsed.hostname) && at >= 0) return `local:${parsed.pathname.slice(at)}`
  } catch {
    // Not a URL: keyed as given.
  }
  return url
}

export interface ImageCache {
  /** The saved bytes of `url` (marking it as just used), or null when not saved. */
  get(url: string): Promise<Blob | null>
  /** Saves `blob` for `url`, then evicts least recently used images past the limit. */
  put(url: string, blob: Blob): Promise<void>
  clear(): Promise<void>
  size(): Promise<{ entries: number; bytes: number }>
  /** How many times it was cleared: what was known to be saved before may be gone. */
  readonly clears: number
}

export interface ImageCacheOptions {
  db(): Promise<IDBDatabase>
  limitBytes?: number
  now?(): number
}

export function createImageCache(options: ImageCacheOptions): ImageCache {
  // The total and eviction live in imageCacheTotal.ts; these are the operations on entries.
  const ctx: ImageCacheContext = {
    limit: options.limitBytes ?? IMAGE_CACHE_LIMIT_BYTES,
    now: options.now ?? Date.now,
    tally: { total: null }
  }
  const { limit, now, tally } = ctx
  let clears = 0

  return {
    async get(url) {
      const db = await options.db()
      const tx = db.transaction(IMAGES, 'readwrite')
      const store = tx.objectStore(IMAGES)
      let blob: Blob | null = null
      const request = store.get(imageKey(url))
      request.onsuccess = () => {
        const entry = request.result as ImageEntry | undefined
        if (!entry) return
        blob = entry.blob
        store.put({ ...entry, lastAccess: now() })
      }
      await writing(ctx, tx)
      return blob
    },

    async put(url, blob) {
      // One image larger than the whole cache would evict everything and still not fit.
      if (blob.size > limit) return
      const db = await options.db()
      await storedTotal(ctx, db)
      const tx = db.transaction(IMAGES, 'readwrite')
      const store = tx.objectStore(IMAGES)
      const key = imageKey(url)
      const request = store.get(key)
      request.onsuccess = () => {
        const previous = request.result as ImageEntry | undefined
        const entry: ImageEntry = { url: key, blob, bytes: blob.size, lastAccess: now() }
        store.put(entry)
        if (tally.total !== null) tally.total += entry.bytes - (previous?.bytes ?? 0)
        if (tally.total !== null && tally.total > limit) evict(ctx, store, key)
      }
      await writing(ctx, tx)
    },

    async clear() {
      const db = await options.db()
      const tx = db.transaction(IMAGES, 'readwrite')
      tx.objectStore(IMAGES).clear()
      await writing(ctx, tx)
      tally.total = 0
      clears += 1
    },

    get clears() {
      return clears
    },

    async size() {
      const db = await options.db()
      const bytes = await storedTotal(ctx, db)
      const tx = db.transaction(IMAGES, 'readonly')
      const entries = await requestResult(tx.objectStore(IMAGES).count())
      return { entries, bytes }
    }
  }
}
