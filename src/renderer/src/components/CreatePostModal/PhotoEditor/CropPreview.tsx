// The create screen's photo with its crop (docs/product.md, "Create a post"): the photo as
// it will be posted, painted live by a worker; drag (or the arrow keys) to move it in the frame,
// the wheel, the slider or +/- to zoom, and the frame's shape for the whole post.

import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode
} from 'react'
import {
  ASPECTS,
  cropRect,
  draggedFraming,
  MAX_ZOOM,
  type AspectId,
  type Framing,
  type PhotoEdit
} from '../../../imaging/edits'
import type { DraftPhoto } from '../useDraftPhotos'
import { usePreviewCanvas, type PhotoSize } from './usePreviewCanvas'
import styles from './PhotoEditor.module.scss'
import { useT } from '../../../i18n'

export interface CropPreviewProps {
  shown: DraftPhoto
  first: DraftPhoto
  aspect: AspectId
  onAspect(aspect: AspectId): void
  onEdit(edit: PhotoEdit): void
  /** What the preview is, for screen readers ("Preview of photo 2 of 3"). */
  label: string
  /** Original sizes by draft key, reported as photos are decoded. */
  onSizes(sizes: ReadonlyMap<string, PhotoSize>): void
  disabled: boolean
  /** Laid over the frame (Tag people), given the crop's width / height once known. */
  overlay?: (ratio: number | null) => ReactNode
}

const KEY_STEP = 0.1
const ZOOM_STEP = 0.1

const clampZoom = (zoom: number): number => Math.min(MAX_ZOOM, Math.max(1, zoom))

export function CropPreview({
  shown,
  first,
  aspect,
  onAspect,
  onEdit,
  label,
  onSizes,
  disabled,
  overlay
}: CropPreviewProps): ReactElement {
  const frame = useRef<HTMLDivElement>(null)
  const t = useT()
  const preview = usePreviewCanvas(frame, shown, first, aspect, shown.edit)
  const { sizes, size, ratio } = preview
  const [dragging, setDragging] = useState(false)
  const drag = useRef<{ x: number; y: number; framing: Framing } | null>(null)
  const hintId = useId()

  useEffect(() => onSizes(sizes), [sizes, onSizes])

  const setFraming = (framing: Framing): void => onEdit({ ...shown.edit, framing })

  // React's wheel listener is passive: a zooming wheel must not also scroll the dialog.
  const zoomBy = useRef<(delta: number) => void>(() => undefined)
  useEffect(() => {
    zoomBy.current = (delta) =>
      onEdit({
        ...shown.edit,
        framing: { ...shown.edit.framing, zoom: clampZoom(shown.edit.framing.zoom + delta) }
      })
  })
  useEffect(() => {
    const element = frame.current
    if (!element) return
    const onWheel = (event: WheelEvent): void => {
      event.preventDefault()
      zoomBy.current(event.deltaY < 0 ? ZOOM_STEP : -ZOOM_STEP)
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => element.removeEventListener('wheel', onWheel)
  }, [])

  const moveBy = (dx: number, dy: number, photo: PhotoSize, cropRatio: number): void => {
    const framing = drag.current?.framing ?? shown.edit.framing
    const crop = cropRect(photo.width, photo.height, cropRatio, framing)
    const shownWidth = preview.canvas.current?.clientWidth || 1
    setFraming(draggedFraming(framing, { dx, dy, shownWidth }, photo, crop))
  }

  const onKeyDown = (event: KeyboardEvent): void => {
    if (!size || ratio === null) return
    const { framing } = shown.edit
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP]
    }
    if (moves[event.key]) {
      const [x, y] = moves[event.key]
      const clamp = (value: number): number => Math.min(1, Math.max(-1, value))
      setFraming({
        ...framing,
        offsetX: clamp(framing.offsetX + x),
        offsetY: clamp(framing.offsetY + y)
      })
    } else if (event.key === '+' || event.key === '=') {
      zoomBy.current(ZOOM_STEP)
    } else if (event.key === '-') {
      zoomBy.current(-ZOOM_STEP)
    } else {
      return
    }
    event.preventDefault()
  }

  return (
    <div className={styles.cropper}>
      <div className={styles.frameBox}>
        <div
          ref={frame}
          className={`${styles.frame} ${dragging ? styles['frame--dragging'] : ''}`}
          role="img"
          aria-label={label}
          aria-describedby={hintId}
          tabIndex={disabled ? -1 : 0}
          onKeyDown={onKeyDown}
          onPointerDown={(event) => {
            if (disabled || event.button !== 0) return
            event.currentTarget.setPointerCapture(event.pointerId)
            drag.current = { x: event.clientX, y: event.clientY, framing: shown.edit.framing }
            setDragging(true)
          }}
          onPointerMove={(event) => {
            const start = drag.current
            if (!start || !size || ratio === null) return
            moveBy(event.clientX - start.x, event.clientY - start.y, size, ratio)
          }}
          onPointerUp={() => {
            drag.current = null
            setDragging(false)
          }}
          onPointerCancel={() => {
            drag.current = null
            setDragging(false)
          }}
        >
          {preview.failed && <img className={styles.fallback} src={shown.url} alt="" />}
        </div>
        {overlay?.(ratio)}
      </div>
      <p id={hintId} className={styles.hint}>
        {t('create.crop.hint')}
      </p>
      <div className={styles.cropBar}>
        <div className={styles.aspects} role="group" aria-label={t('create.crop.label')}>
          {ASPECTS.map((choice) => (
            <button
              key={choice.id}
              type="button"
              className={styles.pill}
              aria-pressed={aspect === choice.id}
              disabled={disabled}
              onClick={() => onAspect(choice.id)}
            >
              {choice.id === 'original' ? t('create.crop.original') : choice.label}
            </button>
          ))}
        </div>
        <label className={styles.zoom}>
          <span>{t('create.crop.zoom')}</span>
          <input
            type="range"
            min={1}
            max={MAX_ZOOM}
            step={0.01}
            value={shown.edit.framing.zoom}
            disabled={disabled}
            onChange={(event) =>
              setFraming({ ...shown.edit.framing, zoom: clampZoom(Number(event.target.value)) })
            }
          />
        </label>
      </div>
    </div>
  )
}
