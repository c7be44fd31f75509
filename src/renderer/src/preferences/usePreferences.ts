// The app's preferences store and the hook that keeps <html>'s data attributes in step with it
// and with the system's reduced-motion and contrast settings, live.

import { useEffect } from 'react'
import { useStore } from 'zustand'
import { appliedPreferences, applyToDocument } from './appliedPreferences'
import { createPreferencesStore, type PreferencesState } from './preferences'

function localStorageOrNull(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

export const preferencesStore = createPreferencesStore(localStorageOrNull())

export function usePreferences<T>(select: (state: PreferencesState) => T): T {
  return useStore(preferencesStore, select)
}

const query = (media: string): MediaQueryList | null => globalThis.matchMedia?.(media) ?? null

/** Mounted once at the app's root. */
export function useApplyPreferences(): void {
  useEffect(() => {
    const reduced = query('(prefers-reduced-motion: reduce)')
    const contrast = query('(prefers-contrast: more)')
    const apply = (): void =>
      applyToDocument(
        appliedPreferences(preferencesStore.getState(), {
          reducedMotion: reduced?.matches ?? false,
          moreContrast: contrast?.matches ?? false
        }),
        document.documentElement
      )
    apply()
    const unsubscribe = preferencesStore.subscribe(apply)
    reduced?.addEventListener('change', apply)
    contrast?.addEventListener('change', apply)
    return () => {
      unsubscribe()
      reduced?.removeEventListener('change', apply)
      contrast?.removeEventListener('change', apply)
    }
  }, [])
}
