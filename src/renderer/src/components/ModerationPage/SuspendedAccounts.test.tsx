import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { createHarness, renderWith, signedIn } from '../../testing/fakes'
import { inEnglish } from '../../testing/inEnglish'
import { SuspendedAccounts } from './SuspendedAccounts'

const account = {
  id: 'u-9',
  username: 'spammer',
  full_name: null,
  avatar_url: null,
  suspended_at: new Date(Date.now() - 3 * 3_600_000).toISOString()
}

/** The moderator's view with the store's list as given and its calls replaced by spies. */
function setUp(suspended = [account]) {
  const harness = createHarness({ snapshot: signedIn() })
  const loadSuspended = vi.fn(async () => undefined)
  const liftSuspension = vi.fn(async (id: string) => {
    harness.stores.safety.setState((state) => ({
      suspended: state.suspended.filter((person) => person.id !== id)
    }))
  })
  harness.stores.safety.setState((state) => ({
    suspended,
    status: { ...state.status, suspended: 'ready' },
    loadSuspended,
    liftSuspension
  }))
  renderWith(<SuspendedAccounts />, harness)
  return { harness, loadSuspended, liftSuspension }
}

describe('SuspendedAccounts', () => {
  it('lists the suspended accounts and lifts one, saying so', async () => {
    const { harness, loadSuspended, liftSuspension } = setUp()
    expect(loadSuspended).toHaveBeenCalled()
    const row = screen.getByRole('listitem', { name: 'Suspended account spammer' })
    expect(within(row).getByText('suspended 3h')).toBeInTheDocument()
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Lift suspension' }))
    expect(liftSuspension).toHaveBeenCalledWith('u-9')
    expect(inEnglish(harness.stores.toast.getState().message)).toBe('Suspension of @spammer lifted')
    expect(screen.getByText('No suspended accounts.')).toBeInTheDocument()
  })

  it('shows the refusal and keeps the row when lifting fails', async () => {
    const { harness, liftSuspension } = setUp()
    liftSuspension.mockRejectedValueOnce(
      new Error("Couldn't lift the suspension: Only moderators can do this")
    )
    await userEvent.setup().click(screen.getByRole('button', { name: 'Lift suspension' }))
    expect(harness.stores.toast.getState().message).toBe(
      "Couldn't lift the suspension: Only moderators can do this"
    )
    expect(screen.getByRole('button', { name: 'Lift suspension' })).toBeEnabled()
  })
})
