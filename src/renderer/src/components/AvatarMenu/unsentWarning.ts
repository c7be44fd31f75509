// The sign-out warning: how many queued actions would be lost, and which when there are few
// ("You have 2 unsent items (a like, a post)."), in the reader's language and list style.

import { useCallback } from 'react'
import { describeAction, type OutboxItem } from '../../offline/outbox/actions'
import { useLocale, useT } from '../../i18n'

/** Up to this many queued actions are named one by one. */
const NAMED = 3

export function useUnsentWarning(): (items: readonly OutboxItem[]) => string {
  const t = useT()
  const locale = useLocale()
  return useCallback(
    (items) => {
      const count = items.length
      if (count > NAMED) return t('outbox.unsent', { count })
      const names = items.map((item) => t(`outbox.kinds.${describeAction(item.action)}`))
      // 'unit' lists join with commas alone in English ("a like, a post"), each language's own way elsewhere.
      const kinds = new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format(names)
      return t('outbox.unsentListed', { count, kinds })
    },
    [t, locale]
  )
}
