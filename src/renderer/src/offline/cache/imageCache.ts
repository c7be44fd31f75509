// The bytes of images the user has seen (feed photos, thumbnails, avatars), so they stay
// visible offline and at a cold start. Bounded by total bytes: when a new image takes the total
// past the limit, the least recently shown images are evicted first. Reading an image counts as
// using it, so a photo still on screen outlives ones scrolled past long ago.

import { requestResult, transactionDone } from '../idb'
import { IMAGES, type ImageEntry } from './cacheDb'

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
  const limit = options.limitBytes ?? IMAGE_CACHE_LIMIT_BYTES
  const now = options.now ?? Date.now
  /** The stored total, read once and then kept up to date by every write here. */
  let total: number | null = null
  let clears = 0

  async function storedTotal(db: IDBDatabase): Promise<number> {
    if (total !== null) return total
    const tx = db.transaction(IMAGES, 'readonly')
    let sum = 0
    const request = tx.objectStore(IMAGES).openCursor()
    request.onsuccess = () => {
      const cursor = request.result
      if (!cursor) return
      sum += (cursor.value as ImageEntry).bytes
      cursor.continue()
    }
    await transactionDone(tx)
    total ??= sum
    return total
  }

  /** Deletes the least recently used entries (never `keep`) until the total fits the limit. */
  function evict(store: IDBObjectStore, keep: string): void {
    const request = store.index('lastAccess').openCursor()
    request.onsuccess = () => {
      const cursor = request.result
      if (!cursor || total === null || total <= limit) return
      const entry = cursor.value as ImageEntry
      if (entry.url !== keep) {
        total -= entry.bytes
        cursor.delete()
      }
      cursor.continue()
    }
  }

  /** Runs a write; if it fails the kept total may be wrong, so it is read again next time. */
  async function writing(tx: IDBTransaction): Promise<void> {
    try {
      await transactionDone(tx)
    } catch (error) {
      total = null
      throw error
    }
  }

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
      await writing(tx)
      return blob
    },

    async put(url, blob) {
      // One image larger than the whole cache would evict everything and still not fit.
      if (blob.size > limit) return
      const db = await options.db()
      await storedTotal(db)
      const tx = db.transaction(IMAGES, 'readwrite')
      const store = tx.objectStore(IMAGES)
      const key = imageKey(url)
      const request = store.get(key)
      request.onsuccess = () => {
        const previous = request.result as ImageEntry | undefined
        const entry: ImageEntry = { url: key, blob, bytes: blob.size, lastAccess: now() }
        store.put(entry)
        if (total !== null) total += entry.bytes - (previous?.bytes ?? 0)
        if (total !== null && total > limit) evict(store, key)
      }
      await writing(tx)
    },

    async clear() {
      const db = await options.db()
      const tx = db.transaction(IMAGES, 'readwrite')
      tx.objectStore(IMAGES).clear()
      await writing(tx)
      total = 0
      clears += 1
    },

    get clears() {
      return clears
    },

    async size() {
      const db = await options.db()
      const bytes = await storedTotal(db)
      const tx = db.transaction(IMAGES, 'readonly')
      const entries = await requestResult(tx.objectStore(IMAGES).count())
      return { entries, bytes }
    }
  }
}
