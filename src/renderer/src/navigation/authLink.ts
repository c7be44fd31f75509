// What the window shows once main (or the page) completed a link from an email
// (instaframe://auth/callback): a recovery asks for the new password (after the second factor,
// if the account has one), as a recovery code does; a sign-in or confirmation link closes the
// sign-in dialog and says what happened.

import { AUTH_LINK_MESSAGES, type AuthLinkOutcome } from '@shared/auth-links'
import type { AppStores } from '../store'
import { welcomeNewAccount } from '../onboarding/welcome'

const NOTICES: Record<Exclude<AuthLinkOutcome, 'recovery'>, string> = {
  magiclink: AUTH_LINK_MESSAGES.signedIn,
  email: AUTH_LINK_MESSAGES.signedIn,
  invite: AUTH_LINK_MESSAGES.signedIn,
  signup: AUTH_LINK_MESSAGES.signupConfirmed,
  email_change: AUTH_LINK_MESSAGES.emailChanged,
  'email-change-half': AUTH_LINK_MESSAGES.emailChangeHalf
}

export function showAuthLinkOutcome(outcome: AuthLinkOutcome, stores: AppStores): void {
  const { ui, session } = stores
  if (outcome === 'recovery') {
    // With two-factor on, the code from the app comes before the new password.
    const secondFactorFirst = session.getState().snapshot.pending === 'second-factor'
    ui.getState().openAuth(secondFactorFirst ? 'second-factor' : 'new-password')
    return
  }
  // A second factor still to give keeps its step open; otherwise the dialog has done its job.
  const pending = session.getState().snapshot.pending
  if (pending) ui.getState().openAuth(pending)
  // A confirmed sign-up is the account's first sign-in: the welcome follows, once.
  else if (outcome === 'signup') welcomeNewAccount(stores)
  else if (ui.getState().modal === 'auth') ui.getState().closeModal()
  ui.getState().setNotice(NOTICES[outcome])
}
