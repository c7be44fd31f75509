// How something queued in the outbox shows until the server has it: a new post says it will be
// posted when the app is back online, a comment shows a small clock instead of its age.

import type { ReactElement } from 'react'
import { Clock } from 'lucide-react'
import { useT } from '../../i18n'
import { useOutbox } from '../../store'
import styles from './PendingMarker.module.scss'

/** Whether a new post or comment with this id is waiting in the outbox. */
export function useIsQueued(kind: 'post' | 'comment', id: string): boolean {
  return useOutbox((state) =>
    state.items.some(({ action }) =>
      kind === 'post'
        ? action.kind === 'post' && action.input.id === id
        : action.kind === 'comment' && action.id === id
    )
  )
}

export function PendingPostNote({ overlay = false }: { overlay?: boolean }): ReactElement {
  const t = useT()
  return (
    <span className={`${styles.note} ${overlay ? styles['note--overlay'] : ''}`}>
      <Clock size={12} aria-hidden />
      {t('outbox.pendingPost')}
    </span>
  )
}

export function PendingClock(): ReactElement {
  const t = useT()
  return (
    <span
      className={styles.clock}
      role="img"
      aria-label={t('outbox.pending')}
      title={t('outbox.notSentYet')}
    >
      <Clock size={12} aria-hidden />
    </span>
  )
}
