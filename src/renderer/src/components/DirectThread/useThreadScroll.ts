// Keeps a conversation's place while its windowed history changes under it: at the end (where a
// thread opens, and where it stays while new messages arrive), or on the message at the top of
// the view, which stays where it was as older pages go in above it and as estimated heights
// become measured ones.

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
  /** Told after the position was moved, before the browser paints (to mount what is shown). */
  onMoved(): void
}

/** The list's top inside the scroller's content. */
function listTop(scroller: HTMLElement, list: HTMLElement): number {
  return (
    list.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop
  )
}

/** Returns the scroll handler that records where the reader is. */
export function useThreadScroll({
  scroller,
  list,
  keys,
  offsets,
  onMoved
}: ThreadScrollOptions): () => void {
  const anchor = useRef<Anchor>({ atEnd: true, key: null, delta: 0 })
  // Where this hook last put the view. Its scroll event comes a frame later, when rows may have
  // been measured taller: it is not the reader moving, and must not move the anchor.
  const placed = useRef<number | null>(null)

  const record = useCallback((): void => {
    if (!scroller || !list) return
    if (placed.current !== null && Math.abs(scroller.scrollTop - placed.current) < 1) return
    placed.current = null
    const fromBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight
    if (fromBottom < AT_END_PX) {
      anchor.current = { atEnd: true, key: null, delta: 0 }
      return
    }
    const y = Math.max(0, scroller.scrollTop - listTop(scroller, list))
    const index = indexAt(offsets, y)
    anchor.current = { atEnd: false, key: keys[index] ?? null, delta: y - (offsets[index] ?? 0) }
  }, [scroller, list, keys, offsets])

  useLayoutEffect(() => {
    if (!scroller || !list) return
    const { atEnd, key, delta } = anchor.current
    let target = scroller.scrollTop
    if (atEnd) target = scroller.scrollHeight
    else if (key) {
      const index = keys.indexOf(key)
      if (index >= 0) target = listTop(scroller, list) + offsets[index] + delta
    }
    if (Math.abs(scroller.scrollTop - target) < 1) return
    scroller.scrollTo({ top: target })
    placed.current = scroller.scrollTop
    onMoved()
  }, [scroller, list, keys, offsets, onMoved])

  return record
}
