// Several accounts on one install (src/shared/data/accounts.ts) over what main really runs: the
// unmodified supabase-js clients main makes, main's encrypted session store (an AES stand-in for
// the OS keychain over a Map) and the local backend. Each account's session is stored encrypted
// under its own user id; the menu's order, switching, logging out of one and of all, the limit
// and a restart are checked against the tokens the backend issued.

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountSessions } from '../../../src/shared/data/accounts'
import {
  ACCOUNTS_INDEX_KEY,
  LEGACY_PREFIX,
  SESSION_STORAGE_KEY,
  SlotStorage
} from '../../../src/shared/data/account-storage'
import type { AuthSnapshot } from '../../../src/shared/auth-snapshot'
import { MAX_SIGNED_IN_ACCOUNTS } from '../../../src/shared/limits'
import { MESSAGES } from '../../../src/shared/messages'
import { createMainClient } from '../../../src/main/session/client'
import {
  createEncryptedStorage,
  SESSION_STORE_KEY,
  type KeyValueStore,
  type SafeStorageLike
} from '../../../src/main/session/secret-storage'
import {
  startHarness,
  uniqueEmail,
  uniqueUsername,
  type Harness
} from '../../support/backend-harness'
import { silentLogger } from '../../unit/main/fakes'

function aesSafeStorage(): SafeStorageLike {
  const key = randomBytes(32)
  return {
    isAsyncEncryptionAvailable: async () => true,
    async encryptStringAsync(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body])
    },
    async decryptStringAsync(data) {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12))
      decipher.setAuthTag(data.subarray(12, 28))
      const plain = Buffer.concat([decipher.update(data.subarray(28)), decipher.final()])
      return { result: plain.toString('utf8'), shouldReEncrypt: false }
    }
  }
}

function mapStore(): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>()
  return {
    data,
    get: (key) => data.get(key),
    set: (key, value) => void data.set(key, JSON.parse(JSON.stringify(value))),
    delete: (key) => void data.delete(key)
  }
}

/** The user a token was issued to (its `sub` claim). */
function subjectOf(token: string | null): string | null {
  if (!token) return null
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string
}

describe('several accounts on one install', () => {
  let harness: Harness
  const safeStorage = aesSafeStorage()
  const store = mapStore()
  const log = silentLogger()
  const OriginalWebSocket = globalThis.WebSocket
  const emitted: AuthSnapshot[] = []

  const open = (): AccountSessions =>
    new AccountSessions({
      storage: createEncryptedStorage(safeStorage, store, log),
      createClient: (slot) =>
        createMainClient({ url: harness.backend.url, anonKey: harness.backend.anonKey }, slot),
      emit: (snapshot) => emitted.push(snapshot),
      log
    })

  /** The encrypted store's keys (the values are ciphertext). */
  const storedKeys = (): string[] =>
    Object.keys((store.data.get(SESSION_STORE_KEY) ?? {}) as Record<string, string>).sort()

  async function signUpNew(accounts: AccountSessions, name: string): Promise<string> {
    const username = uniqueUsername(name)
    await accounts.signUp({
      email: uniqueEmail(username),
      password: 'secret123',
      username,
      fullName: name
    })
    const snapshot = await accounts.getSnapshot()
    expect(snapshot.profile?.username).toBe(username)
    return snapshot.user!.id
  }

  beforeAll(async () => {
    harness = await startHarness('pglite', '')
    // Electron has a WebSocket; Node 20 does not, and supabase-js refuses to start without one.
    globalThis.WebSocket ??= class {} as never
  })
  afterAll(async () => {
    globalThis.WebSocket = OriginalWebSocket
    await harness?.close()
  })

  it('stores each session encrypted under its user id, switches in menu order, logs out of one, survives a restart, and logs out of all', async () => {
    const accounts = open()
    const alice = await signUpNew(accounts, 'alice')

    await accounts.addAccount()
    const adding = await accounts.getSnapshot()
    expect(adding.user).toBeNull()
    expect(adding.addingAccount).toBe(true)
    expect(adding.accounts?.map((a) => a.id)).toEqual([alice])

    const bob = await signUpNew(accounts, 'bob')
    await accounts.addAccount()
    const carol = await signUpNew(accounts, 'carol')
    expect(accounts.list().map((a) => a.id)).toEqual([alice, bob, carol])
    expect(subjectOf(await accounts.getAccessToken())).toBe(carol)

    // One encrypted slot per user id, nothing left under the adding slot.
    const keys = storedKeys()
    for (const id of [alice, bob, carol]) {
      expect(keys).toContain(`account:${id}:${SESSION_STORAGE_KEY}`)
    }
    const owners = [alice, bob, carol].map((id) => `account:${id}:`)
    expect(keys.filter((key) => !owners.some((owner) => key.startsWith(owner)))).toEqual([
      ACCOUNTS_INDEX_KEY
    ])
    const raw = JSON.stringify(store.data.get(SESSION_STORE_KEY))
    expect(raw).not.toContain('refresh_token')

    await accounts.switchTo(alice)
    expect(subjectOf(await accounts.getAccessToken())).toBe(alice)
    expect((await accounts.getSnapshot()).profile?.id).toBe(alice)
    // Calls made with the current client act as the current account.
    const { data: who } = await accounts.client.auth.getUser()
    expect(who.user?.id).toBe(alice)
    await accounts.switchTo(bob)
    expect(subjectOf(await accounts.getAccessToken())).toBe(bob)
    expect(emitted.at(-1)?.user?.id).toBe(bob)
    await expect(accounts.switchTo(crypto.randomUUID())).rejects.toThrow(
      MESSAGES.accountNotSignedIn
    )

    // A restart reads the list, its order and the current account back from the store.
    accounts.dispose()
    const again = open()
    const restored = await again.getSnapshot()
    expect(restored.user?.id).toBe(bob)
    expect(restored.accounts?.map((a) => a.id)).toEqual([alice, bob, carol])

    // Logging out of bob leaves alice and carol signed in; the next in the list is current.
    await again.signOut()
    expect(again.list().map((a) => a.id)).toEqual([alice, carol])
    expect(again.currentUserId()).toBe(carol)
    expect(storedKeys().some((key) => key.includes(bob))).toBe(false)
    await again.switchTo(alice)
    expect(subjectOf(await again.getAccessToken())).toBe(alice)

    await again.signOutAll()
    const out = await again.getSnapshot()
    expect(out.user).toBeNull()
    expect(out.accounts).toEqual([])
    expect(storedKeys()).toEqual([ACCOUNTS_INDEX_KEY])
    again.dispose()
  })

  it('cancels adding an account, and refuses a sixth with a clear message', async () => {
    const accounts = open()
    const first = await signUpNew(accounts, 'first')
    await accounts.addAccount()
    await accounts.cancelAddAccount()
    expect((await accounts.getSnapshot()).user?.id).toBe(first)
    for (let n = 1; n < MAX_SIGNED_IN_ACCOUNTS; n++) {
      await accounts.addAccount()
      await signUpNew(accounts, `more${n}`)
    }
    expect(accounts.list()).toHaveLength(MAX_SIGNED_IN_ACCOUNTS)
    await expect(accounts.addAccount()).rejects.toThrow(
      MESSAGES.tooManyAccounts(MAX_SIGNED_IN_ACCOUNTS)
    )
    await accounts.signOutAll()
    accounts.dispose()
  })

  it('adopts the one session an older version stored, under its user id', async () => {
    const storage = createEncryptedStorage(safeStorage, store, log)
    const legacy = createMainClient(
      { url: harness.backend.url, anonKey: harness.backend.anonKey },
      new SlotStorage(storage, LEGACY_PREFIX)
    )
    const username = uniqueUsername('legacy')
    const { data } = await legacy.auth.signUp({
      email: uniqueEmail(username),
      password: 'secret123',
      options: { data: { username, full_name: 'Legacy' } }
    })
    await legacy.auth.stopAutoRefresh()
    store.data.set(SESSION_STORE_KEY, {
      [SESSION_STORAGE_KEY]: (store.data.get(SESSION_STORE_KEY) as Record<string, string>)[
        SESSION_STORAGE_KEY
      ]
    })
    const accounts = open()
    const snapshot = await accounts.getSnapshot()
    expect(snapshot.user?.id).toBe(data.user!.id)
    expect(storedKeys()).toContain(`account:${data.user!.id}:${SESSION_STORAGE_KEY}`)
    expect(storedKeys()).not.toContain(SESSION_STORAGE_KEY)
    await accounts.signOutAll()
    accounts.dispose()
  })
})
