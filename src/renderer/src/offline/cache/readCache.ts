// Saved answers of the backend, read at start-up before the backend answers and whenever it
// cannot be reached. Each entry belongs to a scope (the signed-in user's id, or VISITOR_SCOPE)
// and carries the format of its data: an entry of another format is dropped on read rather
// than handed to code that expects a different shape.

import { requestResult, transactionDone } from '../idb'
import { ENTRIES, type CacheEntry } from './cacheDb'

/** The shape version of everything the stores save; bump it when a saved shape changes. */
export const CACHE_FORMAT = 1

/** Whose cache a signed-out visitor reads and writes (the public feed only). */
export const VISITOR_SCOPE = 'visitor'

export interface ReadCache {
  /** The saved data for `key` in `scope`, or null when none (or of an old format). */
  read<T>(scope: string, key: string): Promise<T | null>
  /** Saves `data` (structured-cloneable) for `key` in `scope`, replacing what was there. */
  write(scope: string, key: string, data: unknown): Promise<void>
  /** Removes every saved answer. */
  clear(): Promise<void>
  /** Removes the answers saved in one scope (one account leaving), keeping everyone else's. */
  clearScope(scope: string): Promise<void>
  /** How many answers are saved and their approximate size in bytes. */
  size(): Promise<{ entries: number; bytes: number }>
}

export interface ReadCacheOptions {
  db(): Promise<IDBDatabase>
  format?: number
  now?(): number
}

const entryId = (scope: string, key: string): string => `${scope}\u0000${key}`

function isEntry(value: unknown): value is CacheEntry {
  return typeof value === 'object' && value !== null && 'format' in value && 'data' in value
}

export function createReadCache(options: ReadCacheOptions): ReadCache {
  const format = options.format ?? CACHE_FORMAT
  const now = options.now ?? Date.now

  return {
    async read<T>(scope: string, key: string): Promise<T | null> {
      const db = await options.db()
      const id = entryId(scope, key)
      const tx = db.transaction(ENTRIES, 'readonly')
      const found: unknown = await requestResult(tx.objectStore(ENTRIES).get(id))
      if (found === undefined) return null
      if (isEntry(found) && found.format === format && found.scope === scope) return found.data as T
      // Written by another version of the app: drop it, never crash on its shape.
      const drop = db.transaction(ENTRIES, 'readwrite')
      drop.objectStore(ENTRIES).delete(id)
      await transactionDone(drop)
      return null
    },

    async write(scope, key, data) {
      const db = await options.db()
      const entry: CacheEntry = {
        id: entryId(scope, key),
        scope,
        format,
        savedAt: now(),
        bytes: JSON.stringify(data)?.length ?? 0,
        data
      }
      const tx = db.transaction(ENTRIES, 'readwrite')
      tx.objectStore(ENTRIES).put(entry)
      await transactionDone(tx)
    },

    async clear() {
      const db = await options.db()
      const tx = db.transaction(ENTRIES, 'readwrite')
      tx.objectStore(ENTRIES).clear()
      await transactionDone(tx)
    },

    async clearScope(scope) {
      const db = await options.db()
      const tx = db.transaction(ENTRIES, 'readwrite')
      const request = tx.objectStore(ENTRIES).openCursor()
      request.onsuccess = () => {
        const cursor = request.result
        if (!cursor) return
        // The scope field, not the id's prefix: a malformed entry without one stays harmless.
        if (isEntry(cursor.value) && cursor.value.scope === scope) cursor.delete()
        cursor.continue()
      }
      await transactionDone(tx)
    },

    async size() {
      const db = await options.db()
      const tx = db.transaction(ENTRIES, 'readonly')
      const all = (await requestResult(tx.objectStore(ENTRIES).getAll())) as unknown[]
      let bytes = 0
      for (const entry of all) if (isEntry(entry)) bytes += entry.bytes
      return { entries: all.length, bytes }
    }
  }
}
