// The languages the app speaks, named in their own language for Settings › Language, and how a
// system's preferred languages (BCP 47 tags, most preferred first) pick one of them (shared with
// main, whose menus follow the same choice).

import { isLanguage, LANGUAGES, matchLanguage, type Language } from '@shared/languages'

export { isLanguage, LANGUAGES, matchLanguage, type Language }

/** Accented, longer English: only tests and developers choose it, to find strings left out of
 * the catalog and layouts that break on long words. */
export const PSEUDO_LANGUAGE = 'en-XA'
export type AppLanguage = Language | typeof PSEUDO_LANGUAGE

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  ja: '日本語',
  ar: 'العربية'
}

const RIGHT_TO_LEFT: ReadonlySet<AppLanguage> = new Set(['ar'])

export function textDirection(language: AppLanguage): 'rtl' | 'ltr' {
  return RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr'
}
