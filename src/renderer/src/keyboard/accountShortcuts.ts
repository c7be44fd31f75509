// Ctrl+Shift+1…9 (Cmd+Shift+1…9 on macOS) switches to the signed-in account at that place in the
// account menu, as Instagram's desktop web does. Matched by the key's position (event.code), not
// its character: Shift+1 types "!" on a US keyboard and "+" on a Swiss one.

import { useEffect } from 'react'
import { useSession, useStores } from '../store'
import { selectAccounts, selectAddingAccount } from '../store/session/sessionStore'

type ChordLike = Pick<
  KeyboardEvent,
  'code' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'repeat'
>

/** The account index (0-based) a key press asks for, or null when it is not the chord. */
export function accountIndexOf(event: ChordLike, isMac: boolean): number | null {
  const mod = isMac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey
  if (!mod || !event.shiftKey || event.altKey || event.repeat) return null
  const digit = /^Digit([1-9])$/.exec(event.code)
  return digit ? Number(digit[1]) - 1 : null
}

/** How the menu shows the chord for the account at `index`. */
export function accountShortcutLabel(index: number, isMac: boolean): string {
  return isMac ? `⇧⌘${index + 1}` : `Ctrl+Shift+${index + 1}`
}

export const IS_MAC = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform)

/**
 * Switches accounts with the chord while `enabled` (no dialog open), and gives up adding an
 * account when its sign-in dialog closes without signing in.
 */
export function useAccountSwitching(enabled: boolean, authOpen: boolean): void {
  const { session, toast } = useStores()
  const adding = useSession(selectAddingAccount)

  useEffect(() => {
    if (adding && !authOpen) void session.getState().cancelAddAccount()
  }, [adding, authOpen, session])

  useEffect(() => {
    if (!enabled) return
    const onKeyDown = (event: KeyboardEvent): void => {
      const index = accountIndexOf(event, IS_MAC)
      if (index === null) return
      const account = selectAccounts(session.getState())[index]
      if (!account) return
      event.preventDefault()
      session
        .getState()
        .switchAccount(account.id)
        .catch((error: unknown) => toast.getState().show((error as Error).message))
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [enabled, session, toast])
}
