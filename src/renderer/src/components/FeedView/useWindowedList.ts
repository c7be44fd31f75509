// A windowed list over the page's own scroll (or a scrolling element's, as a conversation's
// history): only the items near the viewport are mounted, the rest are padding, so a session that scrolls through thousands of posts keeps a bounded DOM
// (and the decoded images of unmounted cards can be freed). Heights start as estimates (a card's
// height is known once its image's width and height are) and are replaced by measurements.

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'

export interface WindowedListOptions {
  keys: readonly string[]
  /** Best guess before an item is measured, for a list `width` px wide. */
  estimateHeight(index: number, width: number): number
  /** Extra pixels rendered above and below the viewport, so fast scrolling shows no gaps. */
  overscan?: number
  /**
   * Called when the viewport nears the first item while items were dropped above it (the list
   * keeps their height as a spacer); the owner re-reads them.
   */
  onNearStart?: () => void
  /**
   * Measured heights kept from an earlier mount of the same list (the feed left and come back
   * to), so its layout, and the scroll position restored on it, match what was shown.
   */
  knownHeights?: Map<string, number>
  /** The element that scrolls, when it is not the page (its own box is the viewport). */
  scroller?: HTMLElement | null
  /**
   * The owner keeps the view on its place itself when items are dropped from the top (as a
   * conversation anchors on the message in view), so no spacer stands in for them.
   */
  ownerKeepsPlace?: boolean
  /**
   * Measure the mounted items after every commit, before the browser paints, so the first frame
   * already lays them out at their real heights (a conversation opens on its last message with
   * no frame on estimates between). A layout read per commit; the feed leaves it to the observer.
   */
  measureBeforePaint?: boolean
}

export interface WindowedList {
  /** Callback ref for the list element. */
  attachList: (element: HTMLElement | null) => void
  /** Callback ref for each rendered item's wrapper (with `data-key`), measured while mounted. */
  attachItem: (element: HTMLElement | null) => void
  start: number
  end: number
  paddingTop: number
  paddingBottom: number
  /** Where each item starts below the first (count + 1 entries, the last is the total). */
  offsets: readonly number[]
  /** Recomputes what is mounted now (after the owner moved the scroll position itself). */
  refresh(): void
}

interface Spacer {
  height: number
  /** Height of each block dropped from the top, so re-adding one gives back the same space. */
  blocks: number[]
}

/** Index of the item that contains `y` (offsets has count + 1 entries). */
export function indexAt(offsets: readonly number[], y: number): number {
  let low = 0
  let high = offsets.length - 2
  while (low < high) {
    const mid = (low + high) >> 1
    if (offsets[mid + 1] <= y) low = mid + 1
    else high = mid
  }
  return Math.max(0, low)
}

/**
 * How the spacer above the list changes when the owner drops items from the top (their height
 * moves into it) or puts them back (it moves out), so what is on screen stays where it is.
 */
export function nextSpacer(
  spacer: Spacer,
  previous: readonly string[],
  keys: readonly string[],
  heightOf: (list: readonly string[], end: number) => number
): Spacer {
  const droppedAt = keys.length ? previous.indexOf(keys[0]) : -1
  const addedAt = previous.length ? keys.indexOf(previous[0]) : -1
  if (droppedAt > 0) {
    const block = heightOf(previous, droppedAt)
    return { height: spacer.height + block, blocks: [...spacer.blocks, block] }
  }
  if (addedAt > 0) {
    const block = spacer.blocks[spacer.blocks.length - 1] ?? heightOf(keys, addedAt)
    return { height: Math.max(0, spacer.height - block), blocks: spacer.blocks.slice(0, -1) }
  }
  // The same first item, or a different list altogether (a reload: nothing dropped above it).
  return droppedAt === 0 ? spacer : { height: 0, blocks: [] }
}

const DEFAULT_OVERSCAN = 1200

export function useWindowedList(options: WindowedListOptions): WindowedList {
  const { keys, estimateHeight, overscan = DEFAULT_OVERSCAN, onNearStart, knownHeights } = options
  const scroller = options.scroller ?? null
  const container = useRef<HTMLElement | null>(null)
  const observer = useRef<ResizeObserver | null>(null)
  const measured = useRef(new Set<HTMLElement>())
  const queued = useRef(new Map<string, number>())
  const [heights, setHeights] = useState<ReadonlyMap<string, number>>(
    () => new Map(knownHeights ?? [])
  )
  useEffect(() => {
    if (!knownHeights) return
    knownHeights.clear()
    for (const [key, height] of heights) knownHeights.set(key, height)
  }, [knownHeights, heights])
  const [width, setWidth] = useState(0)
  const [range, setRange] = useState({ start: 0, end: Math.min(keys.length, 4) })
  const [previousKeys, setPreviousKeys] = useState(keys)
  const [spacer, setSpacer] = useState<Spacer>({ height: 0, blocks: [] })

  const heightOf = (list: readonly string[], end: number): number => {
    let sum = 0
    for (let i = 0; i < end; i++) sum += heights.get(list[i]) ?? estimateHeight(i, width)
    return sum
  }

  // Adjusting state while rendering, when the list changes (React's pattern for derived state).
  if (previousKeys !== keys) {
    setPreviousKeys(keys)
    if (!options.ownerKeepsPlace) setSpacer(nextSpacer(spacer, previousKeys, keys, heightOf))
    // Forget the heights of items no longer held, so memory stays bounded too.
    const held = new Set(keys)
    if ([...heights.keys()].some((key) => !held.has(key))) {
      setHeights(new Map([...heights].filter(([key]) => held.has(key))))
    }
  }

  const offsets = useMemo(() => {
    const list = new Array<number>(keys.length + 1)
    list[0] = 0
    for (let i = 0; i < keys.length; i++) {
      list[i + 1] = list[i] + (heights.get(keys[i]) ?? estimateHeight(i, width))
    }
    return list
  }, [keys, width, heights, estimateHeight])

  const update = useCallback(() => {
    const element = container.current
    if (!element || keys.length === 0) return
    // Where the first item starts, relative to the viewport's top edge.
    const viewportTop = scroller ? scroller.getBoundingClientRect().top : 0
    const top = element.getBoundingClientRect().top - viewportTop + spacer.height
    const viewportHeight = scroller ? scroller.clientHeight : window.innerHeight
    const from = -top - overscan
    const to = -top + viewportHeight + overscan
    if (from < 0 && spacer.height > 0) onNearStart?.()
    const start = indexAt(offsets, Math.max(0, from))
    const end = Math.min(keys.length, indexAt(offsets, Math.max(0, to)) + 1)
    setRange((current) =>
      current.start === start && current.end === end ? current : { start, end }
    )
  }, [keys.length, offsets, overscan, spacer.height, onNearStart, scroller])

  const measureBeforePaint = options.measureBeforePaint === true
  useLayoutEffect(() => {
    if (!measureBeforePaint) return
    let batch: Map<string, number> | null = null
    for (const element of measured.current) {
      const key = element.dataset.key
      if (!key || !element.isConnected) continue
      const height = Math.round(element.getBoundingClientRect().height)
      if (height > 0 && heights.get(key) !== height) (batch ??= new Map()).set(key, height)
    }
    const found = batch
    if (found) setHeights((current) => new Map([...current, ...found]))
    // Whenever other items are mounted (range, keys) or may have re-wrapped (width).
  }, [measureBeforePaint, heights, range, keys, width])

  useLayoutEffect(update, [update])

  useEffect(() => {
    let frame = 0
    const onScroll = (): void => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        update()
      })
    }
    const scrolling: HTMLElement | Window = scroller ?? window
    scrolling.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onScroll)
    return () => {
      scrolling.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onScroll)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [update, scroller])

  const getObserver = useCallback((): ResizeObserver | null => {
    if (typeof ResizeObserver === 'undefined') return null
    if (!observer.current) {
      observer.current = new ResizeObserver((entries) => {
        const wasQueued = queued.current.size > 0
        for (const entry of entries) {
          const target = entry.target as HTMLElement
          const key = target.dataset.key
          if (key) {
            const height = Math.round(target.getBoundingClientRect().height)
            if (height > 0) queued.current.set(key, height)
          } else {
            setWidth(Math.round(entry.contentRect.width))
          }
        }
        // One re-layout per frame however many cards reported.
        if (!wasQueued && queued.current.size > 0) {
          requestAnimationFrame(() => {
            const batch = queued.current
            queued.current = new Map()
            setHeights((current) => {
              const changed = [...batch].some(([key, height]) => current.get(key) !== height)
              return changed ? new Map([...current, ...batch]) : current
            })
          })
        }
      })
    }
    return observer.current
  }, [])

  useEffect(() => () => observer.current?.disconnect(), [])

  const attachList = useCallback(
    (element: HTMLElement | null) => {
      if (container.current) getObserver()?.unobserve(container.current)
      container.current = element
      if (element) {
        setWidth(element.clientWidth)
        getObserver()?.observe(element)
      }
    },
    [getObserver]
  )

  const attachItem = useCallback(
    (element: HTMLElement | null) => {
      const resize = getObserver()
      if (!resize) return
      // React calls ref callbacks with null on unmount; drop wrappers no longer in the page.
      for (const old of measured.current) {
        if (!old.isConnected) {
          resize.unobserve(old)
          measured.current.delete(old)
        }
      }
      if (element && !measured.current.has(element)) {
        measured.current.add(element)
        resize.observe(element)
      }
    },
    [getObserver]
  )

  const start = Math.min(range.start, keys.length)
  const end = Math.min(Math.max(range.end, start), keys.length)
  return {
    attachList,
    attachItem,
    start,
    end,
    paddingTop: spacer.height + (offsets[start] ?? 0),
    paddingBottom: (offsets[keys.length] ?? 0) - (offsets[end] ?? 0),
    offsets,
    refresh: update
  }
}
