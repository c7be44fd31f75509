// The photo viewer's zoom and pan, as plain arithmetic on a view: the photo is fitted (contained)
// in the stage and centred, then drawn with `translate(x, y) scale(scale)` around its centre.
// Points are in pixels from the stage's centre. Every function returns a view that is already
// clamped: never smaller than fitted, never larger than MAX_SCALE, and never panned so far that a
// gap opens between the photo's edge and the stage's on a side where the photo is larger.

export interface Size {
  width: number
  height: number
}

export interface Point {
  x: number
  y: number
}

export interface ZoomView {
  scale: number
  x: number
  y: number
}

export const MIN_SCALE = 1
export const MAX_SCALE = 5
/** Where a double-click zooms to, as on the network's web viewer. */
export const DOUBLE_CLICK_SCALE = 2.5
/** One press of + or -. */
export const KEY_ZOOM_FACTOR = 1.5
/** One press of an arrow while zoomed, in screen pixels. */
export const KEY_PAN_STEP = 80
export const FITTED: ZoomView = { scale: 1, x: 0, y: 0 }

/** The largest size with the photo's shape that fits the stage (CSS `object-fit: contain`). */
export function fitSize(natural: Size, stage: Size): Size {
  if (natural.width <= 0 || natural.height <= 0) return { ...stage }
  const ratio = Math.min(stage.width / natural.width, stage.height / natural.height)
  return { width: natural.width * ratio, height: natural.height * ratio }
}

export function isZoomed(view: ZoomView): boolean {
  return view.scale > MIN_SCALE + 1e-3
}

const clamp = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, value))

/** How far the photo may move from centre on one axis: half of what overflows the stage. */
function panLimit(fitted: number, scale: number, stage: number): number {
  return Math.max(0, (fitted * scale - stage) / 2)
}

/** The view made legal: scale within bounds, and the photo kept over the stage. */
export function clampView(view: ZoomView, fitted: Size, stage: Size): ZoomView {
  const scale = clamp(view.scale, MIN_SCALE, MAX_SCALE)
  const limitX = panLimit(fitted.width, scale, stage.width)
  const limitY = panLimit(fitted.height, scale, stage.height)
  // `+ 0` turns a -0 from clamping into 0, so a fitted view always equals FITTED.
  return {
    scale,
    x: clamp(view.x, -limitX, limitX) + 0,
    y: clamp(view.y, -limitY, limitY) + 0
  }
}

/**
 * Zooms to `scale` keeping the photo's pixel under `point` where it is on screen (zooming around
 * the pointer). A screen point p shows photo point q = (p - t) / s; keeping it there at the new
 * scale s' needs t' = p - s' q.
 */
export function zoomTo(
  view: ZoomView,
  scale: number,
  point: Point,
  fitted: Size,
  stage: Size
): ZoomView {
  const next = clamp(scale, MIN_SCALE, MAX_SCALE)
  const ratio = next / view.scale
  return clampView(
    {
      scale: next,
      x: point.x - (point.x - view.x) * ratio,
      y: point.y - (point.y - view.y) * ratio
    },
    fitted,
    stage
  )
}

export function zoomBy(
  view: ZoomView,
  factor: number,
  point: Point,
  fitted: Size,
  stage: Size
): ZoomView {
  return zoomTo(view, view.scale * factor, point, fitted, stage)
}

/** A double-click: zoomed in, back to fitted; fitted, in to DOUBLE_CLICK_SCALE at the point. */
export function toggleZoom(view: ZoomView, point: Point, fitted: Size, stage: Size): ZoomView {
  return isZoomed(view) ? FITTED : zoomTo(view, DOUBLE_CLICK_SCALE, point, fitted, stage)
}

export function panBy(view: ZoomView, dx: number, dy: number, fitted: Size, stage: Size): ZoomView {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, fitted, stage)
}

/**
 * The zoom factor for one wheel event. A trackpad pinch arrives as a wheel event with ctrlKey
 * and small deltas, so it zooms faster per pixel than a mouse wheel's coarse notches. Lines and
 * pages (deltaMode 1 and 2) are turned into pixels first.
 */
export function wheelZoomFactor(deltaY: number, deltaMode: number, pinch: boolean): number {
  const pixels = deltaY * (deltaMode === 1 ? 16 : deltaMode === 2 ? 400 : 1)
  const perPixel = pinch ? 0.01 : 0.002
  return Math.exp(-clamp(pixels, -200, 200) * perPixel)
}

/** The CSS transform for a view. */
export function viewTransform(view: ZoomView): string {
  return `translate(${view.x}px, ${view.y}px) scale(${view.scale})`
}
