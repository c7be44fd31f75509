import { describe, expect, it } from 'vitest'
import { layoutTray, pageOffset } from './trayLayout'

const ITEM = 66
const MIN_GAP = 8

/** The row's full width under `layout`, as the browser lays it out. */
const rowWidth = (count: number, gap: number, padding: number): number =>
  2 * padding + count * ITEM + (count - 1) * gap

describe('layoutTray', () => {
  it('spreads an overflowing row so that a whole number of bubbles fills the tray exactly', () => {
    for (const viewport of [468, 375, 320, 600, 1000]) {
      const layout = layoutTray({ viewport, item: ITEM, minGap: MIN_GAP, count: 20 })
      expect(layout.gap).toBeGreaterThanOrEqual(MIN_GAP)
      expect(Number.isInteger(layout.gap)).toBe(true)
      expect(layout.padding).toBeGreaterThanOrEqual(MIN_GAP)
      // The last bubble on screen ends where the tray's padding starts: none is cut.
      expect(rowWidth(layout.perPage, layout.gap, layout.padding)).toBeCloseTo(viewport)
      // One more would not fit at the least gap.
      expect(rowWidth(layout.perPage + 1, MIN_GAP, MIN_GAP)).toBeGreaterThan(viewport)
    }
  })

  it('shows six whole bubbles in the 470 px feed column (its card is 468 px inside)', () => {
    expect(layoutTray({ viewport: 468, item: ITEM, minGap: MIN_GAP, count: 9 })).toEqual({
      gap: 11,
      padding: 8.5,
      perPage: 6
    })
  })

  it('leaves a row that fits at the least gap, from the start', () => {
    expect(layoutTray({ viewport: 468, item: ITEM, minGap: MIN_GAP, count: 3 })).toEqual({
      gap: MIN_GAP,
      padding: MIN_GAP,
      perPage: 6
    })
  })
})

describe('pageOffset', () => {
  const layout = layoutTray({ viewport: 468, item: ITEM, minGap: MIN_GAP, count: 20 })
  const stride = ITEM + layout.gap
  const max = rowWidth(20, layout.gap, layout.padding) - 468

  it('moves a page of bubbles, landing on a bubble’s edge', () => {
    expect(pageOffset(0, max, layout, ITEM, 1)).toBe(6 * stride)
    expect(pageOffset(6 * stride, max, layout, ITEM, 1)).toBe(12 * stride)
    expect(pageOffset(12 * stride, max, layout, ITEM, -1)).toBe(6 * stride)
    // From a scroll left between two edges (a wheel, a zoomed screen), from the nearest edge.
    expect(pageOffset(6 * stride + 3, max, layout, ITEM, 1)).toBe(12 * stride)
  })

  it('stops at either end, which is itself an edge', () => {
    expect(pageOffset(12 * stride, max, layout, ITEM, 1)).toBe(max)
    expect(max % stride).toBe(0)
    expect(pageOffset(3 * stride, max, layout, ITEM, -1)).toBe(0)
  })
})
