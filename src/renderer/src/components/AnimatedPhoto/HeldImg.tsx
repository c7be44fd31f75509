// A photo's <img> that honours its AnimationHold: while held it shows the still first frame (a
// plain image of its own, which cannot move); otherwise the photo itself through CachedImg,
// hidden while it is not known yet whether it may be seen moving.

import type { ReactElement } from 'react'
import { CachedImg, type CachedImgProps } from '../CachedImg/CachedImg'
import type { AnimationHold } from './useAnimationHold'

export function HeldImg({
  hold,
  src,
  style,
  onLoad,
  ...rest
}: CachedImgProps & { hold: AnimationHold }): ReactElement {
  if (hold.still) {
    return <img {...rest} src={hold.still} style={style} onLoad={onLoad} data-animation="held" />
  }
  return (
    <CachedImg
      {...rest}
      src={src}
      style={hold.pending ? { ...style, visibility: 'hidden' } : style}
      data-animation={hold.pending ? 'pending' : hold.playing ? 'playing' : undefined}
      onLoad={(event) => {
        if (src) hold.loaded(event.currentTarget.currentSrc || src)
        onLoad?.(event)
      }}
    />
  )
}
