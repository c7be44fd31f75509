// The person's display and accessibility choices on this install (docs/product.md, "Settings ›
// Accessibility" and "Settings › Language"): language, motion, contrast, text size and
// animated-photo autoplay follow the system unless set here; the alt-text reminder shows unless
// turned off. Kept in the renderer's local storage, which survives restarts on the desktop and
// in a browser.

import { createStore, type StoreApi } from 'zustand/vanilla'
import { LANGUAGES, PSEUDO_LANGUAGE, type AppLanguage } from '../i18n/languages'

export type FollowOrSet<T extends string> = 'system' | T

export interface Preferences {
  motion: FollowOrSet<'reduce' | 'full'>
  contrast: FollowOrSet<'more' | 'standard'>
  textSize: 'default' | 'large' | 'larger'
  /** Animated photos (GIF, WebP) play by themselves, or stay still until played. */
  autoplay: FollowOrSet<'on' | 'off'>
  /** Ask before sharing a photo without alt text. */
  altTextReminder: boolean
  /** Settings › Language: the system's language, or one the app has a catalog for. */
  language: FollowOrSet<AppLanguage>
}

export const DEFAULT_PREFERENCES: Preferences = {
  motion: 'system',
  contrast: 'system',
  textSize: 'default',
  autoplay: 'system',
  altTextReminder: true,
  language: 'system'
}

export interface PreferencesState extends Preferences {
  set<K extends keyof Preferences>(key: K, value: Preferences[K]): void
}

export type PreferencesStore = StoreApi<PreferencesState>

const STORAGE_KEY = 'instaframe:preferences'

const CHOICES: { [K in keyof Preferences]: ReadonlyArray<Preferences[K]> } = {
  motion: ['system', 'reduce', 'full'],
  contrast: ['system', 'more', 'standard'],
  textSize: ['default', 'large', 'larger'],
  autoplay: ['system', 'on', 'off'],
  altTextReminder: [true, false],
  language: ['system', ...LANGUAGES, PSEUDO_LANGUAGE]
}

/** What was saved, keeping only known keys with allowed values (an older build's or a hand
 * edit's leftovers fall back to the defaults). */
export function readPreferences(saved: string | null): Preferences {
  let parsed: Record<string, unknown> = {}
  try {
    const value: unknown = saved ? JSON.parse(saved) : {}
    if (value && typeof value === 'object') parsed = value as Record<string, unknown>
  } catch {
    // A damaged entry is the same as none.
  }
  const result = { ...DEFAULT_PREFERENCES }
  for (const key of Object.keys(CHOICES) as Array<keyof Preferences>) {
    const allowed = CHOICES[key] as readonly unknown[]
    if (allowed.includes(parsed[key])) (result as Record<string, unknown>)[key] = parsed[key]
  }
  return result
}

/** `storage` is where choices are kept (localStorage in the app; null keeps them in memory). */
export function createPreferencesStore(storage: Storage | null): PreferencesStore {
  let saved: string | null = null
  try {
    saved = storage?.getItem(STORAGE_KEY) ?? null
  } catch {
    // Storage can be unavailable (a locked-down browser): the defaults apply.
  }
  return createStore<PreferencesState>()((set, get) => ({
    ...readPreferences(saved),
    set(key, value) {
      set({ [key]: value } as Partial<PreferencesState>)
      const { set: _omit, ...choices } = get()
      try {
        storage?.setItem(STORAGE_KEY, JSON.stringify(choices))
      } catch {
        // Full or unavailable storage: the choice holds until the window closes.
      }
    }
  }))
}
