// The photos and clips of a post being made, as a strip of thumbnails (a clip shows its first
// frame): pick one to preview it and write its alt text, drag one onto another to reorder (or use
// the move buttons from the keyboard), remove one, or add more up to ten.

import { useState, type ReactElement } from 'react'
import { ChevronLeft, ChevronRight, Plus, X } from 'lucide-react'
import { MAX_CAROUSEL_PHOTOS } from '@shared/limits'
import styles from './CreatePostModal.module.scss'
import { useT } from '../../i18n'

export interface StripPhoto {
  key: string
  url: string
  /** Set for a video clip. */
  clip?: unknown
}

export interface PhotoStripProps {
  photos: StripPhoto[]
  selected: number
  disabled: boolean
  onSelect(index: number): void
  onMove(from: number, to: number): void
  onRemove(index: number): void
  onAdd(): void
}

export function PhotoStrip(props: PhotoStripProps): ReactElement {
  const { photos, selected, disabled } = props
  const [dragged, setDragged] = useState<number | null>(null)
  const t = useT()
  return (
    <ol className={styles.strip} aria-label={t('create.photos.list')}>
      {photos.map((photo, index) => (
        <li
          key={photo.key}
          className={`${styles.stripItem} ${index === selected ? styles['stripItem--selected'] : ''}`}
          draggable={!disabled}
          data-testid="strip-photo"
          onDragStart={(event) => {
            setDragged(index)
            event.dataTransfer.effectAllowed = 'move'
          }}
          onDragOver={(event) => {
            if (dragged !== null) event.preventDefault()
          }}
          onDrop={(event) => {
            // A reorder, not a file drop: the modal's drop zone must not see it.
            event.preventDefault()
            event.stopPropagation()
            if (dragged !== null && dragged !== index) props.onMove(dragged, index)
            setDragged(null)
          }}
          onDragEnd={() => setDragged(null)}
        >
          <button
            type="button"
            className={styles.stripThumb}
            aria-label={t(photo.clip ? 'create.video.item' : 'create.photos.item', {
              position: index + 1,
              total: photos.length
            })}
            aria-current={index === selected ? 'true' : undefined}
            onClick={() => props.onSelect(index)}
          >
            {photo.clip ? (
              <video src={photo.url} muted preload="metadata" draggable={false} aria-hidden />
            ) : (
              <img src={photo.url} alt="" draggable={false} />
            )}
          </button>
          {photos.length > 1 && !disabled && (
            <span className={styles.stripTools}>
              <button
                type="button"
                aria-label={t('create.photos.moveEarlier', { position: index + 1 })}
                disabled={index === 0}
                onClick={() => props.onMove(index, index - 1)}
              >
                <ChevronLeft size={14} aria-hidden className="rtl-mirror" />
              </button>
              <button
                type="button"
                aria-label={t('create.photos.remove', { position: index + 1 })}
                onClick={() => props.onRemove(index)}
              >
                <X size={14} aria-hidden />
              </button>
              <button
                type="button"
                aria-label={t('create.photos.moveLater', { position: index + 1 })}
                disabled={index === photos.length - 1}
                onClick={() => props.onMove(index, index + 1)}
              >
                <ChevronRight size={14} aria-hidden className="rtl-mirror" />
              </button>
            </span>
          )}
        </li>
      ))}
      {photos.length < MAX_CAROUSEL_PHOTOS && !disabled && (
        <li>
          <button
            type="button"
            className={styles.addPhoto}
            aria-label={t('create.photos.add')}
            onClick={props.onAdd}
          >
            <Plus size={20} aria-hidden />
          </button>
        </li>
      )}
    </ol>
  )
}
