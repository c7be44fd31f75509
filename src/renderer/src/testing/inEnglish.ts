// What a store's text reads as in English: tests of stores that speak in catalog phrases still
// check the English sentence the person sees.

import { i18n } from '../i18n'
import { sayPhrase } from '../i18n/messages'
import type { Text } from '../i18n/phrase'

export function inEnglish(text: Text | null | undefined): string | null {
  if (text === null || text === undefined) return null
  if (typeof text === 'string') return text
  return sayPhrase(i18n.getFixedT('en'), text)
}
