// What stores and main hand the UI, in the page's language: a phrase (a catalog key and its
// values), or a text of @shared/messages or @shared/auth-messages, which the catalog knows under
// `messages.<key>` and `errors.auth.<key>` (and the account steps' failure), or a failure sentence
// of the data layer (`failures.<key>`, i18n/failures.ts); any other text (a server's own words)
// shows as it came.

import { useCallback } from 'react'
import type { TFunction } from 'i18next'
import { AUTH_MESSAGES } from '@shared/auth-messages'
import { MESSAGES } from '@shared/messages'
import { ACCOUNT_FAILED } from '../services/rules'
import { failurePhrase } from './failures'
import { phrase, type Phrase, type Text } from './phrase'
import { useT } from './index'

const keysOf = (texts: object, area: string): [string, string][] =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [[value, `${area}.${key}`] as [string, string]] : []
  )

const KEY_BY_TEXT: ReadonlyMap<string, string> = new Map([
  ...keysOf(MESSAGES, 'messages'),
  ...keysOf(AUTH_MESSAGES, 'errors.auth'),
  [ACCOUNT_FAILED, 'errors.accountFailed']
])

/** The catalog key of a text of @shared/messages or @shared/auth-messages, else null. */
export function messageKey(text: string): string | null {
  return KEY_BY_TEXT.get(text) ?? null
}

/** A text as the catalog knows it: a shared message's or a data-layer failure's phrase, else the
 * text itself (the server's words). */
export function textPhrase(text: string): Text {
  const key = messageKey(text)
  // A shared message the catalog does not say yet shows in English, as useMessage does.
  if (key) return phrase(key as Phrase['key'], { defaultValue: text })
  return failurePhrase(text, textPhrase) ?? text
}

/** Says a phrase with `t`, its nested phrases first. */
export function sayPhrase(t: TFunction, { key, values = {} }: Phrase): string {
  const said = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'object' ? sayPhrase(t, value) : value
    ])
  )
  return t(key, said)
}

/** Translates a phrase or a shared message for display; other text is shown as is. */
export function useMessage(): (text: Text) => string {
  const t = useT()
  return useCallback(
    (text: Text) => {
      if (typeof text !== 'string') return sayPhrase(t, text)
      const key = messageKey(text)
      if (key) return t(key, { defaultValue: text })
      const failed = failurePhrase(text, textPhrase)
      return failed ? sayPhrase(t, failed) : text
    },
    [t]
  )
}
