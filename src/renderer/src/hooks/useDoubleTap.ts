// One gesture from two inputs: a double-click, or on a touch screen two taps in quick succession
// at nearly the same point. A touch browser may also send a dblclick for the same two taps: that
// one is dropped, so the gesture acts once. Used by the like on a post's photo and by the photo
// viewer's zoom.

import { useRef, type MouseEvent, type PointerEvent } from 'react'

/** Two taps this close in time and space are one double-tap. */
export const DOUBLE_TAP_MS = 300
const DOUBLE_TAP_PX = 30

export interface TapPoint {
  clientX: number
  clientY: number
}

export interface DoubleTapHandlers {
  onPointerUp(event: PointerEvent<Element>): void
  onDoubleClick(event: MouseEvent<Element>): void
}

/** `act` runs at the point of the second tap or of the double-click, unless `ignore` says the
 * gesture landed on something that takes its own clicks. */
export function useDoubleTap(
  act: (point: TapPoint) => void,
  ignore: (target: EventTarget | null) => boolean
): DoubleTapHandlers {
  const lastTap = useRef<{ at: number; x: number; y: number } | null>(null)
  /** A double-tap was just handled: the dblclick the browser may add for it is the same one. */
  const handledTapAt = useRef(0)

  return {
    onPointerUp(event) {
      if (event.pointerType !== 'touch' || ignore(event.target)) return
      const tap = { at: event.timeStamp, x: event.clientX, y: event.clientY }
      const previous = lastTap.current
      const isDouble =
        previous !== null &&
        tap.at - previous.at < DOUBLE_TAP_MS &&
        Math.hypot(tap.x - previous.x, tap.y - previous.y) < DOUBLE_TAP_PX
      lastTap.current = isDouble ? null : tap
      if (!isDouble) return
      handledTapAt.current = tap.at
      act({ clientX: event.clientX, clientY: event.clientY })
    },
    onDoubleClick(event) {
      if (ignore(event.target)) return
      if (event.timeStamp - handledTapAt.current < DOUBLE_TAP_MS) return
      act({ clientX: event.clientX, clientY: event.clientY })
    }
  }
}
