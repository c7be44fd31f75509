// Keeps a conversation's place while its windowed history changes under it: at the end (where a
// thread opens, and where it stays while new messages arrive), or on the message at the top of
// the view, which stays where it was as pages go in above or below it, as pages far from it are
// dropped at either end, and as estimated heights become measured ones.

import { useCallback, useLayoutEffect, useRef } from 'react'
import { indexAt } from '../FeedView/useWindowedList'

/** Closer than this to the bottom (px) counts as reading the newest messages. */
export const AT_END_PX = 80

interface Anchor {
  atEnd: boolean
  key: string | null
  /** How far below the anchored message's top the viewport starts. */
  delta: number
}

export interface ThreadScrollOptions {
  scroller: HTMLElement | null
  list: HTMLElement | null
  keys: readonly string[]
  offsets: readonly number[]
  /**
   * The newest message is held. Only then is the bottom of the list the end of the thread; else
   * it is the edge of the window, where the page below is read and the view must stay put.
   */
  atLatest: boolean
  /** Told after the position was moved, before the browser paints (to mount what is shown). */
  onMoved(): void
}

export interface ThreadScroll {
  /** The scroll handler: records where the reader is. */
  record(): void
  /** Keeps the view at the end from now on (the reader jumped to the latest messages). */
  toEnd(): void
}

/** The list's top inside the scroller's content. */
function listTop(scroller: HTMLElement, list: HTMLElement): number {
  return (
    list.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop
  )
}

export function useThreadScroll({
  scroller,
  list,
  keys,
  offsets,
  atLatest,
  onMoved
}: ThreadScrollOptions): ThreadScroll {
  const anchor = useRef<Anchor>({ atEnd: true, key: null, delta: 0 })
  // Where this hook last put the view. Its scroll event comes a frame later, when rows may have
  // been measured taller: it is not the reader moving, and must not move the anchor.
  const placed = useRef<number | null>(null)

  const record = useCallback((): void => {
    if (!scroller || !list) return
    if (placed.current !== null && Math.abs(scroller.scrollTop - placed.current) < 1) return
    placed.current = null
    const fromBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight
    if (atLatest && fromBottom < AT_END_PX) {
      anchor.current = { atEnd: true, key: null, delta: 0 }
      return
    }
    const y = Math.max(0, scroller.scrollTop - listTop(scroller, list))
    const index = indexAt(offsets, y)
    anchor.current = { atEnd: false, key: keys[index] ?? null, delta: y - (offsets[index] ?? 0) }
  }, [scroller, list, keys, offsets, atLatest])

  const toEnd = useCallback((): void => {
    anchor.current = { atEnd: true, key: null, delta: 0 }
    if (scroller) placed.current = scroller.scrollTop
  }, [scroller])

  useLayoutEffect(() => {
    if (!scroller || !list) return
    const { atEnd, key, delta } = anchor.current
    let target = scroller.scrollTop
    const index = key ? keys.indexOf(key) : -1
    // At the end, or the window was replaced by the newest page (a jump, or a send from far up).
    if ((atEnd || (key && index < 0)) && atLatest) target = scroller.scrollHeight
    else if (index >= 0) target = listTop(scroller, list) + offsets[index] + delta
    if (Math.abs(scroller.scrollTop - target) < 1) return
    scroller.scrollTo({ top: target })
    placed.current = scroller.scrollTop
    onMoved()
  }, [scroller, list, keys, offsets, atLatest, onMoved])

  return { record, toEnd }
}
