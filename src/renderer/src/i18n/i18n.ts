// The app's one i18next instance. English is bundled and ready synchronously (so tests and the
// first paint need no setup); every other catalog is its own chunk, fetched when its language is
// chosen. Plurals go through i18next's Intl.PluralRules suffixes.

import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import en from './locales/en.json'
import type { Catalog } from './catalog'
import { PSEUDO_LANGUAGE, textDirection, type AppLanguage } from './languages'

export const i18n: I18n = i18next.createInstance()
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  initAsync: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false
})

const asCatalog = (module: { default: unknown }): Catalog => module.default as Catalog

const LOADERS: Record<Exclude<AppLanguage, 'en'>, () => Promise<Catalog>> = {
  es: () => import('./locales/es.json').then(asCatalog),
  de: () => import('./locales/de.json').then(asCatalog),
  ja: () => import('./locales/ja.json').then(asCatalog),
  ar: () => import('./locales/ar.json').then(asCatalog),
  [PSEUDO_LANGUAGE]: () => import('./pseudo').then(({ pseudoCatalog }) => pseudoCatalog(en))
}

let latest: AppLanguage = 'en'

/** Loads the language's catalog if needed, switches to it and sets `lang` and `dir` on the
 * document. When choices overlap, the last one asked for wins. */
export async function applyLanguage(
  language: AppLanguage,
  root: HTMLElement | null = globalThis.document?.documentElement ?? null
): Promise<void> {
  latest = language
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    const catalog = await LOADERS[language]()
    i18n.addResourceBundle(language, 'translation', catalog)
  }
  if (latest !== language) return
  await i18n.changeLanguage(language)
  if (root) {
    root.lang = language
    root.dir = textDirection(language)
  }
}

/** The language's tag for Intl (dates, counts); the pseudo-locale formats as English. */
export function intlLocale(language: string = i18n.language): string {
  return language === PSEUDO_LANGUAGE ? 'en' : language
}
