// PGlite held where a watchdog can stop it. PGlite runs Postgres on the thread that calls it and
// cannot cancel a statement, so it runs in a worker thread (pglite-worker.ts) and the backend's
// thread only passes messages: /health, sign-in and the realtime socket stay responsive whatever
// a query does. Requests take the engine one at a time through a bounded queue (request-queue.ts).
//
// A transaction with a budget that is still waiting for the engine past it is stopped:
// - on a data folder, the worker is ended and a new one opened on the same folder. Postgres
//   recovers the folder as after a crash: every committed transaction is in its WAL, the stopped
//   one never committed. Requests queued meanwhile run on the new worker;
// - in memory there is no folder to reopen, and ending the worker would lose every committed
//   row, so it is kept: the stopped request is still answered on time, the engine stays held
//   until the statement ends, and requests behind it leave the queue at their queue timeout.

import {
  RequestBudgetError,
  type Database,
  type QueryResult,
  type Transaction,
  type TransactionOptions,
  type Unlisten
} from './database'
import { EngineWorker } from './pglite-worker-client'
import { compiledPgliteWasm } from './pglite-wasm'
import { pgliteWorkerScript } from './pglite-worker-script'
import { RequestQueue } from './request-queue'
import { WorkerTransaction } from './worker-transaction'

export interface PgliteEngineOptions {
  /** The data folder; undefined keeps the database in the worker's memory. */
  dataDir?: string
  /** Contrib extensions the schema creates (see pglite-extensions.ts). */
  extensions?: readonly string[]
  /** A new database may start from a data directory tarball (`snapshot()`) instead of initdb. */
  snapshot?: ArrayBuffer
  /** Requests that may wait for the engine; the next is refused with 503. */
  maxWaiting?: number
}

export interface PgliteEngine extends Database {
  readonly kind: 'pglite'
  /** The whole data directory as a tarball, for `startPgliteEngine({ snapshot })`. */
  snapshot(): Promise<ArrayBuffer>
  /** How many times the watchdog (or a crash) restarted the engine. */
  readonly restarts: number
}

const DEFAULT_MAX_WAITING = 100

class Engine implements PgliteEngine {
  readonly kind = 'pglite' as const
  calls = 0
  restarts = 0
  private worker: EngineWorker
  private readonly queue: RequestQueue
  private readonly listeners = new Map<string, Set<(payload: string) => void>>()
  private transactions = 0
  private closed = false
  /** Why an in-memory engine that crashed cannot go on. */
  private broken: Error | null = null

  constructor(
    private readonly options: PgliteEngineOptions,
    private readonly script: URL
  ) {
    this.queue = new RequestQueue({
      capacity: 1,
      maxWaiting: options.maxWaiting ?? DEFAULT_MAX_WAITING
    })
    this.worker = this.spawn(Promise.resolve(), options.snapshot)
  }

  /** The open worker, once any restart has finished. */
  async ready(): Promise<EngineWorker> {
    for (;;) {
      if (this.broken) throw this.broken
      const worker = this.worker
      try {
        await worker.opened
      } catch (error) {
        // Lost while it opened: its successor, if one was started, is the one to wait for.
        if (worker === this.worker) throw error
      }
      if (worker === this.worker) return worker
    }
  }

  query<Row>(sql: string, params?: unknown[]): Promise<QueryResult<Row>> {
    return this.queue.run(async () => {
      const worker = await this.ready()
      return (await worker.request({ op: 'query', sql, params })) as QueryResult<Row>
    })
  }

  exec(sql: string): Promise<void> {
    return this.queue.run(async () => {
      await (await this.ready()).request({ op: 'exec', sql })
    })
  }

  async transaction<T>(
    work: (tx: Transaction) => Promise<T>,
    options: TransactionOptions = {}
  ): Promise<T> {
    await this.queue.acquire(options.queueTimeoutMs)
    // The engine is held until the worker is done with the transaction, even when the caller
    // has been answered already (a stopped request on an in-memory engine).
    let held: Promise<unknown> = Promise.resolve()
    try {
      const worker = await this.ready()
      const tx = new WorkerTransaction(worker, ++this.transactions, options, () =>
        this.stalled(worker, options.budgetMs ?? 0)
      )
      try {
        const result = await work(tx)
        await tx.commit()
        return result
      } catch (error) {
        held = tx.rollback()
        // A stopped request is answered now; any other waits for its rollback, as in-thread.
        if (!(error instanceof RequestBudgetError)) await held
        throw error
      }
    } finally {
      void held.finally(() => this.queue.release())
    }
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<Unlisten> {
    let callbacks = this.listeners.get(channel)
    if (!callbacks) this.listeners.set(channel, (callbacks = new Set()))
    callbacks.add(onNotify)
    if (callbacks.size === 1) await this.subscribe(await this.ready(), channel)
    return async () => {
      callbacks.delete(onNotify)
      if (callbacks.size > 0 || this.listeners.get(channel) !== callbacks) return
      this.listeners.delete(channel)
      const worker = await this.ready()
      await worker.request({ op: 'unlisten', channel }).catch(() => undefined)
    }
  }

  snapshot(): Promise<ArrayBuffer> {
    return this.queue.run(
      async () => (await (await this.ready()).request({ op: 'snapshot' })) as ArrayBuffer
    )
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    const worker = this.worker
    try {
      await worker.opened
      await worker.request({ op: 'close' })
    } catch {
      // Already lost, or it failed to open: ending the thread is all there is left to do.
    }
    await worker.terminate()
  }

  /** A worker opening the database once `after` settles; only the first loads `snapshot`. */
  private spawn(after: Promise<unknown>, snapshot?: ArrayBuffer): EngineWorker {
    const { dataDir, extensions = [] } = this.options
    const opening = Promise.all([compiledPgliteWasm(), after.catch(() => undefined)])
    const worker = new EngineWorker(
      this.script,
      opening.then(([wasm]) => ({
        op: 'open',
        dataDir,
        extensions,
        snapshot,
        wasm
      })),
      {
        notify: (channel, payload) => {
          for (const callback of this.listeners.get(channel) ?? []) callback(payload)
        },
        calls: (added) => (this.calls += added),
        lost: (lost, error) => this.crashed(lost, error)
      }
    )
    // A new worker listens again on every channel: no change is missed, because ending a worker
    // only ever ends a transaction that never committed (and so never notified).
    void worker.opened.then(
      () => Promise.all([...this.listeners.keys()].map((c) => this.subscribe(worker, c))),
      () => undefined
    )
    return worker
  }

  private async subscribe(worker: EngineWorker, channel: string): Promise<void> {
    try {
      await worker.request({ op: 'listen', channel })
    } catch (error) {
      // Lost meanwhile: its successor listens on every channel once it opens.
      if (!worker.lost) throw error
    }
  }

  /** The watchdog's call: a transaction of `worker` is past its budget inside Postgres. */
  private stalled(worker: EngineWorker, budgetMs: number): void {
    if (worker !== this.worker || this.closed) return
    if (!this.options.dataDir) {
      console.warn(
        `[db] a request ran past its ${budgetMs} ms budget; an in-memory engine cannot be restarted without losing data, so it finishes first`
      )
      return
    }
    console.warn(`[db] a request ran past its ${budgetMs} ms budget: restarting the engine`)
    this.restart(worker)
  }

  private crashed(worker: EngineWorker, error: Error): void {
    if (worker !== this.worker || this.closed) return
    console.error('[db] the database engine stopped', error)
    if (this.options.dataDir) this.restart(worker)
    else this.broken = new Error(`The in-memory database engine stopped: ${error.message}`)
  }

  private restart(worker: EngineWorker): void {
    this.restarts += 1
    const started = performance.now()
    // The new thread loads while the old one stops; it opens the folder only once it has.
    const next = (this.worker = this.spawn(worker.terminate()))
    this.queue.pause()
    void next.opened.finally(() => this.queue.resume()).catch(() => undefined)
    next.opened.then(
      () =>
        console.warn(`[db] the engine reopened in ${Math.round(performance.now() - started)} ms`),
      (error: unknown) => console.error('[db] the engine could not reopen its data folder', error)
    )
  }
}

export async function startPgliteEngine(options: PgliteEngineOptions = {}): Promise<PgliteEngine> {
  const engine = new Engine(options, await pgliteWorkerScript())
  try {
    await engine.ready()
  } catch (error) {
    await engine.close()
    throw error
  }
  return engine
}
