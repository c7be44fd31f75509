// The backend thread's handle on one PGlite worker (pglite-worker.ts): starts the thread, opens
// the database in it, and matches each request to its reply. A worker that exits or is ended
// is "lost": its outstanding requests fail with EngineLostError and it is never used again.

import { Worker } from 'node:worker_threads'
import { fromWire, type FromWorker, type ToWorker } from './engine-messages'

/** The worker ended before it answered: what it was doing never committed. */
export class EngineLostError extends Error {}

export interface WorkerEvents {
  notify(channel: string, payload: string): void
  /** Calls into Postgres the worker made since its last reply (see Database.calls). */
  calls(added: number): void
  /** The worker exited or failed on its own (not through `terminate`). */
  lost(worker: EngineWorker, error: Error): void
}

type Request = ToWorker extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never
type OpenMessage = Extract<ToWorker, { op: 'open' }>

export class EngineWorker {
  /** Resolves once the database is open in the worker; rejects if it could not open. */
  readonly opened: Promise<void>
  private readonly thread: Worker
  private readonly pending = new Map<
    number,
    { resolve(v: unknown): void; reject(e: Error): void }
  >()
  private nextId = 0
  private lastCalls = 0
  private isLost = false
  private opening: { resolve(): void; reject(e: Error): void } | null = null

  /**
   * Starts `script` (see pglite-worker-script.ts) and opens the database with `open` once that
   * settles (after the previous worker has stopped).
   */
  constructor(
    script: URL,
    open: Promise<OpenMessage>,
    private readonly events: WorkerEvents
  ) {
    this.thread = new Worker(script)
    this.opened = new Promise((resolve, reject) => (this.opening = { resolve, reject }))
    // Nobody may be waiting yet; a failed open is reported through the first request.
    this.opened.catch(() => undefined)
    this.thread.on('message', (message: FromWorker) => this.receive(message))
    this.thread.on('error', (error) => this.lose(error))
    this.thread.on('exit', (code) => this.lose(new EngineLostError(`The engine exited (${code})`)))
    open.then(
      (message) => this.thread.postMessage(message),
      (error: unknown) => this.opening?.reject(error as Error)
    )
  }

  get lost(): boolean {
    return this.isLost
  }

  request(message: Request): Promise<unknown> {
    if (this.isLost) return Promise.reject(new EngineLostError('The engine was restarted'))
    const id = ++this.nextId
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      // A worker only keeps the process alive while something waits for it.
      this.thread.ref()
      this.thread.postMessage({ ...message, id } as ToWorker)
    })
  }

  /** Ends the thread wherever it is; resolves once it has stopped. */
  async terminate(): Promise<void> {
    this.fail(new EngineLostError('The engine was restarted'))
    await this.thread.terminate()
  }

  private receive(message: FromWorker): void {
    if (message.type === 'notify') return this.events.notify(message.channel, message.payload)
    if (message.type === 'opened') {
      this.thread.unref()
      return this.opening?.resolve()
    }
    if (message.type === 'open-failed') return this.opening?.reject(fromWire(message.error))
    this.events.calls(message.calls - this.lastCalls)
    this.lastCalls = message.calls
    const waiter = this.pending.get(message.id)
    this.pending.delete(message.id)
    if (this.pending.size === 0) this.thread.unref()
    if (!waiter) return
    if (message.ok) waiter.resolve(message.value)
    else waiter.reject(fromWire(message.error))
  }

  private lose(error: Error): void {
    if (this.isLost) return
    this.fail(error)
    this.events.lost(this, error)
  }

  private fail(error: Error): void {
    this.isLost = true
    this.opening?.reject(error)
    for (const waiter of this.pending.values()) waiter.reject(error)
    this.pending.clear()
  }
}
