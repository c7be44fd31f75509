// A short message at the bottom of the window ("Link copied") that goes away by itself.

import { createStore, type StoreApi } from 'zustand/vanilla'

export const TOAST_DURATION_MS = 2500

export interface ToastState {
  message: string | null
  show(message: string): void
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
