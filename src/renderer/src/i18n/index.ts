// The renderer's translations: `useT()` in components, the language's Intl formatters, and
// `followLanguage` that keeps the page in the system's or the chosen language.

import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { i18n, intlLocale } from './i18n'

export { applyLanguage, i18n, intlLocale } from './i18n'
export { followLanguage, systemLanguages } from './followLanguage'
export * from './languages'

/** The translate function of the page's current language; re-renders when it changes. */
export function useT(): TFunction {
  return useTranslation(undefined, { i18n }).t
}

/** The current language's Intl tag, re-rendering when it changes. */
export function useLocale(): string {
  return intlLocale(useTranslation(undefined, { i18n }).i18n.language)
}
