import { describe, expect, it } from 'vitest'
import { SlidingWindowLimiter } from '../../../../src/backend/auth/rate-limit'

describe('SlidingWindowLimiter', () => {
  it('allows `limit` requests in any 60 s window, per key', () => {
    let now = 0
    const limiter = new SlidingWindowLimiter({ limit: 2, windowMs: 60_000 }, () => now)
    expect(limiter.take('a')).toBe(true)
    now = 30_000
    expect(limiter.take('a')).toBe(true)
    expect(limiter.take('a')).toBe(false)
    expect(limiter.take('b')).toBe(true)
    now = 60_000 // the first request left the window
    expect(limiter.take('a')).toBe(true)
    expect(limiter.take('a')).toBe(false)
    now = 90_001
    expect(limiter.take('a')).toBe(true)
  })

  it('is off when the limit is 0', () => {
    const limiter = new SlidingWindowLimiter({ limit: 0, windowMs: 60_000 }, () => 0)
    for (let i = 0; i < 100; i += 1) expect(limiter.take('a')).toBe(true)
  })
})
