// Whether an animated photo plays or is held on its first frame (docs/product.md, "Settings ›
// Accessibility", its autoplay setting). With autoplay off, a GIF or WebP stays out of sight from its load until its
// bytes say whether it moves, so it never moves first; one that moves is shown as its still
// first frame with a play button. Played, it stops again on a second press or once it leaves the
// screen. Another photo starts held again.

import { useEffect, useState, type RefObject } from 'react'
import { useAutoplayAnimations } from '../../preferences/autoplay'
import { mayBeAnimated } from './mayBeAnimated'

export interface AnimationHold {
  /** Autoplay is off and it is not known yet whether the photo moves: keep it out of sight. */
  pending: boolean
  /** The photo moves and autoplay is off: it has a play button. */
  controllable: boolean
  playing: boolean
  /** The still first frame to show instead of the photo, or null to show the photo. */
  still: string | null
  toggle(): void
  /** The photo's <img> loaded from `loadedUrl` (its currentSrc). */
  loaded(loadedUrl: string): void
}

/** Reads the photo back and makes its still frame: code loaded only when a photo needs it. */
const stillFrameOf = (loadedUrl: string): Promise<string | null> =>
  import('../../imaging/stillFrame').then((module) => module.stillFrameOf(loadedUrl))

/** Photos already read and found not to move: shown again at once (the windowed feed remounts). */
const stillPhotos = new Set<string>()

export function useAnimationHold(
  src: string | undefined,
  boxRef: RefObject<Element | null>
): AnimationHold {
  const autoplay = useAutoplayAnimations()
  const candidate = !!src && mayBeAnimated(src) && !stillPhotos.has(src)
  const [shownSrc, setShownSrc] = useState(src)
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null)
  /** undefined: not read yet; null: it does not move; a string: its still first frame. */
  const [still, setStill] = useState<string | null | undefined>(undefined)
  const [playing, setPlaying] = useState(false)
  if (shownSrc !== src) {
    setShownSrc(src)
    setLoadedUrl(null)
    setStill(undefined)
    setPlaying(false)
  }

  const held = !autoplay && candidate
  useEffect(() => {
    if (!held || !loadedUrl || still !== undefined || !src) return
    let current = true
    stillFrameOf(loadedUrl).then(
      (frame) => {
        if (frame === null) stillPhotos.add(src)
        if (current) setStill(frame)
        else if (frame) URL.revokeObjectURL(frame)
      },
      (error: unknown) => {
        // Without its bytes it cannot be held: shown as it is rather than not at all.
        console.warn('Could not read an animated photo back to hold it still', error)
        if (current) setStill(null)
      }
    )
    return () => {
      current = false
    }
  }, [held, loadedUrl, still, src])

  useEffect(() => () => void (still && URL.revokeObjectURL(still)), [still])

  useEffect(() => {
    const box = boxRef.current
    if (!playing || !box || typeof IntersectionObserver !== 'function') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => !entry.isIntersecting)) setPlaying(false)
    })
    observer.observe(box)
    return () => observer.disconnect()
  }, [playing, boxRef])

  const controllable = held && typeof still === 'string'
  return {
    pending: held && still === undefined,
    controllable,
    playing: controllable && playing,
    still: controllable && !playing ? (still as string) : null,
    toggle: () => setPlaying((on) => !on),
    loaded: (url) => setLoadedUrl(url)
  }
}
