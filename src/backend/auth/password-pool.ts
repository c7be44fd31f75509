// bcrypt off the event loop: a small pool of worker threads (password-worker.ts) hashes and
// compares passwords. bcrypt costs ~70 ms of CPU each time; on the backend's own thread ten
// concurrent sign-ins held every other request for over a second. Workers start when work
// arrives, up to the pool's size, and end after a while without any (each holds a V8 heap of
// its own, some 10 MB resident, for a backend that may sign someone in once a day); an idle one
// does not keep the process alive, and close() ends them all when the backend closes. A worker
// that dies fails its one job and is replaced.

import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { workerScript } from '../worker-script'
import type { PasswordJob, PasswordReply } from './password-messages'

/** How long a worker waits for its next job before it ends (a burst of sign-ins reuses it). */
export const PASSWORD_WORKER_IDLE_MS = 60_000

/** Never more threads than this, whatever the machine: bcrypt work queues beyond it. */
export const MAX_PASSWORD_WORKERS = 4

/** One thread per core beyond the backend's own, at least one, at most MAX_PASSWORD_WORKERS. */
export function passwordPoolSize(cores = availableParallelism()): number {
  return Math.min(MAX_PASSWORD_WORKERS, Math.max(1, cores - 1))
}

export function passwordWorkerScript(): Promise<URL> {
  return workerScript({
    name: 'password-worker',
    source: join(__dirname, 'password-worker.ts'),
    missing: 'The password worker is missing from this build'
  })
}

export class PasswordPoolClosedError extends Error {
  constructor() {
    super('The backend is shutting down')
  }
}

/** bcrypt refused what it was given (a stored value that is not a bcrypt hash). */
export class PasswordInputError extends Error {}

type Job = PasswordJob extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never

interface Pending {
  job: PasswordJob
  resolve(value: string | boolean): void
  reject(error: Error): void
}

interface Slot {
  worker: Worker
  busy: Pending | null
  /** Ends the worker once it has been idle for the pool's idle time. */
  idle: NodeJS.Timeout | null
}

export interface PasswordPoolStats {
  /** Threads running now. */
  workers: number
  /** Jobs the workers finished. */
  completed: number
  /** The worker threads that finished them (never the backend's own, 0 on the main thread). */
  threadIds: number[]
}

export class PasswordPool {
  private readonly slots: Slot[] = []
  private readonly queue: Pending[] = []
  private starting = 0
  private nextId = 0
  private closed = false
  private completed = 0
  private readonly threadIds = new Set<number>()

  constructor(
    readonly size = passwordPoolSize(),
    private readonly script: () => Promise<URL> = passwordWorkerScript,
    private readonly idleMs = PASSWORD_WORKER_IDLE_MS
  ) {}

  /** A bcrypt hash of `password` at `cost`, in GoTrue's `$2a$` form. */
  hash(password: string, cost: number): Promise<string> {
    return this.run({ op: 'hash', password, cost }) as Promise<string>
  }

  /** Whether `password` matches the bcrypt `hash`. */
  compare(password: string, hash: string): Promise<boolean> {
    return this.run({ op: 'compare', password, hash }) as Promise<boolean>
  }

  stats(): PasswordPoolStats {
    return {
      workers: this.slots.length,
      completed: this.completed,
      threadIds: [...this.threadIds]
    }
  }

  /** Ends every worker; work still queued or running fails with PasswordPoolClosedError. */
  async close(): Promise<void> {
    this.closed = true
    const error = new PasswordPoolClosedError()
    for (const pending of this.queue.splice(0)) pending.reject(error)
    const slots = this.slots.splice(0)
    for (const slot of slots) {
      if (slot.idle) clearTimeout(slot.idle)
      slot.busy?.reject(error)
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()))
  }

  private run(job: Job): Promise<string | boolean> {
    if (this.closed) return Promise.reject(new PasswordPoolClosedError())
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { ...job, id: ++this.nextId } as PasswordJob, resolve, reject })
      this.pump()
    })
  }

  /** Hands queued work to idle workers, and starts workers for the rest while there is room. */
  private pump(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return
      if (!slot.busy) this.assign(slot, this.queue.shift()!)
    }
    while (this.starting < this.queue.length && this.slots.length + this.starting < this.size) {
      void this.start()
    }
  }

  private async start(): Promise<void> {
    this.starting += 1
    let worker: Worker
    try {
      const script = await this.script()
      if (this.closed) return
      worker = new Worker(script)
    } catch (error) {
      // Without its script no worker can start: fail what waits rather than hang it.
      for (const pending of this.queue.splice(0)) pending.reject(error as Error)
      return
    } finally {
      this.starting -= 1
    }
    // Idle, a worker must not keep the process alive; assign() holds it while it works.
    worker.unref()
    const slot: Slot = { worker, busy: null, idle: null }
    this.slots.push(slot)
    worker.on('message', (reply: PasswordReply) => this.receive(slot, reply))
    worker.on('error', (error) => this.lose(slot, error))
    worker.on('exit', (code) => this.lose(slot, new Error(`A password worker exited (${code})`)))
    this.pump()
  }

  private assign(slot: Slot, pending: Pending): void {
    if (slot.idle) clearTimeout(slot.idle)
    slot.idle = null
    slot.busy = pending
    slot.worker.ref()
    slot.worker.postMessage(pending.job)
  }

  private receive(slot: Slot, reply: PasswordReply): void {
    const pending = slot.busy
    slot.busy = null
    slot.worker.unref()
    if (pending && pending.job.id === reply.id) {
      this.completed += 1
      this.threadIds.add(reply.threadId)
      if ('error' in reply) pending.reject(new PasswordInputError(reply.error))
      else pending.resolve(reply.value)
    }
    this.pump()
    if (!slot.busy) this.retireWhenIdle(slot)
  }

  /** Ends `slot`'s worker unless work reaches it within the idle time. */
  private retireWhenIdle(slot: Slot): void {
    slot.idle = setTimeout(() => {
      const at = this.slots.indexOf(slot)
      if (at < 0 || slot.busy) return
      // Out of the pool first, so its exit is not taken for a crash.
      this.slots.splice(at, 1)
      void slot.worker.terminate()
    }, this.idleMs)
    slot.idle.unref()
  }

  private lose(slot: Slot, error: Error): void {
    const at = this.slots.indexOf(slot)
    if (at < 0) return
    this.slots.splice(at, 1)
    if (slot.idle) clearTimeout(slot.idle)
    slot.busy?.reject(error)
    slot.busy = null
    if (!this.closed) this.pump()
  }
}
