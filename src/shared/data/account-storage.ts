// Where several accounts keep their sessions: one storage (main's encrypted store, the page's
// localStorage), each account's supabase-js keys under a prefix of its own user id, and a small
// index of who is signed in and who is current. An account being added signs in under a
// temporary prefix and moves under its user id once the server says who it is.

/** supabase-js's storage, async flavour (main's encrypted store and localStorage both fit). */
export interface SessionStorage {
  getItem(key: string): Promise<string | null>
  setItem(key: string, value: string): Promise<void>
  removeItem(key: string): Promise<void>
}

/** The storageKey every account's supabase-js client uses, inside its own prefix. */
export const SESSION_STORAGE_KEY = 'instaframe-auth'
/** Everything supabase-js writes for one session (the session, a PKCE verifier, the user). */
const SESSION_KEYS = [
  SESSION_STORAGE_KEY,
  `${SESSION_STORAGE_KEY}-code-verifier`,
  `${SESSION_STORAGE_KEY}-user`
]
export const ACCOUNTS_INDEX_KEY = 'instaframe-accounts'
/** The slot an account signs in through before it is known whose it is. */
export const NEW_ACCOUNT_PREFIX = 'account:new:'
/** Where a session from before several accounts lived (no prefix): adopted on the first start. */
export const LEGACY_PREFIX = ''

export function accountPrefix(userId: string): string {
  return `account:${userId}:`
}

/**
 * One account's view of the shared storage: its keys, under its prefix. Its client gets a
 * storageKey of its own (`storageKey`): supabase-js names its cross-tab BroadcastChannel and its
 * lock after it, and clients sharing one would hand each other their sessions (bob signing in
 * would sign alice's client in as bob). Stored, the key is always SESSION_STORAGE_KEY.
 */
export class SlotStorage implements SessionStorage {
  /** A move in progress: reads and writes wait for it, then use the new prefix. */
  private moving: Promise<void> = Promise.resolve()
  /** The storageKey this slot's supabase-js client must be created with. */
  readonly storageKey = `${SESSION_STORAGE_KEY}:${globalThis.crypto.randomUUID()}`

  constructor(
    private readonly base: SessionStorage,
    private prefix: string
  ) {}

  async getItem(key: string): Promise<string | null> {
    await this.moving
    return this.base.getItem(this.stored(key))
  }

  async setItem(key: string, value: string): Promise<void> {
    await this.moving
    await this.base.setItem(this.stored(key), value)
  }

  async removeItem(key: string): Promise<void> {
    await this.moving
    await this.base.removeItem(this.stored(key))
  }

  /** Where the client's `key` is kept: its own storageKey stored as SESSION_STORAGE_KEY. */
  private stored(key: string): string {
    const own = key.startsWith(this.storageKey)
      ? SESSION_STORAGE_KEY + key.slice(this.storageKey.length)
      : key
    return this.prefix + own
  }

  /** Moves the session under `prefix` (the user id it turned out to be) and stays there. */
  moveTo(prefix: string): Promise<void> {
    const move = this.moving.then(async () => {
      if (prefix === this.prefix) return
      for (const key of SESSION_KEYS) {
        const value = await this.base.getItem(this.prefix + key)
        if (value === null) await this.base.removeItem(prefix + key)
        else await this.base.setItem(prefix + key, value)
        await this.base.removeItem(this.prefix + key)
      }
      this.prefix = prefix
    })
    // A failed move leaves the slot where it was, usable.
    this.moving = move.catch(() => undefined)
    return move
  }

  /** Forgets this slot's session on this device (the server is not told). */
  async clear(): Promise<void> {
    await this.moving
    for (const key of SESSION_KEYS) await this.base.removeItem(this.prefix + key)
  }
}

/** Who is signed in, in the account menu's order, and who is current. Not secret: ids only. */
export interface AccountsIndex {
  ids: string[]
  current: string | null
}

export async function readAccountsIndex(storage: SessionStorage): Promise<AccountsIndex | null> {
  const raw = await storage.getItem(ACCOUNTS_INDEX_KEY)
  if (raw === null) return null
  try {
    const parsed = JSON.parse(raw) as Partial<AccountsIndex>
    const ids = Array.isArray(parsed.ids)
      ? parsed.ids.filter((id): id is string => typeof id === 'string')
      : []
    const current = typeof parsed.current === 'string' ? parsed.current : null
    return { ids: [...new Set(ids)], current }
  } catch {
    return { ids: [], current: null }
  }
}

export function writeAccountsIndex(storage: SessionStorage, index: AccountsIndex): Promise<void> {
  return storage.setItem(ACCOUNTS_INDEX_KEY, JSON.stringify(index))
}

/** A session storage that forgets on restart (a client signed in as nobody). */
export function memoryStorage(): SessionStorage {
  const items = new Map<string, string>()
  return {
    getItem: async (key) => items.get(key) ?? null,
    setItem: async (key, value) => void items.set(key, value),
    removeItem: async (key) => void items.delete(key)
  }
}
