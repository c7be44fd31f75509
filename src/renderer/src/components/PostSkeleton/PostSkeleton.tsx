import type { ReactElement } from 'react'
import styles from './PostSkeleton.module.scss'

/** A grey stand-in for a post card while the feed loads (docs/product.md, "Feed"). */
export function PostSkeleton(): ReactElement {
  return (
    <div className={styles.card} data-testid="post-skeleton" aria-hidden>
      <div className={styles.header}>
        <span className={styles.avatar} />
        <span className={styles.line} />
      </div>
      <div className={styles.image} />
      <div className={styles.footer}>
        <span className={styles.line} />
        <span className={`${styles.line} ${styles['line--short']}`} />
      </div>
    </div>
  )
}
