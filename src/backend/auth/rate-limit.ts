// A sliding-window limit per client address for /token: at most `limit` requests in any
// 60 s window. A log of timestamps per address is exact and small at these rates.

const WINDOW_MS = 60_000
/** Forget idle addresses once this many are tracked, so the map cannot grow without bound. */
const MAX_TRACKED = 10_000

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>()

  constructor(
    private readonly limit: number,
    private readonly now: () => number
  ) {}

  /** Records a request; false when it is over the limit (and then it is not counted). */
  take(key: string): boolean {
    if (this.limit <= 0) return true
    const now = this.now()
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < WINDOW_MS)
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
      if (times.every((t) => now - t >= WINDOW_MS)) this.hits.delete(key)
    }
  }
}
