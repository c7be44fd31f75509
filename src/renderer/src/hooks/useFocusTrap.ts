// Dialogs keep focus inside while open (the Modal, the story viewer): Tab from the last focusable
// element goes to the first, Shift+Tab from the first to the last.

import { useCallback, type KeyboardEvent, type RefObject } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Returns the container's Tab handler, for its onKeyDown: other keys pass through untouched. */
export function useFocusTrap(
  containerRef: RefObject<HTMLElement | null>
): (event: KeyboardEvent<HTMLElement>) => void {
  return useCallback(
    (event) => {
      const container = containerRef.current
      if (event.key !== 'Tab' || !container) return
      const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)]
      // Nothing to move to: focus stays where it is rather than leaving the dialog.
      if (items.length === 0) {
        event.preventDefault()
        return
      }
      const first = items[0]
      const last = items[items.length - 1]
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    },
    [containerRef]
  )
}
