// The short message at the bottom of the window ("Link copied"), announced politely.

import type { ReactElement } from 'react'
import { useToast } from '../../store'
import styles from './Toast.module.scss'

export function Toast(): ReactElement {
  const message = useToast((state) => state.message)
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {message && <p className={styles.toast}>{message}</p>}
    </div>
  )
}
