// A post's photo (PostMedia) that may move (a GIF or WebP): not in the feed's entry chunk, which
// carries only the question whether to use it. While autoplay is off it holds the photo
// (useAnimationHold), shows the still or the photo (HeldImg) and the GIF button, and tells its
// box the photo loaded only once it may be seen, so the placeholder stays till then.

import { useEffect, useRef, useState, type ReactElement, type SyntheticEvent } from 'react'
import type { CachedImgProps } from '../CachedImg/CachedImg'
import { HeldImg } from './HeldImg'
import { PlayAnimationButton } from './PlayAnimationButton'
import { useAnimationHold } from './useAnimationHold'

export function HeldMedia({ onLoad, ...img }: CachedImgProps): ReactElement {
  // The photo itself is what leaves the screen and stops a playing animation.
  const photoRef = useRef<HTMLImageElement>(null)
  const hold = useAnimationHold(img.src, photoRef)
  const [loaded, setLoaded] = useState<SyntheticEvent<HTMLImageElement> | null>(null)
  const reported = useRef(false)
  useEffect(() => {
    if (!loaded || hold.pending || reported.current) return
    reported.current = true
    onLoad?.(loaded)
  }, [loaded, hold.pending, onLoad])
  return (
    <>
      <HeldImg {...img} ref={photoRef} hold={hold} onLoad={setLoaded} />
      <PlayAnimationButton hold={hold} />
    </>
  )
}
