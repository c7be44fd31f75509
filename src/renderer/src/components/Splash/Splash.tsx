import type { ReactElement } from 'react'
import { MESSAGES } from '@shared/messages'
import { BRAND_NAME } from '../../brand'
import styles from './Splash.module.scss'

export function Splash(): ReactElement {
  return (
    <div className={styles.splash} role="status" aria-live="polite">
      <span className={styles.logo} aria-hidden>
        {BRAND_NAME}
      </span>
      <p className={styles.text}>{MESSAGES.loading}</p>
    </div>
  )
}
