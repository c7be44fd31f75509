// Where a page is scrolled to as the route changes: a new entry opens at the top, one reached
// with Back or Forward where it was left.

import { useLayoutEffect, useRef } from 'react'
import { useStores } from '../store'
import { routeHash, type PageRoute } from '../store/router/routes'

/** How long a restored entry may take to settle its layout. */
const SCROLL_RESTORE_MS = 1000
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const

/**
 * A new entry opens at the top; one reached with Back or Forward at the scroll position it had.
 * A remounted list re-measures the cards it holds over a few frames, and the browser's scroll
 * anchoring moves the page as they change size, so the position is held each frame for a
 * moment, until the user scrolls themselves.
 */
export function useScrollRestoration(page: PageRoute): void {
  const { router } = useStores()
  const shownPage = useRef(routeHash(page))
  useLayoutEffect(() => {
    const { restoreScroll } = router.getState()
    // An overlay (a post, its likers) opened or closed over a page leaves the page where it is.
    const samePage = routeHash(page) === shownPage.current
    shownPage.current = routeHash(page)
    if (samePage) return
    const target = restoreScroll ?? 0
    window.scrollTo(0, target)
    if (target === 0) return
    const until = performance.now() + SCROLL_RESTORE_MS
    let frame = 0
    const stop = (): void => {
      cancelAnimationFrame(frame)
      for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop)
    }
    const hold = (): void => {
      if (Math.abs(window.scrollY - target) > 1) window.scrollTo(0, target)
      if (performance.now() < until) frame = requestAnimationFrame(hold)
      else stop()
    }
    for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true })
    frame = requestAnimationFrame(hold)
    return stop
  }, [router, page])
}
