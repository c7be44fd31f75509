// The first step after sign-up (docs/product.md, "Welcome"): a profile photo, then people to
// follow, as the network's onboarding asks. It opens once per account on this device: when a
// sign-up signs in at once, or when the link that confirms a sign-up is opened; a second
// confirmation link, or the same account signing up elsewhere, never shows it again here.

import type { AppStores } from '../store'
import { selectUserId } from '../store/session/sessionStore'

type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>

const flagKey = (userId: string): string => `instaframe.welcomed.${userId}`

function deviceStorage(): FlagStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/**
 * Opens the welcome for the signed-in user unless they had it on this device (it then closes
 * whatever dialog is open, as a finished sign-up does). Marked as shown when it opens, so a
 * reload halfway does not bring it back.
 */
export function welcomeNewAccount(
  stores: Pick<AppStores, 'ui' | 'session'>,
  storage: FlagStorage | null = deviceStorage()
): void {
  const { ui } = stores
  const userId = selectUserId(stores.session.getState())
  if (!userId || storage?.getItem(flagKey(userId))) {
    if (ui.getState().modal === 'auth') ui.getState().closeModal()
    return
  }
  storage?.setItem(flagKey(userId), new Date().toISOString())
  ui.getState().openWelcome()
}
