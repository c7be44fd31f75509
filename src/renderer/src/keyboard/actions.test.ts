// Shortcuts that need an account, pressed while the saved session is still being read.

import { describe, expect, it } from 'vitest'
import { SIGNED_OUT } from '@shared/auth-snapshot'
import { createHarness, signedIn } from '../testing/fakes'
import { createActionHandlers } from './actions'

describe('a shortcut that needs an account', () => {
  it('waits for the saved session instead of asking a signed-in person to log in', () => {
    const { stores } = createHarness()
    stores.session.setState({ status: 'loading', snapshot: SIGNED_OUT })
    const handlers = createActionHandlers(stores, () => undefined)
    handlers['open-settings']()
    expect(stores.ui.getState().modal).not.toBe('auth')
    stores.session.setState({ status: 'ready', snapshot: signedIn() })
    expect(stores.ui.getState().modal).not.toBe('auth')
    expect(stores.router.getState().route.name).toBe('settings')
  })

  it('asks a visitor to log in once the session is known to be empty', () => {
    const { stores } = createHarness()
    stores.session.setState({ status: 'loading', snapshot: SIGNED_OUT })
    createActionHandlers(stores, () => undefined)['new-post']()
    expect(stores.ui.getState().modal).not.toBe('auth')
    stores.session.setState({ status: 'ready' })
    expect(stores.ui.getState().modal).toBe('auth')
  })
})
