// One small interface over PGlite and node-postgres, so everything above it (auth, REST,
// storage, migrations, tests) runs unchanged on either.

export interface QueryResult<Row> {
  rows: Row[]
  /** Rows changed by INSERT/UPDATE/DELETE, or returned by SELECT. */
  rowCount: number
}

export interface Queryable {
  /** One statement with bound parameters ($1, $2, …). */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>
  /** Several statements without parameters (migrations, bootstrap). */
  exec(sql: string): Promise<void>
}

/** One statement and its bound parameters. */
export interface Statement {
  sql: string
  params?: unknown[]
}

/**
 * A transaction's statements travel lazily: BEGIN and the prelude go out with the first query,
 * and `queryAndCommit` sends the last statement with the COMMIT. A request that runs one
 * statement thus costs one call into the database (one round trip to a server), not four, and
 * needs no BEGIN and COMMIT: one implicit transaction up to one Sync (pglite-protocol.ts,
 * postgres-batch.ts).
 */
export interface Transaction extends Queryable {
  /**
   * Runs `sql` as the transaction's last statement and commits in the same call. If it fails,
   * nothing is committed and its error is thrown. The transaction is closed afterwards.
   */
  queryAndCommit<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[]
  ): Promise<QueryResult<Row>>
}

export interface TransactionOptions {
  /**
   * Statements run first, sent together with the transaction's first query (settings such as
   * the role and the JWT claims); their results are not returned.
   */
  prelude?: readonly Statement[]
  /**
   * The statements are built from the shape of a request (its values are parameters), so they
   * repeat: PGlite keeps them parsed and planned instead of parsing them again. Only for
   * statements whose result columns cannot change with the schema.
   */
  reuseStatements?: boolean
  /**
   * The role the statements run as, when they are reused: each role keeps statements of its
   * own. A plan under row-level security holds only for the role it was made for, and Postgres
   * plans the statement again whenever another role runs it: one prepared statement shared by
   * anon and authenticated requests would be planned again at almost every switch.
   */
  planRole?: string
  /**
   * The request's budget: past it the statement is stopped (PostgreSQL's statement_timeout; on
   * PGlite the watchdog ends the engine and restarts it) and RequestBudgetError is thrown.
   * Unset for the backend's own work (migrations, sweeps), which is trusted to finish.
   */
  budgetMs?: number
  /** A transaction still waiting for the database after this long fails with DatabaseBusyError. */
  queueTimeoutMs?: number
  /**
   * Who the transaction serves (a signed-in user, an anonymous caller's address). On
   * PostgreSQL one holder takes at most half of the pool's connections at once, so a burst of
   * one caller's slow requests leaves the rest of the pool to everyone else.
   */
  holder?: string
}

/** Stops a LISTEN started with `Database.listen`. */
export type Unlisten = () => Promise<void>

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /**
   * How many calls this process has made into the database: executions of a protocol message
   * on PGlite, round trips on PostgreSQL. A cost of a request that load on the machine does not
   * change, for the tests and the bench.
   */
  readonly calls: number
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>, options?: TransactionOptions): Promise<T>
  /**
   * LISTENs on `channel`: `onNotify` gets each NOTIFY payload after its transaction commits.
   * `onInterrupted` is called when notifications may have been missed (the server connection
   * dropped and was re-established), so listeners can tell their clients to re-read.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onInterrupted?: () => void
  ): Promise<Unlisten>
  close(): Promise<void>
}

/**
 * The database could not take a request: it never ran. Carries the PostgREST-style answer
 * (PGRST003 is PostgREST's "timed out acquiring a connection from the pool").
 */
export abstract class DatabaseUnavailableError extends Error {
  abstract readonly status: 503 | 504
  readonly code = 'PGRST003'
  abstract readonly details: string
  readonly hint: string | null = null
}

/** A request waited too long for the database, busy with others; it never ran. */
export class DatabaseBusyError extends DatabaseUnavailableError {
  readonly status = 504
  readonly details: string
  constructor(readonly waitedMs: number) {
    super('Timed out waiting for the database: it is busy with other requests')
    this.details = `Waited ${Math.round(waitedMs)} ms for the database`
  }
}

/** Too many requests were already waiting for the database: refused at once, never queued. */
export class DatabaseOverloadedError extends DatabaseUnavailableError {
  readonly status = 503
  readonly details: string
  readonly hint = 'Try again in a moment'
  constructor(readonly waiting: number) {
    super('Too many requests are waiting for the database')
    this.details = `${waiting} requests are already waiting, the most the backend queues`
  }
}

/**
 * A request ran past its budget and was stopped. Shaped as the error PostgreSQL's
 * statement_timeout raises (SQLSTATE 57014), so clients see one error on either database.
 */
export class RequestBudgetError extends Error {
  readonly code = '57014'
  readonly detail: string
  readonly hint = 'Ask for fewer rows, or use a simpler filter or pattern'
  constructor(readonly budgetMs: number) {
    super('canceling statement due to statement timeout')
    this.detail = `The request ran past its ${budgetMs} ms budget and was stopped`
  }
}

/** A Postgres error as both drivers report it. */
export interface PostgresError extends Error {
  code?: string
  detail?: string
  hint?: string
}

export function isPostgresError(error: unknown): error is PostgresError {
  return error instanceof Error && typeof (error as PostgresError).code === 'string'
}
