// The bounded line of requests waiting for the database, the same on PGlite (one engine, so one
// at a time) and PostgreSQL (as many as the pool has connections). Past `maxWaiting` a request
// is refused at once (DatabaseOverloadedError, 503) rather than queued behind work it would time
// out on anyway, and one that waits past its own queue timeout leaves the line (DatabaseBusyError,
// 504) even when the holder never finishes. With `perHolder`, one caller (a signed-in user, an
// anonymous address) holds at most that many places at once: its other requests wait while
// other callers' requests behind them go first, so a burst of one caller's slow statements
// leaves the rest of a pool to everyone else.

import { DatabaseBusyError, DatabaseOverloadedError } from './database'

export interface QueueBounds {
  /** How many hold the database at once. */
  capacity: number
  /** How many may wait for it; the next is refused. */
  maxWaiting: number
  /** How many places one holder may take at once (unset: as many as there are). */
  perHolder?: number
}

interface Waiter {
  holder?: string
  grant(): void
  /** Stops the waiter's timeout clock (a restart is not the queue's fault), or starts it again. */
  pause(): void
  resume(): void
}

export class RequestQueue {
  private holders = 0
  /** Places taken by each named holder. */
  private readonly heldBy = new Map<string, number>()
  private readonly waiters: Waiter[] = []
  private paused = false

  constructor(private readonly bounds: QueueBounds) {}

  /** How many requests are waiting now. */
  get waiting(): number {
    return this.waiters.length
  }

  private mayTake(holder: string | undefined): boolean {
    if (this.holders >= this.bounds.capacity) return false
    const most = this.bounds.perHolder
    return holder === undefined || most === undefined || (this.heldBy.get(holder) ?? 0) < most
  }

  private take(holder: string | undefined): void {
    this.holders += 1
    if (holder !== undefined) this.heldBy.set(holder, (this.heldBy.get(holder) ?? 0) + 1)
  }

  /**
   * Resolves when a place is free for `holder`; the caller must `release(holder)` it exactly
   * once.
   */
  acquire(timeoutMs?: number, holder?: string): Promise<void> {
    if (this.mayTake(holder) && !this.waiters.some((waiter) => this.mayTake(waiter.holder))) {
      this.take(holder)
      return Promise.resolve()
    }
    if (this.waiters.length >= this.bounds.maxWaiting) {
      return Promise.reject(new DatabaseOverloadedError(this.waiters.length))
    }
    return new Promise((resolve, reject) => {
      let waited = 0
      let since = performance.now()
      let timer: NodeJS.Timeout | undefined
      const start = (): void => {
        if (timeoutMs === undefined) return
        since = performance.now()
        timer = setTimeout(() => {
          const index = this.waiters.indexOf(waiter)
          if (index >= 0) this.waiters.splice(index, 1)
          reject(new DatabaseBusyError(waited + performance.now() - since))
        }, timeoutMs - waited)
      }
      const waiter: Waiter = {
        holder,
        grant: () => {
          clearTimeout(timer)
          this.take(holder)
          resolve()
        },
        pause: () => {
          clearTimeout(timer)
          waited += performance.now() - since
        },
        resume: start
      }
      this.waiters.push(waiter)
      if (!this.paused) start()
    })
  }

  /**
   * While the database restarts, waiting does not count against anyone's queue timeout: the
   * requests queued meanwhile are carried on by the new engine, not refused for its start-up.
   */
  pause(): void {
    if (this.paused) return
    this.paused = true
    for (const waiter of this.waiters) waiter.pause()
  }

  resume(): void {
    if (!this.paused) return
    this.paused = false
    for (const waiter of this.waiters) waiter.resume()
  }

  release(holder?: string): void {
    this.holders -= 1
    if (holder !== undefined) {
      const held = (this.heldBy.get(holder) ?? 1) - 1
      if (held > 0) this.heldBy.set(holder, held)
      else this.heldBy.delete(holder)
    }
    // The first waiters in line that may take a place, skipping holders at their limit.
    for (let i = 0; i < this.waiters.length && this.holders < this.bounds.capacity;) {
      const waiter = this.waiters[i]
      if (!this.mayTake(waiter.holder)) {
        i++
        continue
      }
      this.waiters.splice(i, 1)
      waiter.grant()
    }
  }

  /** Runs `work` holding a place. */
  async run<T>(work: () => Promise<T>, timeoutMs?: number): Promise<T> {
    await this.acquire(timeoutMs)
    try {
      return await work()
    } finally {
      this.release()
    }
  }
}
