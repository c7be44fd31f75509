// Where a curated post goes in its author's grid: pins first (newest pin first), the rest by
// date, an archived post nowhere, and a post older than a partly read grid left for its page.

import { describe, expect, it } from 'vitest'
import { placeInGrid } from './gridPlacement'

const post = (id: string, created: string, pinned: string | null = null) => ({
  id,
  created_at: `2026-11-0${created}T10:00:00.000Z`,
  archived_at: null,
  pinned_at: pinned ? `2026-11-2${pinned}T10:00:00.000Z` : null,
  pin_slot: pinned ? 1 : null
})

describe('placeInGrid', () => {
  const a = post('a', '5')
  const b = post('b', '4')
  const c = post('c', '3')
  const byId = { a, b, c }

  it('puts a new pin first, before older pins', () => {
    const pinnedC = post('c', '3', '1')
    const pinnedA = post('a', '5', '2')
    const withC = placeInGrid(['a', 'b', 'c'], pinnedC, byId, false)
    expect(withC).toEqual(['c', 'a', 'b'])
    expect(placeInGrid(withC, pinnedA, { ...byId, c: pinnedC }, false)).toEqual(['a', 'c', 'b'])
  })

  it('puts an unpinned or restored post back by its date', () => {
    expect(placeInGrid(['c', 'a', 'b'], c, byId, false)).toEqual(['a', 'b', 'c'])
    expect(placeInGrid(['a', 'c'], b, byId, false)).toEqual(['a', 'b', 'c'])
  })

  it('leaves a post older than every loaded one for the next page', () => {
    expect(placeInGrid(['a', 'b'], c, byId, true)).toEqual(['a', 'b'])
  })

  it('takes an archived post out', () => {
    expect(placeInGrid(['a', 'b', 'c'], { ...b, archived_at: 'now' }, byId, false)).toEqual([
      'a',
      'c'
    ])
  })
})
