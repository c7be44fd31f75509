import { describe, expect, it } from 'vitest'
import { afterCursorFilter, boundedPageSize, toPage } from '../../../src/shared/data/keyset'

describe('keyset paging', () => {
  const cursor = { created_at: '2026-11-23T10:00:00.123+00:00', id: 'b' }

  it('selects rows after the cursor, ties broken by id, with quoted values', () => {
    expect(afterCursorFilter(cursor, 'newest')).toBe(
      'created_at.lt."2026-11-23T10:00:00.123+00:00",' +
        'and(created_at.eq."2026-11-23T10:00:00.123+00:00",id.lt."b")'
    )
    expect(afterCursorFilter(cursor, 'oldest', { time: 'created_at', id: 'post_id' })).toContain(
      'post_id.gt."b"'
    )
  })

  it('uses the extra row only to know that a next page exists', () => {
    const rows = [1, 2, 3].map((n) => ({ created_at: `t${n}`, id: `${n}` }))
    expect(toPage(rows, 2, (r) => r)).toEqual({ items: rows.slice(0, 2), next: rows[1] })
    expect(toPage(rows, 3, (r) => r)).toEqual({ items: rows, next: null })
  })

  it('bounds page sizes to 1..100', () => {
    expect(boundedPageSize(undefined, 12)).toBe(12)
    expect(boundedPageSize(0, 12)).toBe(1)
    expect(boundedPageSize(1000, 12)).toBe(100)
    expect(boundedPageSize(Number.NaN, 12)).toBe(12)
  })
})
