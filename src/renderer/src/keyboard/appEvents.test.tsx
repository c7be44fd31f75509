// Menu commands, deep links, backend notices and keyboard shortcuts as the running App handles
// them, through the same fake bridge events main would send.

import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { APP_COMMANDS } from '@shared/bridge-contract'
import { DEEP_LINK_MESSAGES } from '@shared/deep-links'
import { App } from '../App'
import { createHarness, renderWith, signedIn } from '../testing/fakes'
import { createActionHandlers } from './actions'

// The router keeps the route in the URL's hash, which outlives a test in jsdom.
beforeEach(() => window.history.replaceState(null, '', '#/'))

describe('app events', () => {
  it('tells main it listens only after subscribing, so queued links are not lost', () => {
    const harness = createHarness()
    // Main flushes its queue as soon as it hears `app:ready`.
    harness.api.app.ready.mockImplementation(async () => {
      harness.api.emitDeepLink({ ok: false, message: DEEP_LINK_MESSAGES.scheme })
    })
    renderWith(<App splashMs={0} />, harness)
    expect(harness.api.app.ready).toHaveBeenCalled()
    expect(screen.getByText(DEEP_LINK_MESSAGES.scheme)).toBeInTheDocument()
  })

  it('shows main’s notices, such as the local server restarting', () => {
    const harness = createHarness()
    renderWith(<App splashMs={0} />, harness)
    act(() => harness.api.emitNotice('The local server stopped unexpectedly and is restarting…'))
    expect(screen.getByText(/restarting/)).toBeInTheDocument()
  })

  it('has a handler for every menu command', () => {
    const handlers = createActionHandlers(createHarness().stores, () => undefined)
    for (const command of APP_COMMANDS) expect(typeof handlers[command]).toBe('function')
  })

  it('File › New Post opens Create when signed in, and the login dialog for a visitor', async () => {
    const member = createHarness({ snapshot: signedIn() })
    const { unmount } = renderWith(<App splashMs={0} />, member)
    act(() => member.api.emitCommand('new-post'))
    expect(await screen.findByRole('dialog', { name: 'Create new post' })).toBeInTheDocument()
    unmount()

    const visitor = createHarness()
    renderWith(<App splashMs={0} />, visitor)
    act(() => visitor.api.emitCommand('new-post'))
    expect(visitor.stores.ui.getState().modal).toBe('auth')
  })

  it('Go › Profile and Go › Home switch views, and the window title names the view', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<App splashMs={0} />, harness)
    expect(document.title).toBe('Instaframe')
    act(() => harness.api.emitCommand('go-profile'))
    expect(harness.stores.router.getState().route).toEqual({
      name: 'profile',
      username: 'jane.doe'
    })
    expect(document.title).toBe('jane.doe • Instaframe')
    act(() => harness.api.emitCommand('go-home'))
    expect(harness.stores.router.getState().route.name).toBe('feed')
    expect(document.title).toBe('Instaframe')
  })

  it('Go › Profile works before the profile row was read, by the username signed up with', () => {
    const harness = createHarness({ snapshot: { ...signedIn(), profile: null } })
    renderWith(<App splashMs={0} />, harness)
    act(() => harness.api.emitCommand('go-profile'))
    expect(harness.stores.router.getState().route).toEqual({
      name: 'profile',
      username: 'jane.doe'
    })
  })

  it('the window title names the activity panel while it is open', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<App splashMs={0} />, harness)
    act(() => harness.api.emitCommand('go-activity'))
    await waitFor(() => expect(document.title).toBe('Notifications • Instaframe'))
  })

  it('Go › Activity opens the activity panel; a visitor is asked to sign in', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const { unmount } = renderWith(<App splashMs={0} />, harness)
    act(() => harness.api.emitCommand('go-activity'))
    expect(harness.stores.activity.getState().open).toBe(true)
    unmount()

    const visitor = createHarness()
    renderWith(<App splashMs={0} />, visitor)
    act(() => visitor.api.emitCommand('go-activity'))
    expect(visitor.stores.activity.getState().open).toBe(false)
    expect(visitor.stores.ui.getState().modal).toBe('auth')
  })

  it('Go › Back and Forward move through the router history', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<App splashMs={0} />, harness)
    const router = harness.stores.router
    act(() => harness.api.emitCommand('go-profile'))
    expect(router.getState().route.name).toBe('profile')
    act(() => harness.api.emitCommand('go-back'))
    await waitFor(() => expect(router.getState().route.name).toBe('feed'))
    act(() => harness.api.emitCommand('go-forward'))
    await waitFor(() => expect(router.getState().route.name).toBe('profile'))
  })

  it('an invalid deep link shows its message and goes nowhere', () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<App splashMs={0} />, harness)
    act(() => harness.api.emitDeepLink({ ok: false, message: DEEP_LINK_MESSAGES.post }))
    expect(screen.getByText(DEEP_LINK_MESSAGES.post)).toBeInTheDocument()
    expect(harness.stores.ui.getState().modal).toBeNull()
    expect(harness.stores.router.getState().route.name).toBe('feed')
  })

  it('a link to a profile opens its page; a link to a post opens the post view', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<App splashMs={0} />, harness)
    act(() => harness.api.emitDeepLink({ ok: true, route: { kind: 'profile', username: 'sam' } }))
    expect(harness.stores.router.getState().route).toEqual({ name: 'profile', username: 'sam' })
    act(() =>
      harness.api.emitDeepLink({
        ok: true,
        route: { kind: 'post', postId: '3f2b8c1e-9a4d-4e7f-8b6a-1c2d3e4f5a6b' }
      })
    )
    expect(harness.stores.post.getState().openId).toBe('3f2b8c1e-9a4d-4e7f-8b6a-1c2d3e4f5a6b')
  })

  it('a link that arrives while the session loads waits for it', () => {
    const harness = createHarness()
    harness.stores.session.setState({ status: 'loading' })
    renderWith(<App splashMs={0} />, harness)
    act(() =>
      harness.api.emitDeepLink({ ok: true, route: { kind: 'profile', username: 'jane.doe' } })
    )
    expect(harness.stores.router.getState().route.name).toBe('feed')
    act(() => harness.stores.session.setState({ snapshot: signedIn(), status: 'ready' }))
    expect(harness.stores.router.getState().route.name).toBe('profile')
  })
})

describe('keyboard shortcuts in the app', () => {
  it('? opens the shortcuts sheet listing them, Escape closes it', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<App splashMs={0} />, harness)
    const user = userEvent.setup()
    await user.keyboard('?')
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    expect(sheet).toHaveTextContent('New post')
    expect(sheet).toHaveTextContent('Go to your profile')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('g then p opens the profile, n opens Create, / focuses search', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<App splashMs={0} />, harness)
    const user = userEvent.setup()
    await user.keyboard('gp')
    expect(harness.stores.router.getState().route.name).toBe('profile')
    await user.keyboard('gh')
    expect(harness.stores.router.getState().route.name).toBe('feed')
    await user.keyboard('/')
    expect(screen.getByRole('combobox', { name: 'Search people' })).toHaveFocus()
    // Typing in the search box is typing, not shortcuts.
    await user.keyboard('n')
    expect(harness.stores.ui.getState().modal).toBeNull()
    ;(document.activeElement as HTMLElement).blur()
    await user.keyboard('n')
    expect(await screen.findByRole('dialog', { name: 'Create new post' })).toBeInTheDocument()
  })
})

describe('updates', () => {
  it('offers Restart to update once main has downloaded one, and asks main to install it', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<App splashMs={0} />, harness)
    act(() => harness.api.emitUpdate({ status: 'downloading', version: '0.2.0', percent: 50 }))
    expect(screen.queryByRole('button', { name: 'Restart to update' })).not.toBeInTheDocument()
    act(() => harness.api.emitUpdate({ status: 'downloaded', version: '0.2.0' }))
    expect(screen.getByText('Instaframe 0.2.0 is ready to install.')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Restart to update' }))
    expect(harness.api.app.restartToUpdate).toHaveBeenCalledOnce()
  })

  it('says why when main refuses to install', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.api.app.restartToUpdate.mockRejectedValueOnce(
      new Error('Updates are off in this build.')
    )
    renderWith(<App splashMs={0} />, harness)
    act(() => harness.api.emitUpdate({ status: 'downloaded', version: '0.2.0' }))
    await userEvent.setup().click(screen.getByRole('button', { name: 'Restart to update' }))
    expect(await screen.findByText('Updates are off in this build.')).toBeInTheDocument()
  })
})
