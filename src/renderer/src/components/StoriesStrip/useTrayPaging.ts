// The stories tray's paging: it measures the tray, spreads the bubbles so only whole ones show,
// says whether there is more to either side, and scrolls a page of bubbles at a time. Focus on
// an arrow that disappears at an end (the last page reached with the keyboard) goes to the other
// arrow rather than to the page.

import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type RefObject
} from 'react'
import { scrollBehavior } from '../../preferences/appliedPreferences'
import { layoutTray, pageOffset, type TrayLayout } from './trayLayout'

/** A bubble's width and the least gap around it (StoriesStrip.module.scss, .story and .list). */
export const STORY_WIDTH = 66
export const STORY_MIN_GAP = 8

export type PageDirection = -1 | 1

export interface TrayPaging {
  /** The row's gap and padding, as CSS custom properties for the list. */
  style: CSSProperties
  canPrevious: boolean
  canNext: boolean
  page(direction: PageDirection): void
  previousRef: RefObject<HTMLButtonElement | null>
  nextRef: RefObject<HTMLButtonElement | null>
}

/** How far the tray has scrolled from its start, and the sign `scrollLeft` takes going on: in a
 * right-to-left page the tray starts at the right and `scrollLeft` runs negative. */
function scrolled(list: HTMLElement): { offset: number; sign: 1 | -1 } {
  const sign = getComputedStyle(list).direction === 'rtl' ? -1 : 1
  return { offset: Math.abs(list.scrollLeft), sign }
}

const INITIAL: TrayLayout = { gap: STORY_MIN_GAP, padding: STORY_MIN_GAP, perPage: 1 }

export function useTrayPaging(listRef: RefObject<HTMLElement | null>, count: number): TrayPaging {
  const [layout, setLayout] = useState<TrayLayout>(INITIAL)
  const [edges, setEdges] = useState({ canPrevious: false, canNext: false })
  const previousRef = useRef<HTMLButtonElement>(null)
  const nextRef = useRef<HTMLButtonElement>(null)
  // The arrow pressed on its way to an end, and the one to take focus once it has gone.
  const handOff = useRef<{ from: HTMLButtonElement; to: RefObject<HTMLButtonElement | null> }>(null)

  // Whether the tray was at its start when last read. A tray at its start stays there when
  // bubbles change: scroll snapping would keep the bubble first in view when one is added before
  // it (your own, once the profile is read), and hide "Your story".
  const atStart = useRef(true)

  const readEdges = useCallback((): void => {
    const list = listRef.current
    if (!list) return
    const max = list.scrollWidth - list.clientWidth
    // A pixel of slack: scroll offsets may be fractional on zoomed or scaled screens.
    const { offset } = scrolled(list)
    atStart.current = offset <= 1
    setEdges({ canPrevious: offset > 1, canNext: offset < max - 1 })
  }, [listRef])

  useLayoutEffect(() => {
    const list = listRef.current
    if (list && atStart.current && scrolled(list).offset > 1) list.scrollLeft = 0
  }, [listRef, count])

  useLayoutEffect(() => {
    const list = listRef.current
    if (!list) return
    const measure = (): void => {
      const next = layoutTray({
        viewport: list.clientWidth,
        item: STORY_WIDTH,
        minGap: STORY_MIN_GAP,
        count
      })
      setLayout((current) =>
        current.gap === next.gap &&
        current.padding === next.padding &&
        current.perPage === next.perPage
          ? current
          : next
      )
      readEdges()
    }
    measure()
    list.addEventListener('scroll', readEdges, { passive: true })
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    observer?.observe(list)
    return () => {
      list.removeEventListener('scroll', readEdges)
      observer?.disconnect()
    }
  }, [listRef, count, readEdges])

  // The new gap changes the row's width: the ends are read again once it is drawn.
  useLayoutEffect(readEdges, [layout, readEdges])

  useEffect(() => {
    if (!handOff.current) return
    const { from, to } = handOff.current
    if (!from.hidden || !to.current || to.current.hidden) return
    handOff.current = null
    to.current.focus({ preventScroll: true })
  }, [edges])

  const page = useCallback(
    (direction: PageDirection): void => {
      const list = listRef.current
      if (!list) return
      const max = list.scrollWidth - list.clientWidth
      const { offset, sign } = scrolled(list)
      const left = pageOffset(offset, max, layout, STORY_WIDTH, direction)
      const pressed = direction === 1 ? nextRef : previousRef
      const reachesEnd = direction === 1 ? left >= max - 1 : left <= 1
      if (reachesEnd && pressed.current && document.activeElement === pressed.current) {
        handOff.current = { from: pressed.current, to: direction === 1 ? previousRef : nextRef }
      }
      list.scrollTo({ left: sign * left, behavior: scrollBehavior() })
    },
    [listRef, layout]
  )

  const style = {
    '--story-gap': `${layout.gap}px`,
    '--story-padding': `${layout.padding}px`
  } as CSSProperties
  return { style, ...edges, page, previousRef, nextRef }
}
