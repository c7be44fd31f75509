// Which language the page speaks: Settings › Language's choice, else the system's (the desktop
// app's `app.getLocale()`, a browser's `navigator.languages`), else English. Follows the choice
// live, and tells the desktop app each language applied so its menus speak it too.

import type { Api } from '@shared/bridge-contract'
import { preferencesStore } from '../preferences/usePreferences'
import type { Preferences } from '../preferences/preferences'
import { applyLanguage } from './i18n'
import { isLanguage, matchLanguage, type AppLanguage } from './languages'

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
  const apply = async (): Promise<void> => {
    const language = chosenLanguage(preferencesStore.getState().language, system)
    try {
      await applyLanguage(language)
    } catch (error) {
      console.error('Error loading the language', error)
      return
    }
    // The menus have no pseudo-locale: they stay in English for it.
    await api.app
      .setLanguage(isLanguage(language) ? language : 'en')
      .catch((error: unknown) => console.error('Error telling the menus the language', error))
  }
  await apply()
  let current = preferencesStore.getState().language
  return preferencesStore.subscribe((state) => {
    if (state.language === current) return
    current = state.language
    void apply()
  })
}
