// The languages the app speaks, named in their own language for Settings › Language, and how a
// system's preferred languages (BCP 47 tags, most preferred first) pick one of them.

export const LANGUAGES = ['en', 'es', 'de', 'ja', 'ar'] as const
export type Language = (typeof LANGUAGES)[number]

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

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value)
}

export function textDirection(language: AppLanguage): 'rtl' | 'ltr' {
  return RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr'
}

/** The first preferred language the app has a catalog for ("de-AT" → de); English otherwise. */
export function matchLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split(/[-_]/)[0]
    if (isLanguage(base)) return base
  }
  return 'en'
}
