import { describe, expect, it } from 'vitest'
import { parseGoDuration } from '../../../../src/backend/auth/go-duration'

describe('parseGoDuration (Go time.ParseDuration)', () => {
  it.each([
    ['24h', 86_400_000],
    ['1h30m', 5_400_000],
    ['1.5h', 5_400_000],
    ['90s', 90_000],
    ['300ms', 300],
    ['0', 0],
    ['-2m', -120_000]
  ])('%s is %i ms', (text, ms) => {
    expect(parseGoDuration(text)).toBe(ms)
  })

  it.each([
    ['1d', 'time: unknown unit "d" in duration "1d"'],
    ['10', 'time: missing unit in duration "10"'],
    ['h', 'time: invalid duration "h"'],
    ['', 'time: invalid duration ""']
  ])('refuses %j with Go’s words', (text, message) => {
    expect(() => parseGoDuration(text)).toThrow(message)
  })
})
