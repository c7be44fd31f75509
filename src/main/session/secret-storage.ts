// Where supabase-js keeps the session in main. A plain electron-store file is not a secret
// store, so every value is encrypted with safeStorage (Keychain, DPAPI, libsecret/kwallet).
// When the OS offers no real secret store, the session lives in memory only: the user signs
// in again after a restart instead of having a refresh token written to disk in the clear.

import type { Logger } from '../../shared/logger'

/** The async safeStorage API (the sync one is deprecated in Electron 45). */
export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>
  encryptStringAsync(plainText: string): Promise<Buffer>
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>
  /** Linux only. */
  getSelectedStorageBackend?(): string
}

/** The few electron-store calls used, so tests pass a Map-backed fake. */
export interface KeyValueStore {
  get(key: string): unknown
  set(key: string, value: unknown): void
  delete(key: string): void
}

/** supabase-js's SupportedStorage, async flavour. */
export interface AuthStorage {
  getItem(key: string): Promise<string | null>
  setItem(key: string, value: string): Promise<void>
  removeItem(key: string): Promise<void>
}

export interface SessionStorageChoice {
  storage: AuthStorage
  /** True when the session survives a restart. */
  persistent: boolean
  /** For AppConfig.secretStorageWarning; null when tokens are encrypted at rest. */
  warning: string | null
}

export const NO_SECRET_STORE_WARNING =
  'Your system has no secure password store, so Instaframe keeps your session in memory only. You will need to log in again after restarting the app.'

/** One store key holding an object, because electron-store treats dots in keys as paths. */
export const SESSION_STORE_KEY = 'encryptedAuth'

function readAll(store: KeyValueStore): Record<string, string> {
  const value = store.get(SESSION_STORE_KEY)
  if (!value || typeof value !== 'object') return {}
  const entries = Object.entries(value as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string'
  )
  return Object.fromEntries(entries)
}

export function createEncryptedStorage(
  safeStorage: SafeStorageLike,
  store: KeyValueStore,
  log: Logger
): AuthStorage {
  const write = (key: string, encrypted: Buffer): void => {
    store.set(SESSION_STORE_KEY, { ...readAll(store), [key]: encrypted.toString('base64') })
  }
  const remove = (key: string): void => {
    const all = readAll(store)
    if (!(key in all)) return
    delete all[key]
    store.set(SESSION_STORE_KEY, all)
  }
  return {
    async getItem(key) {
      const stored = readAll(store)[key]
      if (stored === undefined) return null
      try {
        const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(
          Buffer.from(stored, 'base64')
        )
        // The OS rotated the key: store it again under the new one.
        if (shouldReEncrypt) write(key, await safeStorage.encryptStringAsync(result))
        return result
      } catch (error) {
        // Unreadable (key lost, profile copied between machines): forget it, sign in again.
        log.warn(`[session] could not decrypt stored ${key}; discarding it`, error)
        remove(key)
        return null
      }
    },
    async setItem(key, value) {
      write(key, await safeStorage.encryptStringAsync(value))
    },
    async removeItem(key) {
      remove(key)
    }
  }
}

export function createMemoryStorage(): AuthStorage {
  const items = new Map<string, string>()
  return {
    getItem: async (key) => items.get(key) ?? null,
    setItem: async (key, value) => {
      items.set(key, value)
    },
    removeItem: async (key) => {
      items.delete(key)
    }
  }
}

export async function chooseSessionStorage(deps: {
  safeStorage: SafeStorageLike
  store: KeyValueStore
  platform: NodeJS.Platform
  log: Logger
}): Promise<SessionStorageChoice> {
  const { safeStorage, store, platform, log } = deps
  let available = false
  try {
    available = await safeStorage.isAsyncEncryptionAvailable()
  } catch (error) {
    log.warn('[session] safeStorage availability check failed', error)
  }
  // On Linux without libsecret or kwallet, Chromium "encrypts" with a hard-coded key.
  const backend =
    platform === 'linux' && safeStorage.getSelectedStorageBackend
      ? safeStorage.getSelectedStorageBackend()
      : null
  if (!available || backend === 'basic_text') {
    log.warn(
      `[session] no OS secret store (available=${available}, backend=${backend ?? 'n/a'}); ` +
        'keeping the session in memory only'
    )
    return { storage: createMemoryStorage(), persistent: false, warning: NO_SECRET_STORE_WARNING }
  }
  return {
    storage: createEncryptedStorage(safeStorage, store, log),
    persistent: true,
    warning: null
  }
}
