import { describe, expect, it } from 'vitest'
import {
  aspectRatio,
  canvasFilter,
  cropRect,
  draggedFraming,
  isPlainLook,
  lookOf,
  NO_ADJUSTMENTS,
  NO_EDIT
} from './edits'

const centred = { zoom: 1, offsetX: 0, offsetY: 0 }

describe('cropRect', () => {
  it('keeps the whole photo for its own shape', () => {
    expect(cropRect(4000, 3000, 4 / 3, centred)).toEqual({ x: 0, y: 0, w: 4000, h: 3000 })
  })

  it('takes the largest 4:5 of a landscape photo, centred, and moves it edge to edge', () => {
    expect(cropRect(4000, 3000, 4 / 5, centred)).toEqual({ x: 800, y: 0, w: 2400, h: 3000 })
    expect(cropRect(4000, 3000, 4 / 5, { ...centred, offsetX: -1 }).x).toBe(0)
    expect(cropRect(4000, 3000, 4 / 5, { ...centred, offsetX: 1 }).x).toBe(1600)
  })

  it('takes the largest 16:9 of a portrait photo', () => {
    expect(cropRect(3000, 4000, 16 / 9, centred)).toEqual({ x: 0, y: 1156, w: 3000, h: 1688 })
  })

  it('zoom shrinks the crop around its position and is bounded', () => {
    expect(cropRect(1000, 1000, 1, { zoom: 2, offsetX: 0, offsetY: 0 })).toEqual({
      x: 250,
      y: 250,
      w: 500,
      h: 500
    })
    expect(cropRect(1000, 1000, 1, { zoom: 10, offsetX: 5, offsetY: -5 })).toEqual({
      x: 667,
      y: 0,
      w: 333,
      h: 333
    })
  })
})

describe('draggedFraming', () => {
  it('moves the photo with the pointer: dragging right shows more of the left', () => {
    const photo = { width: 2000, height: 1000 }
    const crop = cropRect(2000, 1000, 1, centred)
    // The 1000 px crop is shown 500 px wide: 250 px of drag is 500 photo px, all the free room.
    const moved = draggedFraming(centred, { dx: 250, dy: 0, shownWidth: 500 }, photo, crop)
    expect(moved.offsetX).toBe(-1)
    expect(moved.offsetY).toBe(0)
    const back = draggedFraming(centred, { dx: -125, dy: 40, shownWidth: 500 }, photo, crop)
    expect(back.offsetX).toBeCloseTo(0.5)
    // No free room vertically: the offset stays put.
    expect(back.offsetY).toBe(0)
  })
})

describe('looks', () => {
  it('Normal with no adjustments changes nothing', () => {
    const look = lookOf(NO_EDIT)
    expect(isPlainLook(look)).toBe(true)
    expect(canvasFilter(look)).toBe('none')
  })

  it('a filter and adjustments combine into one canvas filter and overlays', () => {
    const look = lookOf({
      filter: 'clarendon',
      adjustments: { ...NO_ADJUSTMENTS, brightness: 20, saturation: -100, vignette: 50 }
    })
    expect(look.brightness).toBeCloseTo(1.1)
    expect(look.saturate).toBe(0)
    expect(look.vignette).toBe(0.5)
    expect(canvasFilter(look)).toBe('brightness(1.100) contrast(1.200) saturate(0.000)')
    expect(isPlainLook(look)).toBe(false)
  })

  it('warmth and fade stay within their ranges', () => {
    const look = lookOf({
      filter: 'juno',
      adjustments: { ...NO_ADJUSTMENTS, warmth: 100, fade: 100 }
    })
    expect(look.warmth).toBe(1)
    expect(look.fade).toBe(1)
  })
})

describe('aspectRatio', () => {
  it('names the four shapes; Original is the given ratio', () => {
    expect(aspectRatio('1:1', 2)).toBe(1)
    expect(aspectRatio('4:5', 2)).toBe(0.8)
    expect(aspectRatio('16:9', 2)).toBeCloseTo(1.778, 3)
    expect(aspectRatio('original', 1.5)).toBe(1.5)
  })
})
