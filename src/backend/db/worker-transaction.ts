// One transaction on the PGlite worker, seen from the backend's thread, with its watchdog. The
// worker runs it as one Database.transaction (see pglite-worker.ts); here each step is a request
// and the budget is timed. Past the budget, a step still inside Postgres is answered with
// RequestBudgetError at once and `onStall` decides the worker's fate; a budget spent in the
// caller's own code between steps just fails the next step.

import {
  RequestBudgetError,
  type QueryResult,
  type Transaction,
  type TransactionOptions
} from './database'
import type { StepKind, TransactionStart } from './engine-messages'
import type { EngineWorker } from './pglite-worker-client'

export class WorkerTransaction implements Transaction {
  private expired = false
  /** How the transaction begins, until its first message carries it to the worker. */
  private start: TransactionStart | null
  /** The reply to the step that ended the transaction, once one was sent. */
  private ended: Promise<unknown> | null = null
  private readonly inFlight = new Set<(error: Error) => void>()
  private readonly timer: NodeJS.Timeout | undefined
  private readonly budgetMs: number

  constructor(
    private readonly worker: EngineWorker,
    private readonly id: number,
    options: TransactionOptions,
    private readonly onStall: () => void
  ) {
    const { prelude, reuseStatements, planRole } = options
    this.start = { prelude, reuseStatements, planRole }
    this.budgetMs = options.budgetMs ?? 0
    if (options.budgetMs !== undefined) {
      this.timer = setTimeout(() => this.expire(), options.budgetMs)
    }
  }

  query<Row>(sql: string, params?: unknown[]): Promise<QueryResult<Row>> {
    return this.step('query', sql, params) as Promise<QueryResult<Row>>
  }

  async exec(sql: string): Promise<void> {
    await this.step('exec', sql)
  }

  /** The last step, which also ends the transaction in the worker: no `end` message follows. */
  queryAndCommit<Row>(sql: string, params?: unknown[]): Promise<QueryResult<Row>> {
    return this.step('queryAndCommit', sql, params, true) as Promise<QueryResult<Row>>
  }

  /** Commits (a no-op if queryAndCommit already did); under the watchdog like any step. */
  async commit(): Promise<void> {
    try {
      // A transaction that never sent a statement has nothing to commit.
      if (!this.ended && !this.start) {
        await this.timed(this.worker.request({ op: 'end', tx: this.id, commit: true }))
      }
    } finally {
      clearTimeout(this.timer)
    }
  }

  /** Rolls back; settles once the worker is done with the transaction (or lost). Never throws. */
  async rollback(): Promise<void> {
    clearTimeout(this.timer)
    if (this.worker.lost || this.start) return
    // Ended by its last step, which the worker answers once the transaction is over.
    const over = this.ended ?? this.worker.request({ op: 'end', tx: this.id, commit: false })
    await over.catch(() => undefined)
  }

  private step(kind: StepKind, sql: string, params?: unknown[], last = false): Promise<unknown> {
    if (this.expired) return Promise.reject(new RequestBudgetError(this.budgetMs))
    const begin = this.start ?? undefined
    this.start = null
    const reply = this.worker.request({ op: 'step', tx: this.id, kind, sql, params, begin, last })
    if (last) this.ended = reply
    return this.timed(reply)
  }

  /** `reply`, unless the budget runs out first. */
  private timed<T>(reply: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.inFlight.add(reject)
      reply.then(resolve, reject).finally(() => this.inFlight.delete(reject))
    })
  }

  private expire(): void {
    this.expired = true
    if (this.inFlight.size === 0) return
    for (const reject of this.inFlight) reject(new RequestBudgetError(this.budgetMs))
    this.inFlight.clear()
    this.onStall()
  }
}
