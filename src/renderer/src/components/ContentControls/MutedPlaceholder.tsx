// What stands in for a post or comment containing one of the reader's muted words: says so,
// and "Show" opens it (for this sight only; the word stays muted).

import type { ReactElement } from 'react'
import { useT } from '../../i18n'
import styles from './ContentControls.module.scss'

export function MutedPlaceholder({
  what,
  onShow
}: {
  what: 'Post' | 'Comment'
  onShow(): void
}): ReactElement {
  const t = useT()
  return (
    <div className={what === 'Post' ? styles.mutedPost : styles.mutedComment}>
      <span>{what === 'Post' ? t('controls.mutedPost') : t('controls.mutedComment')}</span>{' '}
      <button type="button" className={styles.show} onClick={onShow}>
        {t('controls.show')}
      </button>
    </div>
  )
}
