// A link from an email, completed by main (or the page), as the running App shows it: the
// outcome arrives over the deep-link event after the session changed.

import { act, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { AUTH_LINK_MESSAGES } from '@shared/auth-links'
import type { AuthLinkOutcome } from '@shared/auth-links'
import { App } from '../App'
import { createHarness, renderWith, signedIn } from '../testing/fakes'

beforeEach(() => window.history.replaceState(null, '', '#/'))

const completed = (outcome: AuthLinkOutcome) =>
  ({ ok: true, route: { kind: 'auth', outcome } }) as const

describe('a link from an email', () => {
  it('a recovery link asks for the new password', async () => {
    const harness = createHarness()
    renderWith(<App splashMs={0} />, harness)
    act(() => {
      harness.api.emit({ ...signedIn(), pending: 'new-password' })
      harness.api.emitDeepLink(completed('recovery'))
    })
    expect(harness.stores.ui.getState()).toMatchObject({ modal: 'auth', authMode: 'new-password' })
    // The dialog's code loads on first use: a loaded machine may take a while.
    expect(
      await screen.findByRole('dialog', { name: 'Create a new password' }, { timeout: 20_000 })
    ).toBeVisible()
  }, 30_000)

  it('a recovery link of an account with two-factor asks for its code first', async () => {
    const harness = createHarness()
    renderWith(<App splashMs={0} />, harness)
    act(() => harness.api.emit({ ...signedIn(), user: null, pending: 'second-factor' }))
    await act(async () => {
      harness.api.emitDeepLink(completed('recovery'))
      // The App loads this module to show the outcome; once it has, the outcome was shown.
      await import('./authLink')
    })
    expect(harness.stores.ui.getState()).toMatchObject({ modal: 'auth', authMode: 'second-factor' })
  })

  it('a sign-in link closes the sign-in dialog that was waiting for it and says so', async () => {
    const harness = createHarness()
    renderWith(<App splashMs={0} />, harness)
    act(() => harness.stores.ui.getState().openAuth('login-code'))
    act(() => {
      harness.api.emit(signedIn())
      harness.api.emitDeepLink(completed('magiclink'))
    })
    expect(await screen.findByText(AUTH_LINK_MESSAGES.signedIn)).toBeInTheDocument()
    expect(harness.stores.ui.getState().modal).toBeNull()
  })

  it('a confirmed sign-up says so and opens the welcome, once', async () => {
    localStorage.clear()
    const harness = createHarness()
    renderWith(<App splashMs={0} />, harness)
    act(() => {
      harness.api.emit(signedIn())
      harness.api.emitDeepLink(completed('signup'))
    })
    expect(await screen.findByText(AUTH_LINK_MESSAGES.signupConfirmed)).toBeInTheDocument()
    expect(harness.stores.ui.getState().modal).toBe('welcome')
    act(() => harness.stores.ui.getState().closeModal())
    act(() => harness.api.emitDeepLink(completed('signup')))
    expect(harness.stores.ui.getState().modal).toBeNull()
  })

  it('a link that still needs the second factor keeps that step open', async () => {
    const harness = createHarness()
    renderWith(<App splashMs={0} />, harness)
    act(() => {
      harness.api.emit({ ...signedIn(), user: null, pending: 'second-factor' })
      harness.api.emitDeepLink(completed('magiclink'))
    })
    expect(harness.stores.ui.getState().modal).toBe('auth')
    expect(harness.stores.ui.getState().authMode).toBe('second-factor')
  })

  it('an email change, either half, is announced', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<App splashMs={0} />, harness)
    act(() => harness.api.emitDeepLink(completed('email-change-half')))
    expect(await screen.findByText(AUTH_LINK_MESSAGES.emailChangeHalf)).toBeInTheDocument()
    act(() => harness.api.emitDeepLink(completed('email_change')))
    expect(await screen.findByText(AUTH_LINK_MESSAGES.emailChanged)).toBeInTheDocument()
  })

  it('a link that did not work shows why', async () => {
    const harness = createHarness()
    renderWith(<App splashMs={0} />, harness)
    const message = AUTH_LINK_MESSAGES.failed('Email link is invalid or has expired')
    act(() => harness.api.emitDeepLink({ ok: false, message }))
    expect(await screen.findByText(message)).toBeInTheDocument()
  })
})
