// What stands in for a post or comment containing one of the reader's muted words: says so,
// and "Show" opens it (for this sight only; the word stays muted).

import type { ReactElement } from 'react'
import styles from './ContentControls.module.scss'

export function MutedPlaceholder({
  what,
  onShow
}: {
  what: 'Post' | 'Comment'
  onShow(): void
}): ReactElement {
  return (
    <div className={what === 'Post' ? styles.mutedPost : styles.mutedComment}>
      <span>{what} hidden because it contains a muted word.</span>{' '}
      <button type="button" className={styles.show} onClick={onShow}>
        Show
      </button>
    </div>
  )
}
