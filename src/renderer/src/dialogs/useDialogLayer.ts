// A dialog's place in the window's dialog stack (dialogStack.ts) while it is open. A dialog
// passes its depth down (DialogDepth), so one opened inside it stacks above it.

import { createContext, useCallback, useContext, useLayoutEffect, useRef } from 'react'
import { dialogStack, type DialogLayer } from './dialogStack'

/** How many dialogs the components below are inside (0 on the page). */
export const DialogDepth = createContext(0)

export interface DialogPlace {
  /** Whether this dialog is the one on top now. */
  isTop(): boolean
  /** The depth to provide to what the dialog shows (DialogDepth). */
  depth: number
}

/** Registers the calling dialog while it is `open`. */
export function useDialogLayer(open = true): DialogPlace {
  const depth = useContext(DialogDepth) + 1
  const layer = useRef<DialogLayer | null>(null)
  // Before paint, so a key pressed right after the dialog shows already finds it.
  useLayoutEffect(() => {
    if (!open) return
    const opened = dialogStack.getState().open(depth)
    layer.current = opened
    return () => {
      dialogStack.getState().close(opened)
      layer.current = null
    }
  }, [open, depth])
  const isTop = useCallback(
    () => layer.current !== null && dialogStack.getState().isTop(layer.current),
    []
  )
  return { isTop, depth }
}
