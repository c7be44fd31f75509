// The viewer's gestures, turned into the zoom module's views: the wheel zooms around the pointer
// (a trackpad pinch arrives as ctrl+wheel), two fingers pinch, a double-click toggles 1x/2.5x at
// the point (so do two taps on a touch screen), a drag pans while zoomed, and a horizontal swipe while fitted asks for the
// neighbouring photo. Discrete changes (double-click, keys) animate unless motion is reduced;
// continuous ones follow the hand. Another photo (`photoKey`) starts fitted. A clip is not
// zoomable: it stays fitted whatever the wheel, fingers or keys do, and a swipe still moves on.

import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type PointerEvent,
  type RefObject
} from 'react'
import { useDoubleTap, type TapPoint } from '../../hooks/useDoubleTap'
import { motionReduced } from '../../preferences/appliedPreferences'
import { isRightToLeft, swipeStep } from '../../keyboard/readingDirection'
import {
  FITTED,
  KEY_ZOOM_FACTOR,
  clampView,
  fitSize,
  isZoomed,
  panBy,
  toggleZoom,
  wheelZoomFactor,
  zoomBy,
  type Point,
  type Size,
  type ZoomView
} from './zoom'

/** A drag this far sideways on a fitted photo is a swipe to the next or previous one. */
const SWIPE_PX = 60

type Pointers = Map<number, Point>

/** The viewer's buttons take their own clicks and taps. */
const onButton = (target: EventTarget | null): boolean =>
  target instanceof Element && target.closest('button') !== null

const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y)
const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 })

function useStageSize(stageRef: RefObject<HTMLElement | null>): Size {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 })
  useEffect(() => {
    const measure = (): void => {
      const stage = stageRef.current
      if (stage) setSize({ width: stage.clientWidth, height: stage.clientHeight })
    }
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [stageRef])
  return size
}

export interface PanZoom {
  view: ZoomView
  /** The photo's size when fitted to the stage, in CSS pixels. */
  fitted: Size
  animated: boolean
  dragging: boolean
  stageHandlers: {
    onPointerDown(event: PointerEvent<HTMLElement>): void
    onPointerMove(event: PointerEvent<HTMLElement>): void
    onPointerUp(event: PointerEvent<HTMLElement>): void
    onPointerCancel(event: PointerEvent<HTMLElement>): void
    onDoubleClick(event: MouseEvent<HTMLElement>): void
  }
  zoomIn(): void
  zoomOut(): void
  reset(): void
  pan(dx: number, dy: number): void
}

export function usePanZoom(
  stageRef: RefObject<HTMLElement | null>,
  natural: Size,
  photoKey: string,
  onSwipe: (direction: -1 | 1) => void,
  zoomable = true
): PanZoom {
  const stage = useStageSize(stageRef)
  const fitted = fitSize(natural, stage)
  const [view, setView] = useState<ZoomView>(FITTED)
  const [animated, setAnimated] = useState(false)
  const [shownKey, setShownKey] = useState(photoKey)
  if (shownKey !== photoKey) {
    setShownKey(photoKey)
    setView(FITTED)
    setAnimated(false)
  }
  const [dragging, setDragging] = useState(false)
  // Native listeners and pointer handlers read the latest values without re-subscribing.
  const latest = useRef({ view, fitted, stage, onSwipe, zoomable })
  useLayoutEffect(() => {
    latest.current = { view, fitted, stage, onSwipe, zoomable }
  })
  const pointers = useRef<Pointers>(new Map())
  const swipeStart = useRef<Point | null>(null)

  const change = useCallback((next: (view: ZoomView) => ZoomView, animate: boolean): void => {
    if (!latest.current.zoomable) return
    setAnimated(animate && !motionReduced())
    setView((current) => next(current))
  }, [])

  /** A client point as the zoom module counts it: from the stage's centre. */
  const fromCentre = useCallback(
    (clientX: number, clientY: number): Point => {
      const rect = stageRef.current?.getBoundingClientRect()
      if (!rect) return { x: 0, y: 0 }
      return { x: clientX - rect.left - rect.width / 2, y: clientY - rect.top - rect.height / 2 }
    },
    [stageRef]
  )

  useEffect(() => {
    const element = stageRef.current
    if (!element) return
    // Not React's onWheel: that listener is passive, and the page must not scroll or zoom too.
    const onWheel = (event: WheelEvent): void => {
      event.preventDefault()
      if (!latest.current.zoomable) return
      const { fitted, stage } = latest.current
      const factor = wheelZoomFactor(event.deltaY, event.deltaMode, event.ctrlKey)
      const point = fromCentre(event.clientX, event.clientY)
      change((current) => zoomBy(current, factor, point, fitted, stage), false)
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => element.removeEventListener('wheel', onWheel)
  }, [stageRef, fromCentre, change])

  const onPointerDown = (event: PointerEvent<HTMLElement>): void => {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    if (onButton(event.target)) return
    event.currentTarget.setPointerCapture?.(event.pointerId)
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
    swipeStart.current = pointers.current.size === 1 ? { x: event.clientX, y: event.clientY } : null
  }

  const onPointerMove = (event: PointerEvent<HTMLElement>): void => {
    const previous = pointers.current.get(event.pointerId)
    if (!previous) return
    const now = { x: event.clientX, y: event.clientY }
    const { fitted, stage } = latest.current
    if (pointers.current.size === 2) {
      // Pinch: scale by the change in finger distance around their midpoint, and follow the
      // midpoint as it moves.
      const other = [...pointers.current].find(([id]) => id !== event.pointerId)![1]
      const factor = distance(now, other) / Math.max(1, distance(previous, other))
      const before = midpoint(previous, other)
      const after = midpoint(now, other)
      const point = fromCentre(after.x, after.y)
      change(
        (current) =>
          panBy(
            zoomBy(current, factor, point, fitted, stage),
            after.x - before.x,
            after.y - before.y,
            fitted,
            stage
          ),
        false
      )
    } else if (isZoomed(latest.current.view)) {
      setDragging(true)
      change(
        (current) => panBy(current, now.x - previous.x, now.y - previous.y, fitted, stage),
        false
      )
    }
    pointers.current.set(event.pointerId, now)
  }

  const onPointerEnd = (event: PointerEvent<HTMLElement>): void => {
    if (!pointers.current.delete(event.pointerId)) return
    setDragging(false)
    const start = swipeStart.current
    swipeStart.current = null
    if (!start || pointers.current.size > 0 || isZoomed(latest.current.view)) return
    const dx = event.clientX - start.x
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - start.y)) {
      latest.current.onSwipe(swipeStep(dx, isRightToLeft(event.currentTarget)))
    }
  }

  const toggleAt = ({ clientX, clientY }: TapPoint): void => {
    const point = fromCentre(clientX, clientY)
    change((current) => toggleZoom(current, point, fitted, stage), true)
  }
  const doubleTap = useDoubleTap(toggleAt, onButton)

  const centre = { x: 0, y: 0 }
  return {
    // A window made smaller while zoomed must not leave a gap at the photo's edge.
    view: clampView(view, fitted, stage),
    fitted,
    animated,
    dragging,
    stageHandlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (event) => {
        onPointerEnd(event)
        doubleTap.onPointerUp(event)
      },
      onPointerCancel: onPointerEnd,
      onDoubleClick: doubleTap.onDoubleClick
    },
    zoomIn: () =>
      change((current) => zoomBy(current, KEY_ZOOM_FACTOR, centre, fitted, stage), true),
    zoomOut: () =>
      change((current) => zoomBy(current, 1 / KEY_ZOOM_FACTOR, centre, fitted, stage), true),
    reset: () => change(() => FITTED, true),
    pan: (dx, dy) => change((current) => panBy(current, dx, dy, fitted, stage), true)
  }
}
