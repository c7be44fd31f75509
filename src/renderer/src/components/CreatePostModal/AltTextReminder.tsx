// The gentle prompt beside Share while a photo has no alt text (docs/product.md, "Create a
// post"): never a wall, Share works as ever; one click goes to the description, hides the
// prompt for this post, or turns it off (Settings › Accessibility turns it back on).

import type { ReactElement } from 'react'
import styles from './CreatePostModal.module.scss'
import { useT } from '../../i18n'

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
  const t = useT()
  const which =
    total === 1
      ? t('create.altReminder.one')
      : missing.length === total
        ? t('create.altReminder.none')
        : t(missing.length === 1 ? 'create.altReminder.someOne' : 'create.altReminder.someMany', {
            list: missing.join(', ')
          })
  return (
    <div className={styles.reminder} role="region" aria-label={t('create.altReminder.label')}>
      <p>
        <strong>{t('create.altReminder.title')}</strong> {which} {t('create.altReminder.why')}
      </p>
      <div className={styles.reminderActions}>
        <button type="button" className={styles.reminderAdd} onClick={onAdd}>
          {t('create.altReminder.add')}
        </button>
        <button type="button" className={styles.reminderLink} onClick={onNotNow}>
          {t('create.altReminder.notNow')}
        </button>
        <button type="button" className={styles.reminderLink} onClick={onStopReminding}>
          {t('create.altReminder.stop')}
        </button>
      </div>
    </div>
  )
}
