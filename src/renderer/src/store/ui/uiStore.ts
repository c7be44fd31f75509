// Modal and notice state. Which view shows is the route's business (store/router).

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { UpdateState } from '@shared/bridge-contract'

/** 'welcome': the first step after sign-up (a profile photo, people to follow). */
export type ModalKind = 'auth' | 'create' | 'edit-profile' | 'story' | 'shortcuts' | 'welcome'
/**
 * The auth modal's screens: the password form (sign in or up), and the account steps: forgot
 * password and login code (email, then the mailed code), a new password after recovery, and the
 * second factor after the password.
 */
export type AuthMode =
  'signin' | 'signup' | 'forgot' | 'login-code' | 'new-password' | 'second-factor'

export interface UiState {
  modal: ModalKind | null
  authMode: AuthMode
  /** A notice from the platform, e.g. that tokens cannot be encrypted at rest. */
  notice: string | null
  /** The app's own update, as main reports it (desktop only). */
  update: UpdateState
  /** Photos Create opens with: dropped on the window, or handed to the app by the OS. */
  createFiles: File[] | null
  openAuth(mode?: AuthMode): void
  setAuthMode(mode: AuthMode): void
  openCreate(files?: File[]): void
  openEditProfile(): void
  openCreateStory(): void
  openShortcuts(): void
  openWelcome(): void
  closeModal(): void
  setNotice(notice: string | null): void
  setUpdate(update: UpdateState): void
}

export type UiStore = StoreApi<UiState>

export function createUiStore(): UiStore {
  return createStore<UiState>()((set) => ({
    modal: null,
    authMode: 'signin',
    notice: null,
    update: { status: 'idle' },
    createFiles: null,
    openAuth: (mode = 'signin') => set({ modal: 'auth', authMode: mode }),
    setAuthMode: (mode) => set({ authMode: mode }),
    openCreate: (files) => set({ modal: 'create', createFiles: files ?? null }),
    openEditProfile: () => set({ modal: 'edit-profile' }),
    openCreateStory: () => set({ modal: 'story' }),
    openShortcuts: () => set({ modal: 'shortcuts' }),
    openWelcome: () => set({ modal: 'welcome' }),
    closeModal: () => set({ modal: null, createFiles: null }),
    setNotice: (notice) => set({ notice }),
    setUpdate: (update) => set({ update })
  }))
}
