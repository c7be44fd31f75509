// What the window shows while photos are dragged over it: the whole window is the drop target.

import type { ReactElement } from 'react'
import { ImagePlus } from 'lucide-react'
import { useT } from '../../i18n'
import styles from './DropOverlay.module.scss'

export const DROP_OVERLAY_TEXT = 'Drop photos to share'

export function DropOverlay(): ReactElement {
  const t = useT()
  return (
    // Only a hint: the drop itself is caught on the window, so the overlay takes no events.
    <div className={styles.overlay} data-testid="drop-overlay" role="status">
      <div className={styles.panel}>
        <ImagePlus size={56} strokeWidth={1.25} aria-hidden />
        <p className={styles.text}>{t('shell.dropPhotos')}</p>
      </div>
    </div>
  )
}
