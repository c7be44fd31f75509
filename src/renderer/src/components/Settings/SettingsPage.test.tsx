import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ParseKeys } from 'i18next'
import { i18n } from '../../i18n'
import { createHarness, renderWith, signedIn } from '../../testing/fakes'
import { SettingsPage } from './SettingsPage'
import { SETTINGS_SECTIONS, findSection, type SettingsSection } from './sections'

const extra: SettingsSection = {
  id: 'extra',
  // A key the catalog does not have reads as itself.
  title: 'Extra' as ParseKeys,
  component: () => <p>Extra content</p>
}

describe('SettingsPage', () => {
  it('lists every registered section and shows the one the URL names', () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<SettingsPage section="appearance" />, harness)
    const nav = screen.getByRole('navigation', { name: 'Settings' })
    for (const { title } of SETTINGS_SECTIONS) {
      expect(screen.getByRole('link', { name: i18n.t(title) })).toBeInTheDocument()
    }
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Appearance' }))
    expect(screen.getByRole('link', { name: 'Appearance' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('heading', { level: 2, name: 'Appearance' })).toBeInTheDocument()
    expect(screen.getByText(/View › Theme/)).toBeInTheDocument()
  })

  it('opens the first section for an empty or unknown section', () => {
    expect(findSection('').id).toBe('edit-profile')
    expect(findSection('no-such-section').id).toBe('edit-profile')
    renderWith(<SettingsPage section="" />, createHarness({ snapshot: signedIn() }))
    expect(screen.getByRole('heading', { level: 2, name: 'Edit profile' })).toBeInTheDocument()
  })

  it('shows a section a feature adds to the registry, and navigates to it by its link', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<SettingsPage section="" sections={[...SETTINGS_SECTIONS, extra]} />, harness)
    await userEvent.setup().click(screen.getByRole('link', { name: 'Extra' }))
    expect(harness.stores.router.getState().route).toEqual({ name: 'settings', section: 'extra' })
    expect(screen.getByRole('link', { name: 'Extra' })).toHaveAttribute('href', '#/settings/extra')
  })

  it('opens the Edit profile form from its section', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<SettingsPage section="edit-profile" />, harness)
    expect(screen.getByText('jane.doe')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Edit profile' }))
    expect(harness.stores.ui.getState().modal).toBe('edit-profile')
  })

  it('asks a visitor to log in instead of showing settings', async () => {
    const harness = createHarness()
    renderWith(<SettingsPage section="appearance" />, harness)
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }))
    expect(harness.stores.ui.getState().modal).toBe('auth')
  })
})
