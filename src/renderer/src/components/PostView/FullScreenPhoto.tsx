// The post view's way into the photo viewer: the "View full screen" button drawn over the photo,
// the photo the carousel shows (kept here, so the viewer opens on it and the post view shows the
// one the viewer ended on), and the viewer itself, whose code loads on first use. Closing it
// puts focus back on the button.

import {
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ReactElement,
  type RefCallback
} from 'react'
import { Maximize2 } from 'lucide-react'
import { preloadable } from '../../preloadable'
import type { ViewerPosition } from '../PhotoViewer/useViewerPosition'
import { useT } from '../../i18n'
import styles from './FullScreenPhoto.module.scss'

const PhotoViewer = preloadable(() =>
  import('../PhotoViewer/PhotoViewer').then((module) => module.PhotoViewer)
)

export interface FullScreenPhoto {
  /** The photo the post view's carousel shows. */
  photoIndex: number
  showPhoto(index: number): void
  /** Opens the viewer on photo `index`, or on the one shown. */
  open(index?: number): void
  expandRef: RefCallback<HTMLButtonElement>
  /** The viewer while open, for the post view to render. */
  viewer: ReactElement | null
}

export function useFullScreenPhoto(openId: string | null): FullScreenPhoto {
  const [photo, setPhoto] = useState<ViewerPosition | null>(null)
  // Another post starts at its first photo.
  const photoIndex = openId && photo?.postId === openId ? photo.index : 0
  const [viewing, setViewing] = useState(false)
  const button = useRef<HTMLButtonElement | null>(null)
  // Focus goes back to the button once the post view shows the viewer's last photo: after the
  // commit, since the button may be drawn anew with that photo, or when the button is drawn at
  // all: a post the viewer went on to and back from is read again, and until it comes the post
  // view shows "Loading…" with no button. Not if the reader has put focus somewhere meanwhile.
  const refocus = useRef(false)
  const focusBack = useCallback((): void => {
    if (!refocus.current || !button.current) return
    refocus.current = false
    if (!document.activeElement || document.activeElement === document.body) button.current.focus()
  }, [])
  useEffect(() => {
    if (!viewing) focusBack()
  }, [viewing, focusBack])
  const expandRef = useCallback(
    (node: HTMLButtonElement | null): void => {
      button.current = node
      focusBack()
    },
    [focusBack]
  )
  const showPhoto = useCallback(
    (index: number): void => {
      if (openId) setPhoto({ postId: openId, index })
    },
    [openId]
  )
  const open = useCallback(
    (index?: number): void => {
      if (index !== undefined) showPhoto(index)
      setViewing(true)
    },
    [showPhoto]
  )

  const viewer =
    viewing && openId ? (
      // Its own boundary: while its code loads, the post view stays on screen.
      <Suspense fallback={null}>
        <PhotoViewer
          start={{ postId: openId, index: photoIndex }}
          onClose={(shown) => {
            refocus.current = true
            setPhoto(shown)
            setViewing(false)
          }}
        />
      </Suspense>
    ) : null

  return {
    photoIndex,
    showPhoto,
    open,
    expandRef,
    viewer
  }
}

export function ViewFullScreenButton({
  onClick,
  buttonRef
}: {
  onClick(): void
  buttonRef: RefCallback<HTMLButtonElement>
}): ReactElement {
  const t = useT()
  return (
    <button
      ref={buttonRef}
      type="button"
      className={styles.expand}
      aria-label={t('postView.fullScreen')}
      title={t('postView.fullScreenKey')}
      onClick={(event) => {
        // The photo's own control: it neither opens a card's post nor likes on a double-click.
        event.stopPropagation()
        onClick()
      }}
      // Fetched while the pointer is on its way to a click.
      onPointerEnter={() => void PhotoViewer.preload()}
    >
      <Maximize2 size={16} aria-hidden />
    </button>
  )
}
