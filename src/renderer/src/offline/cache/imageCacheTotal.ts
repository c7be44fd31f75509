// The image cache's byte total and its bound: the total is read once from the database and then
// kept up to date by every write, so a put knows whether to evict without a scan.

import { transactionDone } from '../idb'
import { IMAGES, type ImageEntry } from './cacheDb'

/** What imageCache.ts's operations share. */
export interface ImageCacheContext {
  limit: number
  now(): number
  /** The stored total, or null when unknown (not read yet, or a write failed). */
  tally: { total: number | null }
}

export async function storedTotal(ctx: ImageCacheContext, db: IDBDatabase): Promise<number> {
  if (ctx.tally.total !== null) return ctx.tally.total
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
  ctx.tally.total ??= sum
  return ctx.tally.total
}

/** Deletes the least recently used entries (never `keep`) until the total fits the limit. */
export function evict(ctx: ImageCacheContext, store: IDBObjectStore, keep: string): void {
  const { tally, limit } = ctx
  const request = store.index('lastAccess').openCursor()
  request.onsuccess = () => {
    const cursor = request.result
    if (!cursor || tally.total === null || tally.total <= limit) return
    const entry = cursor.value as ImageEntry
    if (entry.url !== keep) {
      tally.total -= entry.bytes
      cursor.delete()
    }
    cursor.continue()
  }
}

/** Runs a write; if it fails the kept total may be wrong, so it is read again next time. */
export async function writing(ctx: ImageCacheContext, tx: IDBTransaction): Promise<void> {
  try {
    await transactionDone(tx)
  } catch (error) {
    ctx.tally.total = null
    throw error
  }
}
