// Offers back what was being written when the app last closed (a crash, a forced quit): the
// saved draft is restored or discarded, never silently dropped or silently put back.

import type { ReactElement } from 'react'
import { useT } from '../../i18n'
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
  const t = useT()
  return (
    <div className={styles.prompt} role="group" aria-label={t('draft.restoreQuestion')}>
      <p className={styles.text}>
        <strong>{t('draft.restoreQuestion')}</strong> {t('draft.youHave', { what })}
      </p>
      <div className={styles.buttons}>
        <button type="button" className={styles.restore} onClick={onRestore}>
          {t('draft.restore')}
        </button>
        <button type="button" className={styles.discard} onClick={onDiscard}>
          {t('draft.discard')}
        </button>
      </div>
    </div>
  )
}
