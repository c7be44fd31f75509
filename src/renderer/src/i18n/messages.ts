// The shared module's user-visible texts (@shared/messages) in the page's language. Stores and
// main hand the UI these English texts (or a server's own words); a text the catalog knows under
// `messages.<key>` is shown translated, any other as it came.

import { useCallback } from 'react'
import { MESSAGES } from '@shared/messages'
import { useT } from './index'

const KEY_BY_TEXT: ReadonlyMap<string, string> = new Map(
  Object.entries(MESSAGES).flatMap(([key, value]) =>
    typeof value === 'string' ? [[value, key] as const] : []
  )
)

/** `messages.<key>` for a text of @shared/messages, else null. */
export function messageKey(text: string): string | null {
  const key = KEY_BY_TEXT.get(text)
  return key ? `messages.${key}` : null
}

/** Translates a shared message for display; other text is shown as is. */
export function useMessage(): (text: string) => string {
  const t = useT()
  return useCallback(
    (text: string) => {
      const key = messageKey(text)
      return key ? t(key, { defaultValue: text }) : text
    },
    [t]
  )
}
