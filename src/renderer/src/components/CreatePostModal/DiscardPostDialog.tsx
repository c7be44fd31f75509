// "Discard post?": leaving the create screen once something was chosen or typed is asked once
// more, as on Instagram. Discard throws the post away (its saved draft too); Cancel, Escape or a
// click outside goes back to it as it was.

import type { ReactElement } from 'react'
import { Modal } from '../Modal/Modal'
import styles from './DiscardPostDialog.module.scss'

export function DiscardPostDialog({
  onDiscard,
  onCancel
}: {
  onDiscard(): void
  onCancel(): void
}): ReactElement {
  return (
    <Modal title="Discard post?" onClose={onCancel} closeButton={false}>
      <div className={styles.body}>
        <p>If you leave, your edits won&apos;t be saved.</p>
        <button type="button" className={styles.discard} onClick={onDiscard}>
          Discard
        </button>
        <button type="button" className={styles.cancel} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Modal>
  )
}
