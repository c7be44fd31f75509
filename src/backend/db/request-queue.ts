// The bounded line of requests waiting for the database, the same on PGlite (one engine, so one
// at a time) and PostgreSQL (as many as the pool has connections). Past `maxWaiting` a request
// is refused at once (DatabaseOverloadedError, 503) rather than queued behind work it would time
// out on anyway, and one that waits past its own queue timeout leaves the line (DatabaseBusyError,
// 504) even when the holder never finishes.

import { DatabaseBusyError, DatabaseOverloadedError } from './database'

export interface QueueBounds {
  /** How many hold the database at once. */
  capacity: number
  /** How many may wait for it; the next is refused. */
  maxWaiting: number
}

interface Waiter {
  grant: () => void
}

export class RequestQueue {
  private holders = 0
  private readonly waiters: Waiter[] = []

  constructor(private readonly bounds: QueueBounds) {}

  /** How many requests are waiting now. */
  get waiting(): number {
    return this.waiters.length
  }

  /** Resolves when a place is free; the caller must `release()` it exactly once. */
  acquire(timeoutMs?: number): Promise<void> {
    if (this.holders < this.bounds.capacity && this.waiters.length === 0) {
      this.holders += 1
      return Promise.resolve()
    }
    if (this.waiters.length >= this.bounds.maxWaiting) {
      return Promise.reject(new DatabaseOverloadedError(this.waiters.length))
    }
    const queuedAt = performance.now()
    return new Promise((resolve, reject) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              const index = this.waiters.indexOf(waiter)
              if (index < 0) return
              this.waiters.splice(index, 1)
              reject(new DatabaseBusyError(performance.now() - queuedAt))
            }, timeoutMs)
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer)
          this.holders += 1
          resolve()
        }
      }
      this.waiters.push(waiter)
    })
  }

  release(): void {
    this.holders -= 1
    if (this.holders < this.bounds.capacity) this.waiters.shift()?.grant()
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
