import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SIGNED_OUT } from '@shared/auth-snapshot'
import { createHarness, renderWith, signedIn } from '../../testing/fakes'
import { Header } from './Header'

describe('Header', () => {
  it('shows the brand, search, five labelled icons and Log in when signed out', () => {
    renderWith(<Header />, createHarness())
    expect(screen.getByRole('button', { name: 'Instaframe' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Search people' })).toBeInTheDocument()
    for (const name of ['Home', 'Explore', 'New post', 'Messages', 'Notifications', 'Log in']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument()
    }
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument()
  })

  it('Messages asks a visitor to log in', async () => {
    const harness = createHarness({ snapshot: SIGNED_OUT })
    renderWith(<Header />, harness)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Messages' }))
    expect(harness.stores.ui.getState()).toMatchObject({ modal: 'auth', authMode: 'signin' })
  })

  it('opens the login modal from Log in', async () => {
    const harness = createHarness()
    renderWith(<Header />, harness)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }))
    expect(harness.stores.ui.getState()).toMatchObject({ modal: 'auth', authMode: 'signin' })
  })

  it('opens the login modal, not the create-post modal, from add-post when signed out', async () => {
    const harness = createHarness({ snapshot: SIGNED_OUT })
    renderWith(<Header />, harness)
    await userEvent.setup().click(screen.getByRole('button', { name: 'New post' }))
    expect(harness.stores.ui.getState().modal).toBe('auth')
  })

  it('opens the create-post modal from add-post when signed in', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<Header />, harness)
    await userEvent.setup().click(screen.getByRole('button', { name: 'New post' }))
    expect(harness.stores.ui.getState().modal).toBe('create')
  })

  it('shows an avatar menu with username, full name, Profile and Sign out when signed in', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<Header />, harness)
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    const menu = await screen.findByRole('menu')
    expect(menu).toHaveTextContent('jane.doe')
    expect(menu).toHaveTextContent('Jane Doe')
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toBeInTheDocument()
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument()
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }))
    expect(harness.api.auth.signOut).toHaveBeenCalled()
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument()
  })

  it('opens Settings from the avatar menu', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<Header />, harness)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }))
    expect(harness.stores.router.getState().route).toEqual({ name: 'settings', section: '' })
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })

  it("shows the server's sign-out error, else 'Failed to sign out'", async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.api.auth.signOut.mockRejectedValue(new Error(''))
    renderWith(<Header />, harness)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sign out')
  })
})
