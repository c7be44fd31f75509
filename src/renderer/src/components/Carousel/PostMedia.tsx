// One photo in its box: the aspect ratio comes from the stored dimensions so the box has its
// final height before the image loads (no layout shift, and the windowed feed can trust it);
// photos without dimensions stay square, and so does a carousel's frame (`square`), with the
// photo fitted inside. A blurred placeholder shows while it loads. A photo with its own alt text
// wears the ALT badge.

import { useMemo, useState, type CSSProperties, type ReactElement, type ReactNode } from 'react'
import { placeholderDataUrl } from '../../imaging/placeholder'
import styles from './Carousel.module.scss'
import { CachedImg } from '../../offline/cache/CachedImg'
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
  const [loaded, setLoaded] = useState(false)
  const preview = useMemo(() => placeholderDataUrl(props.placeholder), [props.placeholder])
  const style: CSSProperties = {}
  if (props.width && props.height && !props.fill && !props.square) {
    style.aspectRatio = `${props.width} / ${props.height}`
  }
  if (preview && !loaded) style.backgroundImage = `url(${preview})`
  return (
    <div
      className={`${styles.media} ${props.fill ? styles['media--fill'] : ''} ${
        props.square ? styles['media--square'] : ''
      }`}
      style={style}
      data-testid="post-media"
    >
      <CachedImg
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
      {props.altText && <AltBadge text={props.altText} />}
      {props.children}
    </div>
  )
}
