// Reads the app's offline cache (IndexedDB `instaframe-cache`) from inside a Chromium page, for
// the offline e2e spec and the bench: how many saved answers and images it holds and their
// bytes, and what the origin uses of its storage quota.

import type { Page } from '@playwright/test'

export interface StoreSize {
  entries: number
  bytes: number
}

export interface OfflineCacheSize {
  /** The saved answers' ids: `${scope}\u0000${key}`, the scope a user id or "visitor". */
  answerIds: string[]
  answers: StoreSize
  images: StoreSize
  /** What Chromium counts against the origin's quota (IndexedDB and the rest). */
  originUsage: number
}

export function readOfflineCache(page: Page): Promise<OfflineCacheSize> {
  return page.evaluate(async () => {
    /* eslint-disable @typescript-eslint/no-explicit-any -- the page's globals: no DOM lib here */
    const web = globalThis as any
    const db: any = await new Promise((resolve, reject) => {
      const open = web.indexedDB.open('instaframe-cache')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const sum = (store: string): Promise<StoreSize> =>
      new Promise((resolve, reject) => {
        if (!db.objectStoreNames.contains(store)) return resolve({ entries: 0, bytes: 0 })
        let entries = 0
        let bytes = 0
        const request = db.transaction(store).objectStore(store).openCursor()
        request.onsuccess = () => {
          const cursor = request.result
          if (!cursor) return resolve({ entries, bytes })
          entries += 1
          bytes += cursor.value.bytes as number
          cursor.continue()
        }
        request.onerror = () => reject(request.error)
      })
    const answerIds: string[] = db.objectStoreNames.contains('entries')
      ? await new Promise((resolve, reject) => {
          const request = db.transaction('entries').objectStore('entries').getAllKeys()
          request.onsuccess = () => resolve(request.result as string[])
          request.onerror = () => reject(request.error)
        })
      : []
    /* eslint-enable @typescript-eslint/no-explicit-any */
    const answers = await sum('entries')
    const images = await sum('images')
    db.close()
    const { usage } = (await web.navigator.storage.estimate()) as { usage?: number }
    return { answerIds, answers, images, originUsage: usage ?? 0 }
  })
}

/**
 * Everything an IndexedDB database of the page holds, as JSON text (binary values such as image
 * bytes are left out): for checking that no token ever lands in the cache or the outbox.
 */
export function indexedDbText(page: Page, name: string): Promise<string> {
  return page.evaluate(async (database) => {
    /* eslint-disable @typescript-eslint/no-explicit-any -- the page's globals: no DOM lib here */
    const web = globalThis as any
    const db: any = await new Promise((resolve, reject) => {
      const open = web.indexedDB.open(database)
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const stores = [...db.objectStoreNames] as string[]
    const values = await Promise.all(
      stores.map(
        (store) =>
          new Promise<unknown[]>((resolve, reject) => {
            const request = db.transaction(store).objectStore(store).getAll()
            request.onsuccess = () => resolve(request.result as unknown[])
            request.onerror = () => reject(request.error)
          })
      )
    )
    db.close()
    /* eslint-enable @typescript-eslint/no-explicit-any */
    const binary = (value: unknown): boolean =>
      value instanceof ArrayBuffer || ArrayBuffer.isView(value) || value instanceof Blob
    return JSON.stringify(values, (_key, value: unknown) => (binary(value) ? undefined : value))
  }, name)
}
