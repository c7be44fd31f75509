// Which language the page speaks: Settings › Language's choice, else the system's (the desktop
// app's `app.getLocale()`, a browser's `navigator.languages`), else English. Follows the choice
// live.

import type { Api } from '@shared/bridge-contract'
import { preferencesStore } from '../preferences/usePreferences'
import type { Preferences } from '../preferences/preferences'
import { applyLanguage } from './i18n'
import { matchLanguage, type AppLanguage } from './languages'

export function chosenLanguage(
  choice: Preferences['language'],
  systemLanguages: readonly string[]
): AppLanguage {
  return choice === 'system' ? matchLanguage(systemLanguages) : choice
}

let system: readonly string[] = globalThis.navigator?.languages ?? []

/** The system's languages, as the platform last told them (the browser's until then). */
export function systemLanguages(): readonly string[] {
  return system
}

/** Resolves once the first language is applied (before the app renders, so no English flashes
 * by); returns the unsubscribe. */
export async function followLanguage(api: Api): Promise<() => void> {
  system = await api.app.getSystemLanguages().catch(() => system)
  const apply = (): Promise<void> =>
    applyLanguage(chosenLanguage(preferencesStore.getState().language, system)).catch(
      (error: unknown) => console.error('Error loading the language', error)
    )
  await apply()
  let current = preferencesStore.getState().language
  return preferencesStore.subscribe((state) => {
    if (state.language === current) return
    current = state.language
    void apply()
  })
}
