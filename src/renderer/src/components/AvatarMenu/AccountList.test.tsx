import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Profile } from '@shared/domain'
import type { AuthSnapshot, SignedInAccount } from '@shared/auth-snapshot'
import { MAX_SIGNED_IN_ACCOUNTS } from '@shared/limits'
import { MESSAGES } from '@shared/messages'
import { createHarness, renderWith, signedIn } from '../../testing/fakes'
import { StoresProvider } from '../../store'
import { accountIndexOf, useAccountSwitching } from '../../keyboard/accountShortcuts'
import { AvatarMenu } from './AvatarMenu'

const profile = (id: string, username: string): Profile => ({
  id,
  username,
  full_name: username.toUpperCase(),
  avatar_url: null,
  bio: null
})
const PEOPLE = [
  profile('id-alice', 'alice'),
  profile('id-bob', 'bob'),
  profile('id-carol', 'carol')
]
const ACCOUNTS: SignedInAccount[] = PEOPLE.map((p) => ({
  id: p.id,
  username: p.username,
  fullName: p.full_name,
  avatarUrl: null
}))

/** The snapshot main sends with `id` current and `count` accounts signed in. */
function as(id: string, count = ACCOUNTS.length): AuthSnapshot {
  return {
    ...signedIn(PEOPLE.find((p) => p.id === id)!),
    accounts: ACCOUNTS.slice(0, count)
  }
}

/** A harness whose fake platform switches the way main does: it announces the new snapshot. */
function harnessFor(snapshot: AuthSnapshot) {
  const harness = createHarness({ snapshot })
  vi.mocked(harness.api.auth.switchAccount).mockImplementation(async (id) =>
    harness.api.emit(as(id, snapshot.accounts?.length))
  )
  harness.stores.session.getState().init()
  return harness
}

describe('the account menu with several accounts', () => {
  it('lists every account in order with the current one checked, and switches on a click', async () => {
    const harness = harnessFor(as('id-alice'))
    renderWith(<AvatarMenu />, harness)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    // The list loads with the menu's first use.
    const items = await screen.findAllByRole('menuitemradio')
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/alice.*Shift\+1✓$/),
      expect.stringMatching(/bob.*Shift\+2$/),
      expect.stringMatching(/carol.*Shift\+3$/)
    ])
    expect(items.map((item) => item.getAttribute('aria-checked'))).toEqual([
      'true',
      'false',
      'false'
    ])
    expect(items[1]).toHaveAttribute('aria-keyshortcuts', 'Control+Shift+2')

    await user.click(screen.getByRole('menuitemradio', { name: /bob/ }))
    expect(harness.api.auth.switchAccount).toHaveBeenCalledWith('id-bob')
    expect(harness.stores.session.getState().snapshot.user?.id).toBe('id-bob')
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    expect(screen.getByRole('menuitemradio', { name: /bob/ })).toHaveAttribute(
      'aria-checked',
      'true'
    )
  })

  it('logs out of the current account only, or of every account', async () => {
    const harness = harnessFor(as('id-alice'))
    renderWith(<AvatarMenu />, harness)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    expect(screen.queryByRole('menuitem', { name: 'Sign out' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('menuitem', { name: 'Log out of all accounts' }))
    expect(harness.api.auth.signOutAll).toHaveBeenCalledTimes(1)
    expect(harness.api.auth.signOut).not.toHaveBeenCalled()

    const single = harnessFor(as('id-alice', 1))
    renderWith(<AvatarMenu />, single)
    await user.click(screen.getAllByRole('button', { name: 'Account menu' }).at(-1)!)
    expect(screen.queryByRole('menuitem', { name: 'Log out of all accounts' })).toBeNull()
    // One account is named at the top of the menu already: no list, just Add account.
    expect(screen.queryAllByRole('menuitemradio')).toHaveLength(0)
    expect(screen.getAllByRole('menuitem', { name: 'Add account' }).at(-1)).toBeVisible()
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }))
    expect(single.api.auth.signOut).toHaveBeenCalledTimes(1)
  })

  it('Add account opens the sign-in dialog signed out, and says why at the limit', async () => {
    const harness = harnessFor(as('id-alice'))
    renderWith(<AvatarMenu />, harness)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    await user.click(screen.getByRole('menuitem', { name: 'Add account' }))
    expect(harness.api.auth.addAccount).toHaveBeenCalledTimes(1)
    expect(harness.stores.ui.getState()).toMatchObject({ modal: 'auth', authMode: 'signin' })

    const full = createHarness({
      snapshot: {
        ...as('id-alice'),
        accounts: Array.from({ length: MAX_SIGNED_IN_ACCOUNTS }, (_, n) => ({
          ...ACCOUNTS[0],
          id: `id-${n}`,
          username: `user${n}`
        }))
      }
    })
    renderWith(<AvatarMenu />, full)
    await user.click(screen.getAllByRole('button', { name: 'Account menu' }).at(-1)!)
    await user.click(screen.getAllByRole('menuitem', { name: 'Add account' }).at(-1)!)
    expect(full.api.auth.addAccount).not.toHaveBeenCalled()
    expect(screen.getByRole('alert')).toHaveTextContent(
      MESSAGES.tooManyAccounts(MAX_SIGNED_IN_ACCOUNTS)
    )
  })
})

function Keys({ authOpen = false }: { authOpen?: boolean }): null {
  useAccountSwitching(true, authOpen)
  return null
}

describe('switching accounts from the keyboard', () => {
  it('Ctrl+Shift+<n> switches to the nth account in the menu, and nothing past the last', async () => {
    const harness = harnessFor(as('id-alice'))
    render(
      <StoresProvider stores={harness.stores}>
        <Keys />
      </StoresProvider>
    )
    // Shift+3 is "#" on a US keyboard: the key's position is what counts.
    fireEvent.keyDown(window, { key: '#', code: 'Digit3', ctrlKey: true, shiftKey: true })
    await waitFor(() =>
      expect(harness.stores.session.getState().snapshot.user?.id).toBe('id-carol')
    )
    fireEvent.keyDown(window, { key: '$', code: 'Digit4', ctrlKey: true, shiftKey: true })
    fireEvent.keyDown(window, { key: '1', code: 'Digit1', ctrlKey: true })
    expect(harness.api.auth.switchAccount).toHaveBeenCalledTimes(1)
  })

  it('reads Cmd, not Ctrl, on macOS', () => {
    const chord = { code: 'Digit2', shiftKey: true, altKey: false, repeat: false }
    expect(accountIndexOf({ ...chord, metaKey: true, ctrlKey: false }, true)).toBe(1)
    expect(accountIndexOf({ ...chord, metaKey: false, ctrlKey: true }, true)).toBeNull()
    expect(accountIndexOf({ ...chord, metaKey: false, ctrlKey: true }, false)).toBe(1)
  })

  it('gives up adding an account when its dialog closes without signing in', async () => {
    const harness = harnessFor({
      ...as('id-alice'),
      user: null,
      profile: null,
      addingAccount: true
    })
    const { rerender } = render(
      <StoresProvider stores={harness.stores}>
        <Keys authOpen />
      </StoresProvider>
    )
    expect(harness.api.auth.cancelAddAccount).not.toHaveBeenCalled()
    await act(async () => {
      rerender(
        <StoresProvider stores={harness.stores}>
          <Keys authOpen={false} />
        </StoresProvider>
      )
    })
    expect(harness.api.auth.cancelAddAccount).toHaveBeenCalledTimes(1)
  })
})
