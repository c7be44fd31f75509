import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SIGNED_OUT } from '@shared/auth-snapshot'
import { MESSAGES } from '@shared/messages'
import { App } from './App'
import { createHarness, renderWith, signedIn } from './testing/fakes'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('App', () => {
  // Fake frames come every 16 ms: the splash's first frame is painted by the second one (32 ms).
  const FAKE_FRAMES = {
    toFake: [
      'setTimeout',
      'clearTimeout',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'performance'
    ] as const
  }

  it("shows 'Loading Instagram...' for 1 s from its first paint, then the app", async () => {
    vi.useFakeTimers({ toFake: [...FAKE_FRAMES.toFake] })
    const harness = createHarness()
    renderWith(<App />, harness)
    expect(screen.getByText('Loading Instagram...')).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(screen.getByText('Loading Instagram...')).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(40))
    expect(screen.queryByText('Loading Instagram...')).not.toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
  })

  it('counts the splash from when the desktop window is shown', async () => {
    vi.useFakeTimers({ toFake: [...FAKE_FRAMES.toFake] })
    const harness = createHarness()
    let show: () => void = () => undefined
    harness.api.app.windowShown.mockReturnValue(new Promise((resolve) => (show = resolve)))
    renderWith(<App />, harness)
    await act(() => vi.advanceTimersByTimeAsync(3000))
    expect(screen.getByText('Loading Instagram...')).toBeInTheDocument()
    await act(async () => show())
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(screen.getByText('Loading Instagram...')).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(40))
    expect(screen.queryByText('Loading Instagram...')).not.toBeInTheDocument()
  })

  it('opens the own profile route from the avatar menu, and Back returns to the feed', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<App splashMs={0} />, harness)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }))
    expect(window.location.hash).toBe('#/u/jane.doe')
    expect(screen.queryByRole('region', { name: 'Stories' })).not.toBeInTheDocument()
    // The profile's own Back, beside the header's history arrow, once the page's code and the
    // profile have loaded (its loading state is another <main>).
    await screen.findByRole('main')
    await waitFor(() => expect(screen.queryByText(MESSAGES.loadingProfile)).toBeNull())
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('region', { name: 'Stories' })).toBeInTheDocument()
    expect(window.location.hash).toBe('#/')
  })

  it('follows auth events: signing out elsewhere shows Log in and clears the profile', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.api.emit(signedIn())
    renderWith(<App splashMs={0} />, harness)
    act(() => harness.api.emit(SIGNED_OUT))
    const header = screen.getByRole('banner')
    expect(await within(header).findByRole('button', { name: 'Log in' })).toBeInTheDocument()
    expect(harness.stores.people.getState().page).toBeNull()
  })

  it('opens the login dialog from add-post when signed out, and the create dialog once signed in', async () => {
    const harness = createHarness()
    renderWith(<App splashMs={0} />, harness)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'New post' }))
    // The modals are chunks of their own, loaded when first opened.
    expect(await screen.findByRole('dialog', { name: 'Log in to Instaframe' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    act(() => harness.api.emit(signedIn()))
    await user.click(screen.getByRole('button', { name: 'New post' }))
    expect(await screen.findByRole('dialog', { name: 'Create new post' })).toBeInTheDocument()
  })

  it('shows a dismissible notice from the platform', async () => {
    const harness = createHarness()
    harness.stores.ui.getState().setNotice('Your session is stored without encryption.')
    renderWith(<App splashMs={0} />, harness)
    expect(screen.getByText('Your session is stored without encryption.')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss notice' }))
    expect(screen.queryByText('Your session is stored without encryption.')).not.toBeInTheDocument()
  })
})
