import { describe, expect, it } from 'vitest'
import { createHarness, signedIn } from '../testing/fakes'
import { welcomeNewAccount } from './welcome'

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>()
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value)
  }
}

describe('welcomeNewAccount', () => {
  it('opens the welcome once per account on this device, in place of the sign-up dialog', () => {
    const storage = memoryStorage()
    const { stores } = createHarness({ snapshot: signedIn() })
    stores.ui.getState().openAuth('signup')
    welcomeNewAccount(stores, storage)
    expect(stores.ui.getState().modal).toBe('welcome')

    stores.ui.getState().closeModal()
    stores.ui.getState().openAuth('signin')
    welcomeNewAccount(stores, storage)
    expect(stores.ui.getState().modal).toBeNull()
  })

  it('opens nothing for a visitor', () => {
    const { stores } = createHarness()
    welcomeNewAccount(stores, memoryStorage())
    expect(stores.ui.getState().modal).toBeNull()
  })
})
