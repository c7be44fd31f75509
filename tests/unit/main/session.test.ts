import { describe, expect, it, vi } from 'vitest'
import {
  chooseSessionStorage,
  NO_SECRET_STORE_WARNING,
  SESSION_STORE_KEY,
  type KeyValueStore,
  type SafeStorageLike
} from '../../../src/main/session/secret-storage'
import { silentLogger } from './fakes'

const TOKEN = JSON.stringify({ access_token: 'eyJ.access', refresh_token: 'refresh-secret-123' })

/** A reversible stand-in for the OS keychain: bytes reversed and tagged. */
function fakeSafeStorage(overrides: Partial<SafeStorageLike> = {}): SafeStorageLike {
  return {
    isAsyncEncryptionAvailable: async () => true,
    encryptStringAsync: async (plain) =>
      Buffer.concat([Buffer.from('ENC:'), Buffer.from(plain).reverse()]),
    decryptStringAsync: async (encrypted) => {
      if (!encrypted.subarray(0, 4).equals(Buffer.from('ENC:'))) throw new Error('bad key')
      return {
        result: Buffer.from(encrypted.subarray(4)).reverse().toString(),
        shouldReEncrypt: false
      }
    },
    getSelectedStorageBackend: () => 'gnome_libsecret',
    ...overrides
  }
}

/** electron-store as a Map, recording every write. */
function fakeStore(): KeyValueStore & { data: Map<string, unknown>; writes: number } {
  const data = new Map<string, unknown>()
  const store = {
    data,
    writes: 0,
    get: (key: string) => data.get(key),
    set: (key: string, value: unknown) => {
      store.writes++
      data.set(key, JSON.parse(JSON.stringify(value)))
    },
    delete: (key: string) => {
      store.writes++
      data.delete(key)
    }
  }
  return store
}

describe('session storage with an OS secret store', () => {
  it('round-trips a session through encryption, and the file never holds it in the clear', async () => {
    const store = fakeStore()
    const choice = await chooseSessionStorage({
      safeStorage: fakeSafeStorage(),
      store,
      platform: 'linux',
      log: silentLogger()
    })
    expect(choice.persistent).toBe(true)
    expect(choice.warning).toBeNull()

    await choice.storage.setItem('instaframe-auth', TOKEN)
    const onDisk = JSON.stringify(store.data.get(SESSION_STORE_KEY))
    expect(onDisk).not.toContain('refresh-secret-123')
    expect(onDisk).not.toContain('eyJ.access')

    // A new storage over the same file (a restart) reads it back.
    const afterRestart = await chooseSessionStorage({
      safeStorage: fakeSafeStorage(),
      store,
      platform: 'linux',
      log: silentLogger()
    })
    expect(await afterRestart.storage.getItem('instaframe-auth')).toBe(TOKEN)

    await afterRestart.storage.removeItem('instaframe-auth')
    expect(await afterRestart.storage.getItem('instaframe-auth')).toBeNull()
  })

  it('forgets a value it can no longer decrypt instead of failing start-up', async () => {
    const store = fakeStore()
    store.set(SESSION_STORE_KEY, { 'instaframe-auth': Buffer.from('garbage').toString('base64') })
    const log = silentLogger()
    const { storage } = await chooseSessionStorage({
      safeStorage: fakeSafeStorage(),
      store,
      platform: 'win32',
      log
    })
    expect(await storage.getItem('instaframe-auth')).toBeNull()
    expect(store.data.get(SESSION_STORE_KEY)).toEqual({})
    expect(log.warn).toHaveBeenCalled()
  })

  it('re-encrypts a value when the OS asks for it', async () => {
    const store = fakeStore()
    const safeStorage = fakeSafeStorage()
    const { storage } = await chooseSessionStorage({
      safeStorage,
      store,
      platform: 'darwin',
      log: silentLogger()
    })
    await storage.setItem('k', 'v')
    const decrypt = safeStorage.decryptStringAsync
    safeStorage.decryptStringAsync = async (encrypted) => ({
      ...(await decrypt(encrypted)),
      shouldReEncrypt: true
    })
    const encrypt = vi.spyOn(safeStorage, 'encryptStringAsync')
    expect(await storage.getItem('k')).toBe('v')
    expect(encrypt).toHaveBeenCalledWith('v')
  })
})

describe('session storage without an OS secret store', () => {
  for (const [name, safeStorage] of [
    ['encryption unavailable', fakeSafeStorage({ isAsyncEncryptionAvailable: async () => false })],
    ['Linux basic_text backend', fakeSafeStorage({ getSelectedStorageBackend: () => 'basic_text' })]
  ] as const) {
    it(`${name}: keeps the session in memory, writes nothing to disk, and warns`, async () => {
      const store = fakeStore()
      const log = silentLogger()
      const choice = await chooseSessionStorage({ safeStorage, store, platform: 'linux', log })
      expect(choice.persistent).toBe(false)
      expect(choice.warning).toBe(NO_SECRET_STORE_WARNING)
      expect(log.warn).toHaveBeenCalled()

      await choice.storage.setItem('instaframe-auth', TOKEN)
      expect(await choice.storage.getItem('instaframe-auth')).toBe(TOKEN)
      expect(store.writes).toBe(0)
      expect(store.data.size).toBe(0)
    })
  }

  it('treats basic_text as a secret store only on Linux (the call is Linux-only)', async () => {
    const getSelectedStorageBackend = vi.fn(() => 'basic_text')
    const choice = await chooseSessionStorage({
      safeStorage: fakeSafeStorage({ getSelectedStorageBackend }),
      store: fakeStore(),
      platform: 'win32',
      log: silentLogger()
    })
    expect(choice.persistent).toBe(true)
    expect(getSelectedStorageBackend).not.toHaveBeenCalled()
  })
})
