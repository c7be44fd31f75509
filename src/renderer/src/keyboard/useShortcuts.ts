// Listens for the keyboard shortcuts on the whole window while `enabled` (no dialog open: a
// dialog's keys are its own) and runs the matching action.

import { useEffect } from 'react'
import type { ActionHandlers } from './actions'
import { createShortcutMatcher } from './shortcuts'

export function useShortcuts(actions: ActionHandlers, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return
    const matcher = createShortcutMatcher()
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.repeat) return
      const action = matcher.press(event, event.timeStamp)
      if (!action) return
      // A key that did something loses its default ("/" would be typed into the search box it
      // focuses, ↓ would also scroll); one that did nothing (↓ past the last post) keeps it.
      if (actions[action]() !== false) event.preventDefault()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [actions, enabled])
}
