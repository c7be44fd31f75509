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
 * statement thus costs one call into the database (one round trip to a server), not four.
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

/** A request waited too long for the database, busy with others; it never ran. */
export class DatabaseBusyError extends Error {
  constructor(readonly waitedMs: number) {
    super(`The database was busy for ${Math.round(waitedMs)} ms; try again`)
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
