// The dialogs open in the window, in the order they stack: a modal, the post view, the story
// viewer, the photo viewer over a post, the notifications panel. The one on top owns the keys;
// one below it (the post view under its photo viewer, under a report dialog) leaves them alone.
// A dialog opened from inside another (a report dialog in the story viewer, a delete
// confirmation in the post view) is above it; among the others, the last opened is on top.
// One stack for the document, as the dialogs are, whichever part of the app opened them.

import { createStore, type StoreApi } from 'zustand/vanilla'

/** One open dialog's place in the stack. */
export type DialogLayer = symbol

interface Entry {
  layer: DialogLayer
  /** 1 for a dialog opened from the page, one more for each dialog it is opened inside. */
  depth: number
}

export interface DialogStackState {
  /** Open dialogs, bottom first. */
  entries: readonly Entry[]
  /** Puts a newly opened dialog in its place (`depth` as in Entry); returns its layer. */
  open(depth: number): DialogLayer
  /** Takes a closed dialog out, wherever it is in the stack. */
  close(layer: DialogLayer): void
  /** Whether `layer` is the dialog on top. */
  isTop(layer: DialogLayer): boolean
}

export type DialogStack = StoreApi<DialogStackState>

export function createDialogStack(): DialogStack {
  return createStore<DialogStackState>()((set, get) => ({
    entries: [],
    open(depth) {
      const layer = Symbol('dialog')
      set((state) => {
        // Above every dialog as deep or shallower (opened before it), below deeper ones: a
        // dialog inside another registers before its parent does (effects run children first).
        const at = state.entries.findIndex((entry) => entry.depth > depth)
        const entries = [...state.entries]
        entries.splice(at < 0 ? entries.length : at, 0, { layer, depth })
        return { entries }
      })
      return layer
    },
    close: (layer) =>
      set((state) => ({ entries: state.entries.filter((entry) => entry.layer !== layer) })),
    isTop: (layer) => get().entries.at(-1)?.layer === layer
  }))
}

/** The window's dialogs. */
export const dialogStack = createDialogStack()
