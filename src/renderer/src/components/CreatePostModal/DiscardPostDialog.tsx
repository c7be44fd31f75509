// "Discard post?": leaving the create screen once something was chosen or typed is asked once
// more, as on Instagram. Discard throws the post away (its saved draft too); Cancel, Escape or a
// click outside goes back to it as it was.

import type { ReactElement } from 'react'
import { Modal } from '../Modal/Modal'
import { useT } from '../../i18n'
import styles from './DiscardPostDialog.module.scss'

export function DiscardPostDialog({
  onDiscard,
  onCancel
}: {
  onDiscard(): void
  onCancel(): void
}): ReactElement {
  const t = useT()
  return (
    <Modal title={t('create.discardTitle')} onClose={onCancel} closeButton={false}>
      <div className={styles.body}>
        <p>{t('create.discardText')}</p>
        <button type="button" className={styles.discard} onClick={onDiscard}>
          {t('draft.discard')}
        </button>
        <button type="button" className={styles.cancel} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </Modal>
  )
}
