// The first step of creating a post or a story: drop photos from the file manager, or pick them
// (the native dialog in the desktop app, a file input in a browser).

import type { ReactElement } from 'react'
import { ArrowLeft, ImagePlus } from 'lucide-react'
import type { ImagePicker } from '../../picking/useImagePicker'
import { useT } from '../../i18n'
import styles from './DropZone.module.scss'

export interface DropZoneProps {
  picker: ImagePicker
  /** What the file input is called for screen readers. */
  inputLabel: string
}

export function DropZone({ picker, inputLabel }: DropZoneProps): ReactElement {
  const t = useT()
  return (
    <div
      className={`${styles.dropZone} ${picker.dragging ? styles['dropZone--active'] : ''}`}
      data-testid="drop-zone"
      {...picker.dropProps}
    >
      <ImagePlus size={72} strokeWidth={1} aria-hidden className={styles.dropIcon} />
      <p className={styles.dropText}>{t('create.dragHere')}</p>
      <button type="button" className={styles.selectButton} onClick={picker.pick}>
        {t('create.selectFromComputer')}
      </button>
      <input className={styles.fileInput} aria-label={inputLabel} {...picker.inputProps} />
    </div>
  )
}

/** The modal bar's way back from a photo's preview to the drop zone. */
export function ChooseAnotherButton({ onClick }: { onClick(): void }): ReactElement {
  const t = useT()
  return (
    <button
      type="button"
      className={styles.back}
      aria-label={t('create.chooseAnother')}
      onClick={onClick}
    >
      <ArrowLeft size={22} aria-hidden className="rtl-mirror" />
    </button>
  )
}
