// View and modal state (docs/product.md, "Views and navigation": no URL routes, two views).

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { UpdateState } from '@shared/bridge-contract'

export type View = 'feed' | 'profile'
export type ModalKind = 'auth' | 'create' | 'shortcuts'
export type AuthMode = 'signin' | 'signup'

export interface UiState {
  view: View
  modal: ModalKind | null
  authMode: AuthMode
  /** A notice from the platform, e.g. that tokens cannot be encrypted at rest. */
  notice: string | null
  /** The app's own update, as main reports it (desktop only). */
  update: UpdateState
  showFeed(): void
  showProfile(): void
  openAuth(mode?: AuthMode): void
  setAuthMode(mode: AuthMode): void
  openCreate(): void
  openShortcuts(): void
  closeModal(): void
  setNotice(notice: string | null): void
  setUpdate(update: UpdateState): void
}

export type UiStore = StoreApi<UiState>

export function createUiStore(): UiStore {
  return createStore<UiState>()((set) => ({
    view: 'feed',
    modal: null,
    authMode: 'signin',
    notice: null,
    update: { status: 'idle' },
    showFeed: () => set({ view: 'feed' }),
    showProfile: () => set({ view: 'profile' }),
    openAuth: (mode = 'signin') => set({ modal: 'auth', authMode: mode }),
    setAuthMode: (mode) => set({ authMode: mode }),
    openCreate: () => set({ modal: 'create' }),
    openShortcuts: () => set({ modal: 'shortcuts' }),
    closeModal: () => set({ modal: null }),
    setNotice: (notice) => set({ notice }),
    setUpdate: (update) => set({ update })
  }))
}
