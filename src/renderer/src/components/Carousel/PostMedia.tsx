// One photo in its box: the aspect ratio comes from the stored dimensions so the box has its
// final height before the image loads (no layout shift, and the windowed feed can trust it);
// photos without dimensions stay square; a carousel's photos fill the frame they share
// (`frameRatio`, the first photo's shape). A blurred placeholder shows while it loads. A photo with its own alt text
// wears the ALT badge; an animated one held still (autoplay off) wears the GIF play button.

import {
  Suspense,
  useMemo,
  useState,
  type CSSProperties,
  type ReactElement,
  type ReactNode
} from 'react'
import { placeholderDataUrl } from '../../imaging/placeholder'
import { CachedImg } from '../CachedImg/CachedImg'
import { mayBeAnimated } from '../AnimatedPhoto/mayBeAnimated'
import { preloadable } from '../../preloadable'
import styles from './Carousel.module.scss'
import { AltBadge } from './AltBadge'

// A photo that may move (GIF, WebP) is shown by AnimatedPhoto, which holds it still while
// autoplay is off. Its code is not in the entry chunk: fetched as the app starts, so the first
// such photo rarely waits for it.
const HeldMedia = preloadable(() =>
  import('../AnimatedPhoto/HeldMedia').then((module) => module.HeldMedia)
)
void HeldMedia.preload()

// Video posts' player (FeedVideo): loaded when the first video post is drawn.
const FeedVideo = preloadable(() =>
  import('../FeedVideo/FeedVideo').then((module) => module.FeedVideo)
)

export interface PostMediaProps {
  src: string
  alt: string
  /** The author's own description, when there is one (not the caption fallback): the badge. */
  altText?: string | null
  width?: number | null
  height?: number | null
  placeholder?: string | null
  fill?: boolean
  /** A carousel's shared frame (width / height) that the photo fills, cropped to it. */
  frameRatio?: number
  /** The photo has people tags: their toggle holds the bottom-left corner, so ALT sits above it. */
  tagged?: boolean
  /** A video item's clip: played in place of the photo, which becomes its poster. */
  videoUrl?: string | null
  /** The clip's WebVTT captions, when it has them. */
  captionsUrl?: string | null
  /** Controls drawn over the photo (the post view's "View full screen"). */
  children?: ReactNode
}

export function PostMedia(props: PostMediaProps): ReactElement {
  const Photo = mayBeAnimated(props.src) ? HeldMedia : CachedImg
  const [loaded, setLoaded] = useState(false)
  const preview = useMemo(() => placeholderDataUrl(props.placeholder), [props.placeholder])
  const style: CSSProperties = {}
  if (props.frameRatio && !props.fill) style.aspectRatio = String(props.frameRatio)
  else if (props.width && props.height && !props.fill) {
    style.aspectRatio = `${props.width} / ${props.height}`
  }
  if (preview && !loaded) style.backgroundImage = `url(${preview})`
  return (
    <div
      className={`${styles.media} ${props.fill ? styles['media--fill'] : ''} ${
        props.frameRatio ? styles['media--frame'] : ''
      }`}
      style={style}
      data-testid="post-media"
    >
      {props.videoUrl ? (
        <Suspense fallback={null}>
          <FeedVideo
            key={props.videoUrl}
            src={props.videoUrl}
            poster={props.src}
            label={props.alt}
            captionsUrl={props.captionsUrl}
            onLoad={() => setLoaded(true)}
          />
        </Suspense>
      ) : (
        /* Never suspends for a still photo; a GIF's waits at most for its code. */
        <Suspense fallback={null}>
          <Photo
            // A new photo in the same box starts its fade again.
            key={props.src}
            src={props.src}
            alt={props.alt}
            width={props.width ?? undefined}
            height={props.height ?? undefined}
            loading="lazy"
            decoding="async"
            draggable={false}
            className={loaded ? undefined : styles['media--loading']}
            onLoad={() => setLoaded(true)}
          />
        </Suspense>
      )}
      {props.altText && (
        <AltBadge text={props.altText} className={props.tagged ? styles['alt--above-tags'] : ''} />
      )}
      {props.children}
    </div>
  )
}
