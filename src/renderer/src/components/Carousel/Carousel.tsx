// The photos of a post, one at a time: arrows and dots to move, ←/→ when it has focus (in
// right-to-left text the next photo is to the left, so ← moves on and the arrows swap sides). A
// single photo renders as just the photo. Each photo's alt text is its own; photos without
// one fall back to `fallbackAlt`. The post view draws its "View full screen" over the photo
// (`overlay`) and opens it with Enter on the focused photos (`onOpen`). A photo with people
// tagged on it carries their layer (PeopleTags/PeopleTagsLayer); a click on the photo shows or
// hides the names.

import {
  lazy,
  Suspense,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode
} from 'react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { PeopleTag, PostImage } from '@shared/domain'
import { arrowStep, isRightToLeft } from '../../keyboard/readingDirection'
import { useT } from '../../i18n'
import { carouselFrameRatio } from './frameRatio'
import { PostMedia } from './PostMedia'
import styles from './Carousel.module.scss'

export interface CarouselProps {
  images: PostImage[]
  fallbackAlt: string
  /** Fill the box it is given (post view) instead of taking the photo's own aspect ratio. */
  fill?: boolean
  /** The photo shown, when the owner keeps it (the post view, whose viewer opens on it). */
  index?: number
  onIndexChange?(index: number): void
  /** Controls drawn over the shown photo. */
  overlay?: (index: number) => ReactNode
  /** Enter on the focused photos. */
  onOpen?(index: number): void
  /** The post's people tags (every photo's); each photo shows its own. */
  tags?: readonly PeopleTag[]
}

const NO_TAGS: readonly PeopleTag[] = []

// Only photos with people tagged on them need the layer: it is loaded with the first.
const PeopleTagsLayer = lazy(() =>
  import('../PeopleTags/PeopleTagsLayer').then((module) => ({ default: module.PeopleTagsLayer }))
)

export function Carousel({
  images,
  fallbackAlt,
  fill = false,
  index: shownIndex,
  onIndexChange,
  overlay,
  onOpen,
  tags = NO_TAGS
}: CarouselProps): ReactElement {
  const t = useT()
  const [ownIndex, setOwnIndex] = useState(0)
  const index = shownIndex ?? ownIndex
  const [tagsShown, setTagsShown] = useState(false)
  const at = Math.min(index, images.length - 1)
  const image = images[at]
  // Several photos share one frame, the first's shape (frameRatio.ts), each filling it.
  const frame = images.length > 1 ? carouselFrameRatio(images) : undefined
  const photoTags = tags.filter((tag) => tag.position === image.position)
  const toggleTags = (): void => setTagsShown((shown) => !shown)
  const tagLayer = photoTags.length > 0 && (
    <Suspense fallback={null}>
      <PeopleTagsLayer
        tags={photoTags}
        shown={tagsShown}
        onToggle={toggleTags}
        photo={image}
        fit={fill && !frame ? 'contain' : 'cover'}
      />
    </Suspense>
  )
  const onPhotoClick = photoTags.length > 0 ? toggleTags : undefined
  const media = (
    <PostMedia
      src={image.image_url}
      alt={image.alt_text?.trim() || fallbackAlt}
      width={image.width}
      height={image.height}
      placeholder={image.placeholder}
      fill={fill}
      frameRatio={frame}
      tagged={photoTags.length > 0}
      altText={image.alt_text?.trim()}
      videoUrl={image.video_url}
      captionsUrl={image.captions_url}
    >
      {overlay?.(at)}
    </PostMedia>
  )
  if (images.length < 2) {
    if (!tagLayer) return media
    return (
      <div
        className={`${styles.tagged} ${fill ? styles['carousel--fill'] : ''}`}
        onClick={onPhotoClick}
      >
        {media}
        {tagLayer}
      </div>
    )
  }

  const move = (to: number): void => {
    const next = Math.max(0, Math.min(images.length - 1, to))
    setOwnIndex(next)
    onIndexChange?.(next)
  }
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Enter' && onOpen && event.target === event.currentTarget) {
      event.preventDefault()
      event.stopPropagation()
      onOpen(at)
      return
    }
    const step = arrowStep(event.key, isRightToLeft(event.currentTarget))
    if (step === null) return
    // The photos take the arrows; the post view's own ←/→ (next post) must not also fire.
    event.stopPropagation()
    event.preventDefault()
    move(at + step)
  }

  return (
    <div
      className={`${styles.carousel} ${fill ? styles['carousel--fill'] : ''}`}
      role="group"
      aria-roledescription="carousel"
      aria-label={t('shell.photos', { at: at + 1, total: images.length })}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onClick={onPhotoClick}
    >
      {media}
      {tagLayer}
      {at > 0 && (
        <button
          type="button"
          className={`${styles.arrow} ${styles['arrow--previous']}`}
          aria-label={t('shell.previousPhoto')}
          onClick={(event) => {
            // Paging photos is the carousel's own: a card must not also open the post.
            event.stopPropagation()
            move(at - 1)
          }}
        >
          <ChevronLeft size={18} aria-hidden className="rtl-mirror" />
        </button>
      )}
      {at < images.length - 1 && (
        <button
          type="button"
          className={`${styles.arrow} ${styles['arrow--next']}`}
          aria-label={t('shell.nextPhoto')}
          onClick={(event) => {
            event.stopPropagation()
            move(at + 1)
          }}
        >
          <ChevronRight size={18} aria-hidden className="rtl-mirror" />
        </button>
      )}
      <div className={styles.dots} aria-hidden>
        {images.map((item, i) => (
          <span
            key={item.position}
            className={`${styles.dot} ${i === at ? styles['dot--current'] : ''}`}
          />
        ))}
      </div>
    </div>
  )
}
