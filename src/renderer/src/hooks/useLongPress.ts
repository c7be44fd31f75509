// A button that does one thing on a click and another when the pointer is held on it (~500 ms),
// as the network's save button opens the collections on a long press. The click that ends a
// long press is swallowed, so the button's own action does not run as well. Keyboard users reach
// the long-press action another way (the post's ⋯ menu).

import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react'

export const LONG_PRESS_MS = 500

export interface LongPressHandlers {
  onPointerDown(event: PointerEvent): void
  onPointerUp(): void
  onPointerLeave(): void
  onPointerCancel(): void
  onClickCapture(event: MouseEvent): void
  onContextMenu(event: MouseEvent): void
}

export function useLongPress(onLongPress: () => void): LongPressHandlers {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const fired = useRef(false)
  const latest = useRef(onLongPress)
  useEffect(() => {
    latest.current = onLongPress
  })

  const cancel = (): void => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
  }
  useEffect(() => cancel, [])

  return {
    onPointerDown(event) {
      if (event.button > 0) return
      fired.current = false
      cancel()
      timer.current = setTimeout(() => {
        timer.current = null
        fired.current = true
        latest.current()
      }, LONG_PRESS_MS)
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onClickCapture(event) {
      if (!fired.current) return
      fired.current = false
      event.preventDefault()
      event.stopPropagation()
    },
    // A held touch opens the system's menu on some platforms; the long press is the menu here.
    onContextMenu(event) {
      if (fired.current || timer.current) event.preventDefault()
    }
  }
}
