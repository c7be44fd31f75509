// The read cache's IndexedDB database: saved answers (feed pages, profiles, posts, activity)
// and the bytes of images the user has seen. One database for every user of this device;
// entries carry the user they belong to, so one person's cache is never shown to another.

import { openDatabase } from '../idb'

export const CACHE_DB_NAME = 'instaframe-cache'

/**
 * Bumped whenever the stored shapes change. An upgrade drops every store and starts empty:
 * a cache can always be rebuilt from the backend, so old entries are never migrated.
 */
export const CACHE_DB_VERSION = 1

export const ENTRIES = 'entries'
export const IMAGES = 'images'

/** One saved answer. `format` is the data's shape version, checked on every read. */
export interface CacheEntry {
  /** `${scope}\u0000${key}` */
  id: string
  scope: string
  format: number
  savedAt: number
  /** Approximate size of `data` in bytes (its JSON length), for the size shown in settings. */
  bytes: number
  data: unknown
}

/** One image's bytes, evicted least recently used first when the total passes the limit. */
export interface ImageEntry {
  /** The image's key (see imageKey): its URL, or a local backend's storage path. */
  url: string
  blob: Blob
  bytes: number
  lastAccess: number
}

export function openCacheDatabase(
  factory?: IDBFactory,
  version: number = CACHE_DB_VERSION
): Promise<IDBDatabase> {
  return openDatabase({
    name: CACHE_DB_NAME,
    version,
    factory,
    upgrade(db) {
      for (const name of Array.from(db.objectStoreNames)) db.deleteObjectStore(name)
      db.createObjectStore(ENTRIES, { keyPath: 'id' })
      const images = db.createObjectStore(IMAGES, { keyPath: 'url' })
      images.createIndex('lastAccess', 'lastAccess')
    }
  })
}

/**
 * Opens the database once and hands out the same connection; a connection closed under us
 * (another tab upgraded, or the database was deleted) is reopened on the next call.
 */
export function databaseOpener(factory?: IDBFactory): () => Promise<IDBDatabase> {
  let db: Promise<IDBDatabase> | null = null
  return () => {
    if (!db) {
      const opening = openCacheDatabase(factory).then((opened) => {
        const onClose = (): void => {
          if (db === opening) db = null
        }
        opened.addEventListener('close', onClose)
        const previous = opened.onversionchange
        opened.onversionchange = (event) => {
          onClose()
          previous?.call(opened, event)
        }
        return opened
      })
      opening.catch(() => {
        if (db === opening) db = null
      })
      db = opening
    }
    return db
  }
}
