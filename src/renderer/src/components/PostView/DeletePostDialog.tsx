// "Delete post?" — deleting cannot be undone, so it is asked once more.

import { useState, type ReactElement } from 'react'
import { Modal } from '../Modal/Modal'
import { usePost, useStores } from '../../store'
import styles from './PostView.module.scss'

export function DeletePostDialog({ onClose }: { onClose(): void }): ReactElement {
  const { post } = useStores()
  const error = usePost((state) => state.actionError)
  const [deleting, setDeleting] = useState(false)

  const confirm = async (): Promise<void> => {
    setDeleting(true)
    const deleted = await post.getState().deleteOpenPost()
    setDeleting(false)
    if (deleted) onClose()
  }

  return (
    <Modal title="Delete post?" onClose={onClose} closeDisabled={deleting}>
      <div className={styles.confirm}>
        <p>The photos, likes, comments and saves of this post will be deleted too.</p>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.formActions}>
          <button type="button" className={styles.secondary} onClick={onClose} disabled={deleting}>
            Cancel
          </button>
          <button
            type="button"
            className={styles.danger}
            onClick={() => void confirm()}
            disabled={deleting}
          >
            {deleting ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </div>
    </Modal>
  )
}
