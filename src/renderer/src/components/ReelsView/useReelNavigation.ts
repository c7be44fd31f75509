// How the reader moves through Reels and controls the reel on screen: ↑/↓ and PageUp/PageDown
// move one reel, as does one turn of the wheel (however far it spins), `m` turns the sound on or
// off and Space pauses or plays. The keys are the page's only while no dialog is open (the post
// view with its comments, the share sheet) and nobody is typing; they run before the app's
// shortcuts, whose ↑/↓ move between feed cards.

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { dialogStack } from '../../dialogs/dialogStack'
import { isTypingTarget } from '../../keyboard/shortcuts'
import { scrollBehavior } from '../../preferences/appliedPreferences'

/** A wheel gesture ends once the wheel is quiet this long (a trackpad's glide included). */
const WHEEL_QUIET_MS = 220

export interface ReelNavigation {
  /** The scrolling element, one reel per screen of its height. */
  scroller: RefObject<HTMLDivElement | null>
  /** The reel on screen. */
  active: number
  /** Scrolls `by` reels down (or up, negative), within the list. */
  move(by: number): void
  /** Scrolls to a reel at once (the reel a visit opened at). */
  jumpTo(index: number): void
}

export function useReelNavigation(
  count: number,
  controls: { toggleMute(): void; togglePlay(): void }
): ReelNavigation {
  const scroller = useRef<HTMLDivElement>(null)
  const [active, setActive] = useState(0)
  // Where a move is headed while its smooth scroll is under way, so a second ↓ goes one further.
  const heading = useRef<number | null>(null)
  const activeRef = useRef(0)
  useEffect(() => {
    activeRef.current = active
  }, [active])

  const scrollToIndex = useCallback((index: number, behavior: ScrollBehavior) => {
    const element = scroller.current
    if (!element) return
    heading.current = index
    element.scrollTo({ top: index * element.clientHeight, behavior })
    // Without a height to scroll (hidden, or a test's DOM) the reel on screen is the target.
    if (element.clientHeight === 0) setActive(index)
  }, [])

  const move = useCallback(
    (by: number) => {
      const from = heading.current ?? activeRef.current
      const to = Math.min(Math.max(from + by, 0), Math.max(count - 1, 0))
      if (to !== from) scrollToIndex(to, scrollBehavior())
    },
    [count, scrollToIndex]
  )
  const jumpTo = useCallback((index: number) => scrollToIndex(index, 'auto'), [scrollToIndex])

  // The reel on screen is the one nearest the top of the scroller.
  useEffect(() => {
    const element = scroller.current
    if (!element) return
    const onScroll = (): void => {
      if (element.clientHeight === 0) return
      const index = Math.round(element.scrollTop / element.clientHeight)
      setActive(index)
      if (heading.current === index) heading.current = null
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    return () => element.removeEventListener('scroll', onScroll)
  }, [])

  // One reel per wheel gesture: the scroller's own wheel scrolling would glide past several.
  useEffect(() => {
    const element = scroller.current
    if (!element) return
    let quiet: ReturnType<typeof setTimeout> | undefined
    let gesture = false
    const onWheel = (event: WheelEvent): void => {
      if (event.ctrlKey || Math.abs(event.deltaY) < Math.abs(event.deltaX)) return
      event.preventDefault()
      clearTimeout(quiet)
      quiet = setTimeout(() => (gesture = false), WHEEL_QUIET_MS)
      if (gesture || event.deltaY === 0) return
      gesture = true
      move(event.deltaY > 0 ? 1 : -1)
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => {
      clearTimeout(quiet)
      element.removeEventListener('wheel', onWheel)
    }
  }, [move])

  const { toggleMute, togglePlay } = controls
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      if (dialogStack.getState().entries.length > 0 || isTypingTarget(event.target)) return
      const target = event.target as Element | null
      switch (event.key) {
        case 'ArrowDown':
        case 'PageDown':
          move(1)
          break
        case 'ArrowUp':
        case 'PageUp':
          move(-1)
          break
        case 'm':
        case 'M':
          if (!event.repeat) toggleMute()
          break
        case ' ':
          // Space on a focused button or link presses it, as everywhere.
          if (target?.closest?.('button, a, [role="button"]')) return
          if (!event.repeat) togglePlay()
          break
        default:
          return
      }
      event.preventDefault()
    }
    // Capture: before the app's shortcuts, which skip a key this one already used.
    window.addEventListener('keydown', onKeyDown, true)
    return () => window.removeEventListener('keydown', onKeyDown, true)
  }, [move, toggleMute, togglePlay])

  return { scroller, active: Math.min(active, Math.max(count - 1, 0)), move, jumpTo }
}
