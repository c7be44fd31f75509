// How something queued in the outbox shows until the server has it: a new post says it will be
// posted when the app is back online, a comment shows a small clock instead of its age.

import type { ReactElement } from 'react'
import { Clock } from 'lucide-react'
import { useOutbox } from '../../store'
import styles from './PendingMarker.module.scss'

export const PENDING_POST_TEXT = "Will post when you're online"

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
  return (
    <span className={`${styles.note} ${overlay ? styles['note--overlay'] : ''}`}>
      <Clock size={12} aria-hidden />
      {PENDING_POST_TEXT}
    </span>
  )
}

export function PendingClock(): ReactElement {
  return (
    <span className={styles.clock} role="img" aria-label="Pending" title="Not sent yet">
      <Clock size={12} aria-hidden />
    </span>
  )
}
