// One photo in its box: the aspect ratio comes from the stored dimensions so the box has its
// final height before the image loads (no layout shift, and the windowed feed can trust it);
// photos without dimensions stay square, and so does a carousel's frame (`square`), with the
// photo fitted inside. A blurred placeholder shows while it loads. A photo with its own alt text
// wears the ALT badge; an animated one held still (autoplay off) wears the GIF play button.

import {
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
  type ReactNode
} from 'react'
import { placeholderDataUrl } from '../../imaging/placeholder'
import styles from './Carousel.module.scss'
import { HeldImg } from '../AnimatedPhoto/HeldImg'
import { PlayAnimationButton } from '../AnimatedPhoto/PlayAnimationButton'
import { useAnimationHold } from '../AnimatedPhoto/useAnimationHold'
import { AltBadge } from './AltBadge'

export interface PostMediaProps {
  src: string
  alt: string
  /** The author's own description, when there is one (not the caption fallback): the badge. */
  altText?: string | null
  width?: number | null
  height?: number | null
  placeholder?: string | null
  fill?: boolean
  /** A fixed square frame with the photo fitted inside (carousel cards). */
  square?: boolean
  /** Controls drawn over the photo (the post view's "View full screen"). */
  children?: ReactNode
}

export function PostMedia(props: PostMediaProps): ReactElement {
  const boxRef = useRef<HTMLDivElement>(null)
  const hold = useAnimationHold(props.src, boxRef)
  const [loadedImage, setLoaded] = useState(false)
  // Still being read to learn whether it moves: the placeholder stays until it may be seen.
  const loaded = loadedImage && !hold.pending
  const preview = useMemo(() => placeholderDataUrl(props.placeholder), [props.placeholder])
  const style: CSSProperties = {}
  if (props.width && props.height && !props.fill && !props.square) {
    style.aspectRatio = `${props.width} / ${props.height}`
  }
  if (preview && !loaded) style.backgroundImage = `url(${preview})`
  return (
    <div
      ref={boxRef}
      className={`${styles.media} ${props.fill ? styles['media--fill'] : ''} ${
        props.square ? styles['media--square'] : ''
      }`}
      style={style}
      data-testid="post-media"
    >
      <HeldImg
        hold={hold}
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
      <PlayAnimationButton hold={hold} />
      {props.altText && <AltBadge text={props.altText} />}
      {props.children}
    </div>
  )
}
