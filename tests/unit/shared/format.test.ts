import { describe, expect, it } from 'vitest'
import { formatLikeCount, formatLikesLabel, relativeAge } from '../../../src/shared/format'

describe('formatLikeCount', () => {
  it('adds thousands separators', () => {
    expect(formatLikeCount(0)).toBe('0')
    expect(formatLikeCount(999)).toBe('999')
    expect(formatLikeCount(1000)).toBe('1,000')
    expect(formatLikeCount(1234567)).toBe('1,234,567')
  })

  it('never shows a negative or fractional count', () => {
    expect(formatLikeCount(-3)).toBe('0')
    expect(formatLikeCount(12.7)).toBe('12')
  })

  it('words one like and many likes', () => {
    expect(formatLikesLabel(1)).toBe('1 like')
    expect(formatLikesLabel(2500)).toBe('2,500 likes')
  })
})

describe('relativeAge', () => {
  const now = new Date('2026-11-23T12:00:00Z')
  const ago = (ms: number): string => new Date(now.getTime() - ms).toISOString()
  const minute = 60_000
  const hour = 60 * minute

  it("reads 'now' under one hour", () => {
    expect(relativeAge(ago(0), now)).toBe('now')
    expect(relativeAge(ago(59 * minute), now)).toBe('now')
  })

  it("reads 'Nh' from one hour to under 24 hours", () => {
    expect(relativeAge(ago(hour), now)).toBe('1h')
    expect(relativeAge(ago(23 * hour + 59 * minute), now)).toBe('23h')
  })

  it("reads 'Nd' from 24 hours on", () => {
    expect(relativeAge(ago(24 * hour), now)).toBe('1d')
    expect(relativeAge(ago(10 * 24 * hour), now)).toBe('10d')
  })

  it("reads 'now' for clock skew into the future and for invalid dates", () => {
    expect(relativeAge(ago(-5 * minute), now)).toBe('now')
    expect(relativeAge('not a date', now)).toBe('now')
  })

  it('accepts PostgREST timestamps with offsets', () => {
    expect(relativeAge('2026-11-23T09:30:00.123+00:00', now)).toBe('2h')
  })

  it("says the same in another language's own short forms, through Intl", () => {
    const short = (value: number, unit: string, locale: string): string =>
      new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value)
    expect(relativeAge(ago(5 * minute), now, 'de')).toBe('jetzt')
    expect(relativeAge(ago(3 * hour), now, 'de')).toBe(short(3, 'hour', 'de'))
    expect(relativeAge(ago(3 * hour), now, 'de')).not.toBe('3h')
    expect(relativeAge(ago(48 * hour), now, 'ja')).toBe(short(2, 'day', 'ja'))
    expect(relativeAge(ago(5 * minute), now, 'ar')).toBe('الآن')
    expect(relativeAge(ago(2 * hour), now, 'en-GB')).toBe('2h')
  })
})

describe('formatLikeCount in other languages', () => {
  it("uses the language's thousands separator", () => {
    expect(formatLikeCount(1234567, 'de')).toBe('1.234.567')
    expect(formatLikeCount(1234567, 'en')).toBe('1,234,567')
    expect(formatLikeCount(-2, 'es')).toBe('0')
  })
})
