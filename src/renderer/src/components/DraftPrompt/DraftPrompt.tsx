// Offers back what was being written when the app last closed (a crash, a forced quit): the
// saved draft is restored or discarded, never silently dropped or silently put back.

import type { ReactElement } from 'react'
import styles from './DraftPrompt.module.scss'

export function DraftPrompt({
  what,
  onRestore,
  onDiscard
}: {
  /** What the draft is, e.g. "your unsent post". */
  what: string
  onRestore(): void
  onDiscard(): void
}): ReactElement {
  return (
    <div className={styles.prompt} role="group" aria-label="Restore draft?">
      <p className={styles.text}>
        <strong>Restore draft?</strong> You have {what} from last time.
      </p>
      <div className={styles.buttons}>
        <button type="button" className={styles.restore} onClick={onRestore}>
          Restore
        </button>
        <button type="button" className={styles.discard} onClick={onDiscard}>
          Discard
        </button>
      </div>
    </div>
  )
}
