import { describe, expect, it } from 'vitest'
import {
  ACCOUNTS_INDEX_KEY,
  accountPrefix,
  NEW_ACCOUNT_PREFIX,
  readAccountsIndex,
  SESSION_STORAGE_KEY,
  SlotStorage,
  writeAccountsIndex,
  type SessionStorage
} from '../../../src/shared/data/account-storage'

/** A storage whose writes take a turn of the event loop, as an encrypting one does. */
function slowStorage(): SessionStorage & { items: Map<string, string> } {
  const items = new Map<string, string>()
  const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1))
  return {
    items,
    getItem: async (key) => {
      await tick()
      return items.get(key) ?? null
    },
    setItem: async (key, value) => {
      await tick()
      items.set(key, value)
    },
    removeItem: async (key) => {
      await tick()
      items.delete(key)
    }
  }
}

describe('account session slots', () => {
  it('keeps each account under its own prefix', async () => {
    const base = slowStorage()
    await new SlotStorage(base, accountPrefix('a')).setItem(SESSION_STORAGE_KEY, 'session-a')
    await new SlotStorage(base, accountPrefix('b')).setItem(SESSION_STORAGE_KEY, 'session-b')
    expect(await new SlotStorage(base, accountPrefix('a')).getItem(SESSION_STORAGE_KEY)).toBe(
      'session-a'
    )
    expect([...base.items.keys()].sort()).toEqual([
      `account:a:${SESSION_STORAGE_KEY}`,
      `account:b:${SESSION_STORAGE_KEY}`
    ])
  })

  it("gives each slot's client a storageKey of its own, stored under the one session key", async () => {
    const base = slowStorage()
    const alice = new SlotStorage(base, accountPrefix('a'))
    const bob = new SlotStorage(base, accountPrefix('b'))
    // supabase-js names its cross-tab channel and its lock after the storageKey: shared, one
    // client would take the other's session.
    expect(alice.storageKey).not.toBe(bob.storageKey)
    await alice.setItem(`${alice.storageKey}-user`, 'user-a')
    expect([...base.items.keys()]).toEqual([`account:a:${SESSION_STORAGE_KEY}-user`])
    expect(await alice.getItem(`${alice.storageKey}-user`)).toBe('user-a')
  })

  it('moves a new sign-in under its user id, and a write racing the move lands there too', async () => {
    const base = slowStorage()
    const slot = new SlotStorage(base, NEW_ACCOUNT_PREFIX)
    await slot.setItem(SESSION_STORAGE_KEY, 'first')
    const move = slot.moveTo(accountPrefix('u1'))
    // A token refresh writing while the session moves must not be left behind.
    const refresh = slot.setItem(SESSION_STORAGE_KEY, 'refreshed')
    await Promise.all([move, refresh])
    expect(Object.fromEntries(base.items)).toEqual({
      [`account:u1:${SESSION_STORAGE_KEY}`]: 'refreshed'
    })
    await slot.clear()
    expect(base.items.size).toBe(0)
  })

  it('reads back the index, ignoring damage', async () => {
    const base = slowStorage()
    expect(await readAccountsIndex(base)).toBeNull()
    await writeAccountsIndex(base, { ids: ['a', 'b'], current: 'b' })
    expect(await readAccountsIndex(base)).toEqual({ ids: ['a', 'b'], current: 'b' })
    base.items.set(ACCOUNTS_INDEX_KEY, '{"ids":["a",3,"a"],"current":7}')
    expect(await readAccountsIndex(base)).toEqual({ ids: ['a'], current: null })
    base.items.set(ACCOUNTS_INDEX_KEY, 'not json')
    expect(await readAccountsIndex(base)).toEqual({ ids: [], current: null })
  })
})
