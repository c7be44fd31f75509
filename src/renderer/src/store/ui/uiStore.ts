// Modal and notice state. Which view shows is the route's business (store/router).

import { createStore, type StoreApi } from 'zustand/vanilla'

export type ModalKind = 'auth' | 'create' | 'edit-profile' | 'story'
export type AuthMode = 'signin' | 'signup'

export interface UiState {
  modal: ModalKind | null
  authMode: AuthMode
  /** A notice from the platform, e.g. that tokens cannot be encrypted at rest. */
  notice: string | null
  openAuth(mode?: AuthMode): void
  setAuthMode(mode: AuthMode): void
  openCreate(): void
  openEditProfile(): void
  openCreateStory(): void
  closeModal(): void
  setNotice(notice: string | null): void
}

export type UiStore = StoreApi<UiState>

export function createUiStore(): UiStore {
  return createStore<UiState>()((set) => ({
    modal: null,
    authMode: 'signin',
    notice: null,
    openAuth: (mode = 'signin') => set({ modal: 'auth', authMode: mode }),
    setAuthMode: (mode) => set({ authMode: mode }),
    openCreate: () => set({ modal: 'create' }),
    openEditProfile: () => set({ modal: 'edit-profile' }),
    openCreateStory: () => set({ modal: 'story' }),
    closeModal: () => set({ modal: null }),
    setNotice: (notice) => set({ notice })
  }))
}
