import { describe, expect, it } from 'vitest'
import { indexAt, nextSpacer } from './useWindowedList'

describe('indexAt', () => {
  const offsets = [0, 100, 250, 300]
  it('finds the item containing a point, clamped to the list', () => {
    expect(indexAt(offsets, 0)).toBe(0)
    expect(indexAt(offsets, 99)).toBe(0)
    expect(indexAt(offsets, 100)).toBe(1)
    expect(indexAt(offsets, 299)).toBe(2)
    expect(indexAt(offsets, 5000)).toBe(2)
  })
})

describe('nextSpacer', () => {
  const heightOf = (list: readonly string[], end: number): number =>
    list.slice(0, end).reduce((sum, key) => sum + Number(key.slice(1)), 0)

  it('takes over the height of items dropped from the top', () => {
    const spacer = nextSpacer({ height: 0, blocks: [] }, ['h100', 'h200', 'h50'], ['h50'], heightOf)
    expect(spacer).toEqual({ height: 300, blocks: [300] })
  })

  it('gives back the same block when they are put back', () => {
    const spacer = nextSpacer(
      { height: 500, blocks: [200, 300] },
      ['h50'],
      ['h100', 'h200', 'h50'],
      heightOf
    )
    expect(spacer).toEqual({ height: 200, blocks: [200] })
  })

  it('keeps the spacer when only the end changed, and clears it for a new list', () => {
    const kept = { height: 300, blocks: [300] }
    expect(nextSpacer(kept, ['a', 'b'], ['a', 'b', 'c'], heightOf)).toBe(kept)
    expect(nextSpacer(kept, ['a', 'b'], ['x', 'y'], heightOf)).toEqual({ height: 0, blocks: [] })
  })
})
