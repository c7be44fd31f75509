// A small promise layer over IndexedDB, the one store the renderer keeps across restarts: the
// read cache, the outbox and the drafts all live in it. In the desktop app Chromium keeps
// IndexedDB under the app's userData folder, so nothing here needs main; tokens never go in.

/** How a database's object stores are created or migrated when its version goes up. */
export type Upgrade = (db: IDBDatabase, oldVersion: number, tx: IDBTransaction) => void

/** Resolves when `request` succeeds, rejects with its error. */
export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
  })
}

/** Resolves when `tx` commits; rejects when it aborts or fails. */
export function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'))
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'))
  })
}

export interface OpenOptions {
  name: string
  version: number
  upgrade: Upgrade
  /** The factory to use; the page's `indexedDB` by default (tests pass fake-indexeddb's). */
  factory?: IDBFactory
}

/**
 * Opens (creating or migrating) a database. Another tab holding an older version is asked to
 * close by `onversionchange`, so an upgrade never hangs on a forgotten connection.
 */
export function openDatabase(options: OpenOptions): Promise<IDBDatabase> {
  const factory = options.factory ?? globalThis.indexedDB
  if (!factory) return Promise.reject(new Error('This browser cannot store data offline'))
  return new Promise((resolve, reject) => {
    const request = factory.open(options.name, options.version)
    request.onupgradeneeded = (event) => {
      const tx = request.transaction
      if (tx) options.upgrade(request.result, event.oldVersion, tx)
    }
    request.onsuccess = () => {
      const db = request.result
      db.onversionchange = () => db.close()
      resolve(db)
    }
    request.onerror = () => reject(request.error ?? new Error(`Could not open ${options.name}`))
    request.onblocked = () =>
      reject(new Error(`${options.name} is open in an older version elsewhere`))
  })
}

/** Deletes a whole database (sign-out wipes, "Clear cache"). */
export function deleteDatabase(
  name: string,
  factory: IDBFactory = globalThis.indexedDB
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.deleteDatabase(name)
    request.onsuccess = () => resolve()
    request.onerror = () => reject(request.error ?? new Error(`Could not delete ${name}`))
  })
}
