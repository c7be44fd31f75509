// The `instaframe-outbox` database: queued actions (`items`, in the order they were queued) and
// unsent drafts (`drafts`), both keyed by user inside, so signing out wipes exactly one user's.
// Each write is its own committed transaction: what the UI shows as pending is already on disk.

import { openDatabase, requestResult, transactionDone } from '../idb'
import type { OutboxAction, OutboxItem } from './actions'

export const OUTBOX_DB_NAME = 'instaframe-outbox'
const VERSION = 1
const ITEMS = 'items'
const DRAFTS = 'drafts'
const BY_USER = 'by-user'

export interface OutboxDb {
  /** Queues `action` for `userId` and returns it as stored (with its sequence number). */
  add(userId: string, action: OutboxAction, queuedAt: number): Promise<OutboxItem>
  /** The user's queued items, oldest first. */
  list(userId: string): Promise<OutboxItem[]>
  update(item: OutboxItem): Promise<void>
  remove(seq: number): Promise<void>
  /** Reads a draft (any structured-cloneable value), undefined when there is none. */
  getDraft<T>(userId: string, key: string): Promise<T | undefined>
  putDraft(userId: string, key: string, value: unknown): Promise<void>
  deleteDraft(userId: string, key: string): Promise<void>
  /** Removes every queued item and draft of `userId`. */
  wipeUser(userId: string): Promise<void>
  close(): void
}

interface DraftRecord {
  userId: string
  key: string
  value: unknown
}

export async function openOutboxDb(factory?: IDBFactory): Promise<OutboxDb> {
  const db = await openDatabase({
    name: OUTBOX_DB_NAME,
    version: VERSION,
    factory,
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        const items = database.createObjectStore(ITEMS, { keyPath: 'seq', autoIncrement: true })
        items.createIndex(BY_USER, 'userId')
        const drafts = database.createObjectStore(DRAFTS, { keyPath: ['userId', 'key'] })
        drafts.createIndex(BY_USER, 'userId')
      }
    }
  })

  async function write(
    storeName: string,
    work: (store: IDBObjectStore) => IDBRequest | void
  ): Promise<unknown> {
    const tx = db.transaction(storeName, 'readwrite')
    const request = work(tx.objectStore(storeName))
    const result = request ? requestResult(request) : Promise.resolve(undefined)
    await transactionDone(tx)
    return result
  }

  return {
    async add(userId, action, queuedAt) {
      const record = { userId, action, queuedAt, attempts: 0 }
      const seq = (await write(ITEMS, (store) => store.add(record))) as number
      return { ...record, seq }
    },
    async list(userId) {
      const tx = db.transaction(ITEMS, 'readonly')
      const items = await requestResult(tx.objectStore(ITEMS).index(BY_USER).getAll(userId))
      return (items as OutboxItem[]).sort((a, b) => a.seq - b.seq)
    },
    async update(item) {
      await write(ITEMS, (store) => store.put(item))
    },
    async remove(seq) {
      await write(ITEMS, (store) => store.delete(seq))
    },
    async getDraft<T>(userId: string, key: string) {
      const tx = db.transaction(DRAFTS, 'readonly')
      const record = (await requestResult(tx.objectStore(DRAFTS).get([userId, key]))) as
        DraftRecord | undefined
      return record?.value as T | undefined
    },
    async putDraft(userId, key, value) {
      await write(DRAFTS, (store) => store.put({ userId, key, value } satisfies DraftRecord))
    },
    async deleteDraft(userId, key) {
      await write(DRAFTS, (store) => store.delete([userId, key]))
    },
    async wipeUser(userId) {
      const tx = db.transaction([ITEMS, DRAFTS], 'readwrite')
      for (const name of [ITEMS, DRAFTS]) {
        const index = tx.objectStore(name).index(BY_USER)
        const keys = await requestResult(index.getAllKeys(userId))
        for (const key of keys) tx.objectStore(name).delete(key)
      }
      await transactionDone(tx)
    },
    close: () => db.close()
  }
}
