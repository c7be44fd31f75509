import type { ReactElement } from 'react'
import { X } from 'lucide-react'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import styles from './Notice.module.scss'

export function Notice({ text, onDismiss }: { text: string; onDismiss(): void }): ReactElement {
  const t = useT()
  const translate = useMessage()
  return (
    <div className={styles.notice} role="status">
      <p className={styles.text}>{translate(text)}</p>
      <button
        type="button"
        className={styles.dismiss}
        aria-label={t('common.dismissNotice')}
        onClick={onDismiss}
      >
        <X size={16} aria-hidden />
      </button>
    </div>
  )
}
