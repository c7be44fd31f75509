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
  grant(): void
  /** Stops the waiter's timeout clock (a restart is not the queue's fault), or starts it again. */
  pause(): void
  resume(): void
}

export class RequestQueue {
  private holders = 0
  private readonly waiters: Waiter[] = []
  private paused = false

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
        grant: () => {
          clearTimeout(timer)
          this.holders += 1
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
