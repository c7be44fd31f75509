// The languages the app speaks and how a system's preferred languages (BCP 47 tags, most
// preferred first) pick one of them: the page's choice and the desktop menus' use the same rule.

export const LANGUAGES = ['en', 'es', 'de', 'ja', 'ar'] as const
export type Language = (typeof LANGUAGES)[number]

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value)
}

/** The first preferred language the app has a catalog for ("de-AT" → de); English otherwise. */
export function matchLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split(/[-_]/)[0]
    if (isLanguage(base)) return base
  }
  return 'en'
}
