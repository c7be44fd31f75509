// Whether an animated photo plays or is held on its first frame (docs/product.md, "Settings ›
// Accessibility", its autoplay setting). A GIF or WebP is read back once loaded, to know whether
// it moves; one that moves gets a button that plays and pauses it (WCAG 2.2.2: anything that
// moves for more than five seconds can be paused). With autoplay off it stays out of sight from
// its load until its bytes are read, so it never moves first, and is shown as its still first
// frame; played, it stops again on a second press or once it leaves the screen. With autoplay on
// it plays, and a press pauses it until pressed again. Another photo starts afresh.

import { useEffect, useState, type RefObject } from 'react'
import type { AnimatedFormat, StillFrame } from '../../imaging/stillFrame'
import { useAutoplayAnimations } from '../../preferences/autoplay'
import { mayBeAnimated } from './mayBeAnimated'

export interface AnimationHold {
  /** Autoplay is off and it is not known yet whether the photo moves: keep it out of sight. */
  pending: boolean
  /** The photo moves: it has a play/pause button. */
  controllable: boolean
  playing: boolean
  /** What kind of moving photo it is (the button's label), once known. */
  format: AnimatedFormat | null
  /** The still first frame to show instead of the photo, or null to show the photo. */
  still: string | null
  toggle(): void
  /** The photo's <img> loaded from `loadedUrl` (its currentSrc). */
  loaded(loadedUrl: string): void
}

/**
 * Calls `left` once `box`, seen on screen, is no longer on it; returns the stop. Only the newest
 * word on the box counts: a photo just mounted may be reported off screen before its first
 * layout and on screen in the same batch, and that is not leaving. Nor is a first report of
 * being off screen: played from its own button, it was on screen.
 */
export function whenLeavesScreen(box: Element, left: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') return () => {}
  let seen = false
  const observer = new IntersectionObserver((entries) => {
    const latest = entries[entries.length - 1]
    if (!latest) return
    if (latest.isIntersecting) seen = true
    else if (seen) left()
  })
  observer.observe(box)
  return () => observer.disconnect()
}

/** Reads the photo back and makes its still frame: code loaded only when a photo needs it. */
const stillFrameOf = (loadedUrl: string): Promise<StillFrame | null> =>
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
  /** undefined: not read yet; null: it does not move; otherwise its still first frame. */
  const [frame, setFrame] = useState<StillFrame | null | undefined>(undefined)
  /** The reader's own choice with its button; null follows the autoplay setting. */
  const [chosen, setChosen] = useState<boolean | null>(null)
  if (shownSrc !== src) {
    setShownSrc(src)
    setLoadedUrl(null)
    setFrame(undefined)
    setChosen(null)
  }

  useEffect(() => {
    if (!candidate || !loadedUrl || frame !== undefined || !src) return
    let current = true
    stillFrameOf(loadedUrl).then(
      (read) => {
        if (read === null) stillPhotos.add(src)
        if (current) setFrame(read)
        else if (read) URL.revokeObjectURL(read.url)
      },
      (error: unknown) => {
        // Without its bytes it cannot be held: shown as it is rather than not at all.
        console.warn('Could not read an animated photo back to hold it still', error)
        if (current) setFrame(null)
      }
    )
    return () => {
      current = false
    }
  }, [candidate, loadedUrl, frame, src])

  useEffect(() => () => void (frame && URL.revokeObjectURL(frame.url)), [frame])

  const controllable = candidate && !!frame
  const playing = controllable && (chosen ?? autoplay)

  // Played against the setting (autoplay off), it stops once it leaves the screen.
  const playedByChoice = playing && !autoplay
  useEffect(() => {
    const box = boxRef.current
    if (!playedByChoice || !box) return
    return whenLeavesScreen(box, () => setChosen(null))
  }, [playedByChoice, boxRef])

  return {
    pending: !autoplay && candidate && frame === undefined,
    controllable,
    playing,
    format: frame?.format ?? null,
    still: candidate && frame && !playing ? frame.url : null,
    toggle: () => setChosen(!playing),
    loaded: (url) => setLoadedUrl(url)
  }
}
