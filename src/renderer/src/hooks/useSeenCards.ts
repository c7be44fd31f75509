// Which feed cards the reader has seen: a card at least half in view (or covering half the
// viewport, for a card taller than two screens) for SEEN_AFTER_MS calls `onSeen` with its
// wrapper's data-seen-key. One IntersectionObserver watches every wrapper attached.

import { useCallback, useEffect, useRef } from 'react'

/** How long a card must stay half in view to count as seen. */
export const SEEN_AFTER_MS = 1000

export function useSeenCards(
  onSeen: (key: string) => void,
  enabled: boolean
): (element: HTMLElement | null) => void {
  const elements = useRef(new Set<HTMLElement>())
  const observer = useRef<IntersectionObserver | null>(null)
  const report = useRef(onSeen)
  useEffect(() => {
    report.current = onSeen
  }, [onSeen])

  useEffect(() => {
    if (!enabled || typeof IntersectionObserver === 'undefined') return
    const timers = new Map<Element, ReturnType<typeof setTimeout>>()
    const halfInView = (entry: IntersectionObserverEntry): boolean =>
      entry.isIntersecting &&
      (entry.intersectionRatio >= 0.5 ||
        (entry.rootBounds !== null && entry.intersectionRect.height >= entry.rootBounds.height / 2))
    const watch = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const pending = timers.get(entry.target)
          if (halfInView(entry)) {
            if (pending !== undefined) continue
            const key = (entry.target as HTMLElement).dataset.seenKey
            if (!key) continue
            timers.set(
              entry.target,
              setTimeout(() => {
                timers.delete(entry.target)
                report.current(key)
              }, SEEN_AFTER_MS)
            )
          } else if (pending !== undefined) {
            clearTimeout(pending)
            timers.delete(entry.target)
          }
        }
      },
      { threshold: [0, 0.25, 0.5, 0.75, 1] }
    )
    observer.current = watch
    for (const element of elements.current) watch.observe(element)
    return () => {
      watch.disconnect()
      for (const pending of timers.values()) clearTimeout(pending)
      observer.current = null
    }
  }, [enabled])

  return useCallback((element: HTMLElement | null) => {
    // React calls ref callbacks with null on unmount; drop wrappers no longer in the page.
    for (const old of elements.current) {
      if (!old.isConnected) {
        observer.current?.unobserve(old)
        elements.current.delete(old)
      }
    }
    if (element && !elements.current.has(element)) {
      elements.current.add(element)
      observer.current?.observe(element)
    }
  }, [])
}
