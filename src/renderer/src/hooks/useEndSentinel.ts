// Infinite lists (the feed, profile grids): calls `onNear` when an element placed after the
// list's end comes within `margin` of the viewport, so the next page is read before it is needed.

import { useEffect, useRef, type RefObject } from 'react'

/** Start fetching the next page this far before the end of the list comes into view. */
export const PREFETCH_MARGIN = '1500px 0px'

export function useEndSentinel(
  onNear: () => void,
  enabled: boolean,
  generation: number,
  margin = PREFETCH_MARGIN
): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = ref.current
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return
    // Re-observing after every page fires the callback once more, so a tall window keeps
    // loading until the sentinel leaves the margin.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onNear()
      },
      { rootMargin: margin }
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [onNear, enabled, generation, margin])
  return ref
}
