// A sliding-window limit per client address: at most `limit` requests in any window (5 minutes
// or an hour, as [auth.rate_limit] in supabase/config.toml sets them). A log of timestamps per
// address is exact and small at these rates.

import type { RateLimit } from './config'

/** Forget idle addresses once this many are tracked, so the map cannot grow without bound. */
const MAX_TRACKED = 10_000

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>()

  private readonly limit: number
  private readonly windowMs: number

  constructor(
    rate: RateLimit,
    private readonly now: () => number
  ) {
    this.limit = rate.limit
    this.windowMs = rate.windowMs
  }

  /** Records a request; false when it is over the limit (and then it is not counted). */
  take(key: string): boolean {
    if (this.limit <= 0) return true
    const now = this.now()
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs)
    if (recent.length >= this.limit) {
      this.hits.set(key, recent)
      return false
    }
    recent.push(now)
    this.hits.set(key, recent)
    if (this.hits.size > MAX_TRACKED) this.prune(now)
    return true
  }

  private prune(now: number): void {
    for (const [key, times] of this.hits) {
      if (times.every((t) => now - t >= this.windowMs)) this.hits.delete(key)
    }
  }
}
