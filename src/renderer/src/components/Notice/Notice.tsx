import type { ReactElement } from 'react'
import { X } from 'lucide-react'
import styles from './Notice.module.scss'

export function Notice({ text, onDismiss }: { text: string; onDismiss(): void }): ReactElement {
  return (
    <div className={styles.notice} role="status">
      <p className={styles.text}>{text}</p>
      <button
        type="button"
        className={styles.dismiss}
        aria-label="Dismiss notice"
        onClick={onDismiss}
      >
        <X size={16} aria-hidden />
      </button>
    </div>
  )
}
