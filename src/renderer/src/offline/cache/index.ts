// The offline cache as the app uses it: saved answers and seen images in one IndexedDB
// database, cleared together ("Clear cache", sign-out) and measured together (settings).

import { databaseOpener } from './cacheDb'
import { createImageCache, type ImageCache } from './imageCache'
import { createReadCache, type ReadCache } from './readCache'

export interface OfflineCache {
  answers: ReadCache
  images: ImageCache
  /** Removes every saved answer and image (not the outbox, which lives elsewhere). */
  clear(): Promise<void>
  /** Entries and bytes held, answers and images together. */
  size(): Promise<{ entries: number; bytes: number }>
}

export interface OfflineCacheOptions {
  factory?: IDBFactory
  imageLimitBytes?: number
}

export function createOfflineCache(options: OfflineCacheOptions = {}): OfflineCache {
  const db = databaseOpener(options.factory)
  const answers = createReadCache({ db })
  const images = createImageCache({ db, limitBytes: options.imageLimitBytes })
  return {
    answers,
    images,
    async clear() {
      await Promise.all([answers.clear(), images.clear()])
    },
    async size() {
      const [saved, seen] = await Promise.all([answers.size(), images.size()])
      return { entries: saved.entries + seen.entries, bytes: saved.bytes + seen.bytes }
    }
  }
}
