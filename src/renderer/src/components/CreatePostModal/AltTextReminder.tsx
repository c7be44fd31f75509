// The gentle prompt beside Share while a photo has no alt text (docs/product.md, "Create a
// post"): never a wall, Share works as ever; one click goes to the description, hides the
// prompt for this post, or turns it off (Settings › Accessibility turns it back on).

import type { ReactElement } from 'react'
import styles from './CreatePostModal.module.scss'

export interface AltTextReminderProps {
  /** 1-based positions of the photos with no alt text. */
  missing: number[]
  total: number
  onAdd(): void
  onNotNow(): void
  onStopReminding(): void
}

export function AltTextReminder({
  missing,
  total,
  onAdd,
  onNotNow,
  onStopReminding
}: AltTextReminderProps): ReactElement {
  const which =
    total === 1
      ? 'Your photo has no alt text.'
      : missing.length === total
        ? 'None of your photos has alt text.'
        : `Photo ${missing.join(', ')} ${missing.length === 1 ? 'has' : 'have'} no alt text.`
  return (
    <div className={styles.reminder} role="region" aria-label="Alt text reminder">
      <p>
        <strong>Add alt text?</strong> {which} Alt text describes a photo for people who can&apos;t
        see it.
      </p>
      <div className={styles.reminderActions}>
        <button type="button" className={styles.reminderAdd} onClick={onAdd}>
          Add alt text
        </button>
        <button type="button" className={styles.reminderLink} onClick={onNotNow}>
          Not now
        </button>
        <button type="button" className={styles.reminderLink} onClick={onStopReminding}>
          Don&apos;t remind me
        </button>
      </div>
    </div>
  )
}
