// "Delete post?" — deleting cannot be undone, so it is asked once more.

import { useState, type ReactElement } from 'react'
import { Modal } from '../Modal/Modal'
import { usePost, useStores } from '../../store'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import styles from './PostView.module.scss'

export function DeletePostDialog({ onClose }: { onClose(): void }): ReactElement {
  const { post } = useStores()
  const error = usePost((state) => state.actionError)
  const [deleting, setDeleting] = useState(false)
  const t = useT()
  const translate = useMessage()

  const confirm = async (): Promise<void> => {
    setDeleting(true)
    const deleted = await post.getState().deleteOpenPost()
    setDeleting(false)
    if (deleted) onClose()
  }

  return (
    <Modal title={t('postView.deleteTitle')} onClose={onClose} closeDisabled={deleting}>
      <div className={styles.confirm}>
        <p>{t('postView.deleteText')}</p>
        {error && (
          <p className={styles.error} role="alert">
            {translate(error)}
          </p>
        )}
        <div className={styles.formActions}>
          <button type="button" className={styles.secondary} onClick={onClose} disabled={deleting}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className={styles.danger}
            onClick={() => void confirm()}
            disabled={deleting}
          >
            {deleting ? t('postView.deleting') : t('postView.delete')}
          </button>
        </div>
      </div>
    </Modal>
  )
}
