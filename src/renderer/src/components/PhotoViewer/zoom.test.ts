import { describe, expect, it } from 'vitest'
import {
  DOUBLE_CLICK_SCALE,
  FITTED,
  MAX_SCALE,
  clampView,
  fitSize,
  isZoomed,
  panBy,
  toggleZoom,
  viewTransform,
  wheelZoomFactor,
  zoomBy,
  zoomTo,
  type Point,
  type ZoomView
} from './zoom'

const stage = { width: 1000, height: 800 }
// A 3:2 landscape photo contained in the stage: full width, 666.7 px tall.
const fitted = fitSize({ width: 3000, height: 2000 }, stage)

/** Where the photo pixel `q` (from the photo's centre, in fitted pixels) is drawn on screen. */
const screenOf = (view: ZoomView, q: Point): Point => ({
  x: view.x + view.scale * q.x,
  y: view.y + view.scale * q.y
})
const photoPointAt = (view: ZoomView, p: Point): Point => ({
  x: (p.x - view.x) / view.scale,
  y: (p.y - view.y) / view.scale
})

describe('fitSize', () => {
  it('contains the photo: a wide one fills the width, a tall one the height', () => {
    expect(fitted.width).toBeCloseTo(1000)
    expect(fitted.height).toBeCloseTo(666.67, 1)
    const tall = fitSize({ width: 1080, height: 1350 }, stage)
    expect(tall.height).toBeCloseTo(800)
    expect(tall.width).toBeCloseTo(640)
  })

  it('scales a small photo up to the stage and falls back to the stage without dimensions', () => {
    expect(fitSize({ width: 100, height: 100 }, stage)).toEqual({ width: 800, height: 800 })
    expect(fitSize({ width: 0, height: 0 }, stage)).toEqual(stage)
  })
})

describe('zoomTo', () => {
  it('keeps the photo point under the pointer where it was', () => {
    const pointer = { x: 300, y: -200 }
    const before = photoPointAt(FITTED, pointer)
    const zoomed = zoomTo(FITTED, 2, pointer, fitted, stage)
    expect(zoomed.scale).toBe(2)
    const after = screenOf(zoomed, before)
    expect(after.x).toBeCloseTo(pointer.x)
    expect(after.y).toBeCloseTo(pointer.y)
  })

  it('keeps the point fixed across successive zooms too', () => {
    const pointer = { x: -120, y: 40 }
    const once = zoomTo(FITTED, 2, pointer, fitted, stage)
    const q = photoPointAt(once, pointer)
    const twice = zoomBy(once, 1.5, pointer, fitted, stage)
    expect(twice.scale).toBeCloseTo(3)
    expect(screenOf(twice, q).x).toBeCloseTo(pointer.x)
    expect(screenOf(twice, q).y).toBeCloseTo(pointer.y)
  })

  it('never goes below fitted nor above the maximum', () => {
    expect(zoomTo(FITTED, 0.2, { x: 50, y: 50 }, fitted, stage)).toEqual(FITTED)
    expect(zoomTo(FITTED, 40, { x: 0, y: 0 }, fitted, stage).scale).toBe(MAX_SCALE)
  })

  it('zooming back out to fitted recentres the photo', () => {
    const zoomed = zoomTo(FITTED, 3, { x: 400, y: 300 }, fitted, stage)
    expect(zoomTo(zoomed, 1, { x: -400, y: 0 }, fitted, stage)).toEqual(FITTED)
  })
})

describe('clampView', () => {
  it('lets the photo move only as far as it overflows the stage', () => {
    // At 2x the photo is 2000 x 1333 px in a 1000 x 800 stage: 500 px spare each side in x,
    // 266.7 px in y.
    const view = clampView({ scale: 2, x: 9999, y: -9999 }, fitted, stage)
    expect(view.x).toBeCloseTo(500)
    expect(view.y).toBeCloseTo(-266.67, 1)
  })

  it('keeps a photo that does not overflow an axis centred on it', () => {
    // At 1.1x the photo is 733 px tall in an 800 px stage: no vertical room to move.
    const view = clampView({ scale: 1.1, x: 30, y: 30 }, fitted, stage)
    expect(view.x).toBe(30)
    expect(view.y).toBe(0)
  })
})

describe('panBy', () => {
  it('moves a zoomed photo by the drag and stops at its edges', () => {
    const zoomed = zoomTo(FITTED, 2, { x: 0, y: 0 }, fitted, stage)
    expect(panBy(zoomed, 120, -60, fitted, stage)).toEqual({ scale: 2, x: 120, y: -60 })
    expect(panBy(zoomed, 5000, 0, fitted, stage).x).toBeCloseTo(500)
  })

  it('does not move a fitted photo', () => {
    expect(panBy(FITTED, 120, 60, fitted, stage)).toEqual(FITTED)
  })
})

describe('toggleZoom', () => {
  it('zooms a fitted photo in at the point, and a zoomed one back to fitted', () => {
    const point = { x: 200, y: 100 }
    const zoomed = toggleZoom(FITTED, point, fitted, stage)
    expect(zoomed.scale).toBe(DOUBLE_CLICK_SCALE)
    expect(isZoomed(zoomed)).toBe(true)
    expect(screenOf(zoomed, photoPointAt(FITTED, point)).x).toBeCloseTo(point.x)
    expect(toggleZoom(zoomed, point, fitted, stage)).toEqual(FITTED)
  })
})

describe('wheelZoomFactor', () => {
  it('zooms in on a wheel turned up and out on one turned down', () => {
    expect(wheelZoomFactor(-100, 0, false)).toBeGreaterThan(1)
    expect(wheelZoomFactor(100, 0, false)).toBeLessThan(1)
    // Opposite turns undo each other.
    expect(wheelZoomFactor(-100, 0, false) * wheelZoomFactor(100, 0, false)).toBeCloseTo(1)
  })

  it('makes a pinch faster per pixel than a wheel, and counts lines as pixels', () => {
    expect(wheelZoomFactor(-10, 0, true)).toBeGreaterThan(wheelZoomFactor(-10, 0, false))
    expect(wheelZoomFactor(-3, 1, false)).toBeCloseTo(wheelZoomFactor(-48, 0, false))
  })

  it('caps one event so a huge delta cannot jump to the limit at once', () => {
    expect(wheelZoomFactor(-100_000, 0, true)).toBeCloseTo(wheelZoomFactor(-200, 0, true))
  })
})

describe('viewTransform', () => {
  it('translates then scales', () => {
    expect(viewTransform({ scale: 2, x: 10, y: -5 })).toBe('translate(10px, -5px) scale(2)')
  })
})
