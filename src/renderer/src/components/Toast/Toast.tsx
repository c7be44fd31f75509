// The short message at the bottom of the window ("Link copied"), announced politely.

import type { ReactElement } from 'react'
import { useToast } from '../../store'
import { useMessage } from '../../i18n/messages'
import styles from './Toast.module.scss'

export function Toast(): ReactElement {
  const message = useToast((state) => state.message)
  const translate = useMessage()
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {message && <p className={styles.toast}>{translate(message)}</p>}
    </div>
  )
}
