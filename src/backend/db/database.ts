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

/** Stops a LISTEN started with `Database.listen`. */
export type Unlisten = () => Promise<void>

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
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
