// A short message at the bottom of the window ("Link copied") that goes away by itself. It is a
// phrase of the catalog (or a server's words); the Toast shows it in the reader's language.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Text } from '../../i18n/phrase'

export const TOAST_DURATION_MS = 2500

export interface ToastState {
  message: Text | null
  show(message: Text): void
  dismiss(): void
}

export type ToastStore = StoreApi<ToastState>

export function createToastStore(durationMs = TOAST_DURATION_MS): ToastStore {
  let timer: ReturnType<typeof setTimeout> | null = null
  return createStore<ToastState>()((set) => ({
    message: null,
    show(message) {
      if (timer) clearTimeout(timer)
      set({ message })
      timer = setTimeout(() => set({ message: null }), durationMs)
    },
    dismiss() {
      if (timer) clearTimeout(timer)
      set({ message: null })
    }
  }))
}
