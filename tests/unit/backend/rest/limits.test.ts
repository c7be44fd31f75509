// The pure parts of the REST limits: embed depth, and the row cap each level gets.

import { describe, expect, it } from 'vitest'
import { cappedLimit, embedDepth } from '../../../../src/backend/rest/limits'
import { parseSelect } from '../../../../src/backend/rest/parse-select'

describe('embedDepth and cappedLimit', () => {
  it('counts how deep embeds nest', () => {
    expect(embedDepth(parseSelect('*'))).toBe(0)
    expect(embedDepth(parseSelect('*,profiles(username)'))).toBe(1)
    expect(embedDepth(parseSelect('id,a(id,b(id)),c(id)'))).toBe(2)
    expect(embedDepth(parseSelect('id,a(b(c(d(e(*)))))'))).toBe(5)
  })

  it('caps a level at max rows whether or not the request asked for a limit', () => {
    expect(cappedLimit(undefined, 1000)).toBe(1000)
    expect(cappedLimit(12, 1000)).toBe(12)
    expect(cappedLimit(5000, 1000)).toBe(1000)
  })
})
