// The full-screen photo viewer, opened from the post view (its "View full screen" button or f):
// the photo fitted on a dark backdrop, zoomed by wheel, pinch, double-click or double-tap or
// +/-/0 and panned by drag or the arrows while zoomed; fitted, ←/→ move through the post's
// photos and on to the neighbouring posts. A clip of the post plays fitted (FeedVideo: muted at
// first, the only one playing), without zoom: on its slide no gesture or key zooms, and the
// arrows always move through the slides. A modal dialog: focus stays inside, Escape or Close
// ends it, and the post view puts focus back on the button that opened it.

import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement
} from 'react'
import { ChevronLeft, ChevronRight, X } from 'lucide-react'
import { DialogDepth, useDialogLayer } from '../../dialogs/useDialogLayer'
import { useFocusTrap } from '../../hooks/useFocusTrap'
import { photoViewerAction } from '../../keyboard/photoViewerKeys'
import { arrowStep, isRightToLeft } from '../../keyboard/readingDirection'
import { useT } from '../../i18n'
import { HeldImg } from '../AnimatedPhoto/HeldImg'
import { PlayAnimationButton } from '../AnimatedPhoto/PlayAnimationButton'
import { useAnimationHold } from '../AnimatedPhoto/useAnimationHold'
import { placeholderDataUrl } from '../../imaging/placeholder'
import { AltBadge } from '../Carousel/AltBadge'
import { usePanZoom } from './usePanZoom'
import { useViewerPosition, type ViewerPosition } from './useViewerPosition'
import { KEY_PAN_STEP, isZoomed, viewTransform, type Size } from './zoom'
import styles from './PhotoViewer.module.scss'

// A clip's player: its code is already loaded by the post view that opened the viewer.
const FeedVideo = lazy(() =>
  import('../FeedVideo/FeedVideo').then((module) => ({ default: module.FeedVideo }))
)

export interface PhotoViewerProps {
  start: ViewerPosition
  /** Called with the photo shown last, so the post view can show the same one. */
  onClose(shown: ViewerPosition): void
}

export function PhotoViewer({ start, onClose }: PhotoViewerProps): ReactElement {
  const t = useT()
  const dialogRef = useRef<HTMLDivElement>(null)
  const stageRef = useRef<HTMLDivElement>(null)
  const trapFocus = useFocusTrap(dialogRef)
  const { depth } = useDialogLayer()
  const counterId = useId()
  const place = useViewerPosition(start)
  const { post, images, index } = place
  const image = post ? images[index] : undefined
  const photoKey = image ? `${post!.id}:${image.position}` : 'loading'
  // Photos saved without dimensions take theirs from the loaded image.
  const [loadedSize, setLoadedSize] = useState<{ key: string; size: Size } | null>(null)
  const natural =
    image?.width && image.height
      ? { width: image.width, height: image.height }
      : loadedSize?.key === photoKey
        ? loadedSize.size
        : { width: 0, height: 0 }
  const zoom = usePanZoom(
    stageRef,
    natural,
    photoKey,
    (direction) => place.step(direction),
    !image?.video_url
  )
  const zoomed = isZoomed(zoom.view)
  const hold = useAnimationHold(image?.image_url, stageRef)

  useEffect(() => dialogRef.current?.focus(), [])

  const close = (): void => onClose({ postId: post?.id ?? start.postId, index: Math.max(0, index) })

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Tab') {
      trapFocus(event)
      return
    }
    const action = photoViewerAction(event)
    // A focused button keeps Enter and Space; the arrows and zoom keys are the viewer's.
    if (!action || action === 'open') return
    event.preventDefault()
    event.stopPropagation()
    if (action === 'close') close()
    else if (action === 'zoom-in') zoom.zoomIn()
    else if (action === 'zoom-out') zoom.zoomOut()
    else if (action === 'zoom-reset') zoom.reset()
    // While zoomed the arrows move the view over the photo: ← shows more of its left side.
    else if (zoomed && action === 'left') zoom.pan(KEY_PAN_STEP, 0)
    else if (zoomed && action === 'right') zoom.pan(-KEY_PAN_STEP, 0)
    else if (zoomed && action === 'up') zoom.pan(0, KEY_PAN_STEP)
    else if (zoomed && action === 'down') zoom.pan(0, -KEY_PAN_STEP)
    // Fitted, they move through the photos along the reading direction (← moves on in Arabic).
    else if (action === 'left' || action === 'right')
      place.step(arrowStep(event.key, isRightToLeft(event.currentTarget)) ?? 1)
  }

  const username = post?.profiles?.username ?? 'unknown'
  const alt = image?.alt_text?.trim() || post?.caption?.trim() || t('shell.photoBy', { username })
  const previous = place.canStep(-1)
  const next = place.canStep(1)
  const preview = placeholderDataUrl(image?.placeholder)

  return (
    <DialogDepth.Provider value={depth}>
      <div
        ref={dialogRef}
        className={styles.viewer}
        role="dialog"
        aria-modal="true"
        aria-label={t('shell.photoViewer')}
        aria-describedby={images.length > 1 ? counterId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div
          ref={stageRef}
          className={`${styles.stage} ${zoomed ? styles['stage--zoomed'] : ''} ${
            zoom.dragging ? styles['stage--dragging'] : ''
          }`}
          data-testid="photo-viewer-stage"
          {...zoom.stageHandlers}
        >
          {image?.video_url ? (
            <div
              key={photoKey}
              className={styles.image}
              style={{ width: zoom.fitted.width, height: zoom.fitted.height }}
            >
              <Suspense fallback={null}>
                <FeedVideo
                  src={image.video_url}
                  poster={image.image_url}
                  label={alt}
                  captionsUrl={image.captions_url}
                  onLoad={() => undefined}
                />
              </Suspense>
            </div>
          ) : image ? (
            <HeldImg
              hold={hold}
              key={photoKey}
              src={image.image_url}
              alt={alt}
              draggable={false}
              className={`${styles.image} ${zoom.animated ? styles['image--animated'] : ''}`}
              style={{
                width: zoom.fitted.width,
                height: zoom.fitted.height,
                transform: viewTransform(zoom.view),
                backgroundImage: preview ? `url(${preview})` : undefined
              }}
              onLoad={(event) => {
                const img = event.currentTarget
                setLoadedSize({
                  key: photoKey,
                  size: { width: img.naturalWidth, height: img.naturalHeight }
                })
              }}
            />
          ) : (
            <p className={styles.status} role="status">
              {t('shell.loading')}
            </p>
          )}
        </div>
        <div className={styles.topBar}>
          {images.length > 1 && (
            <p id={counterId} className={styles.counter} aria-live="polite">
              {t('shell.photoCounter', { at: index + 1, total: images.length })}
            </p>
          )}
          <button
            type="button"
            className={styles.close}
            aria-label={t('common.close')}
            onClick={close}
          >
            <X size={24} aria-hidden />
          </button>
        </div>
        {previous && (
          <button
            type="button"
            className={`${styles.nav} ${styles['nav--previous']}`}
            aria-label={t(previous === 'photo' ? 'shell.previousPhoto' : 'shell.previousPost')}
            onClick={() => place.step(-1)}
          >
            <ChevronLeft size={28} aria-hidden className="rtl-mirror" />
          </button>
        )}
        {next && (
          <button
            type="button"
            className={`${styles.nav} ${styles['nav--next']}`}
            aria-label={t(next === 'photo' ? 'shell.nextPhoto' : 'shell.nextPost')}
            onClick={() => place.step(1)}
          >
            <ChevronRight size={28} aria-hidden className="rtl-mirror" />
          </button>
        )}
        <PlayAnimationButton hold={hold} className={styles.play} />
        {image?.alt_text?.trim() && (
          <AltBadge key={photoKey} text={image.alt_text.trim()} className={styles.alt} />
        )}
      </div>
    </DialogDepth.Provider>
  )
}
