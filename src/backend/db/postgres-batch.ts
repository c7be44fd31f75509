// Several statements written to one node-postgres connection with a single Sync, as one
// submittable (`client.query(batch)`), the way PGlite's path writes a request (pglite-protocol.ts).
// Postgres runs the Bind/Execute messages up to a Sync as one implicit transaction: committed at
// the Sync, rolled back at the first error, which skips the rest. A request whose only statement
// is its last thus needs no BEGIN and COMMIT, and node-postgres parses one answer instead of four.

import pg from 'pg'
import type { QueryResult, Statement } from './database'
import { resultTypeChanged, type StatementCache } from './statement-cache'

/** The part of node-postgres' connection a submittable writes to (pg/lib/connection.js). */
interface Wire {
  stream: { cork?: () => void; uncork?: () => void }
  parsedStatements: Record<string, string>
  parse(message: { name: string; text: string }): void
  bind(message: {
    statement: string
    values: readonly unknown[]
    valueMapper: (value: unknown) => unknown
  }): void
  describe(message: { type: 'P'; name: string }): void
  execute(message: { portal: string }): void
  close(message: { type: 'S'; name: string }): void
  sync(): void
}

interface Field {
  name: string
  dataTypeID: number
}

type TypeParser = (value: string) => unknown
type Types = { getTypeParser: (oid: number, format?: string) => unknown }

/** A prepared statement's result columns, and how each is read. */
interface Described {
  fields: Field[]
  parsers: TypeParser[]
}

/**
 * Per connection, the row description of each statement it holds prepared, by name. A named
 * statement's result columns are fixed for its life (Postgres refuses to run it with others:
 * "cached plan must not change result type"), so it is described once, when parsed, and its
 * later runs are only bound and executed. Dropped with the statement (closed or parsed anew).
 */
const descriptions = new WeakMap<object, Map<string, Described>>()

/** Values as node-postgres' own queries send them (dates, arrays, objects, buffers). */
const prepareValue = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } })
  .utils.prepareValue

/** A statement of a batch and the prepared statement it runs as. */
interface Step extends Statement {
  name: string
}

/**
 * Writes `closing` (prepared statements to let go: closing a name Postgres does not hold is no
 * error), then each statement, then one Sync, and resolves with the last statement's result
 * once Postgres is ready again, or rejects with the first error. Statements new on the
 * connection are parsed under their names first; only the last one is described and its rows
 * read, so node-postgres does no work for the answers of the others.
 */
export class Batch extends pg.Query {
  private step = 0
  private fields: Field[] = []
  private parsers: TypeParser[] = []
  /** Where the last statement's description goes once read (null: known, or unnamed). */
  private describing: Map<string, Described> | null = null
  private readonly read: Record<string, unknown>[] = []
  private rowCount: number | null = null
  private parsing: Step[] = []
  private wire: Wire | null = null
  private settled = false
  readonly done: Promise<QueryResult<Record<string, unknown>>>
  private resolve!: (result: QueryResult<Record<string, unknown>>) => void
  private reject!: (error: Error) => void

  constructor(
    private readonly steps: readonly Step[],
    private readonly closing: readonly string[],
    private readonly types: Types,
    private readonly cache: StatementCache | null,
    /** Whose statements these are in the cache (TransactionOptions.planRole). */
    private readonly role = ''
  ) {
    // A Query to node-postgres, which refuses other submittables on a pipelined connection:
    // those (cursors) keep a portal open across round trips; this one ends at its Sync.
    super({ text: steps.at(-1)?.sql ?? '' })
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve
      this.reject = reject
    })
  }

  override submit = (connection: unknown): Error | null => {
    const wire = connection as Wire
    this.wire = wire
    let described = descriptions.get(wire)
    if (!described) descriptions.set(wire, (described = new Map()))
    wire.stream.cork?.()
    try {
      for (const name of this.closing) {
        wire.close({ type: 'S', name })
        delete wire.parsedStatements[name]
        described.delete(name)
      }
      this.steps.forEach((step, index) => {
        // The unnamed statement ('') is parsed every time: each Parse replaces it.
        if (step.name === '' || wire.parsedStatements[step.name] !== step.sql) {
          wire.parse({ name: step.name, text: step.sql })
          if (step.name !== '') this.parsing.push(step)
          described.delete(step.name)
        }
        wire.bind({ statement: step.name, values: step.params ?? [], valueMapper: prepareValue })
        if (index === this.steps.length - 1) this.describe(wire, step.name, described)
        wire.execute({ portal: '' })
      })
      wire.sync()
    } finally {
      wire.stream.uncork?.()
    }
    return null
  }

  /** The last statement's columns: known from an earlier run, or asked for (Describe). */
  private describe(wire: Wire, name: string, described: Map<string, Described>): void {
    const known = described.get(name)
    if (known) {
      this.fields = known.fields
      this.parsers = known.parsers
      return
    }
    wire.describe({ type: 'P', name: '' })
    if (name !== '') this.describing = described
  }

  private get reading(): boolean {
    return this.step === this.steps.length - 1
  }

  handleRowDescription(message: { fields: Field[] }): void {
    if (!this.reading) return
    this.fields = message.fields
    this.parsers = message.fields.map(
      (field) => this.types.getTypeParser(field.dataTypeID, 'text') as TypeParser
    )
    this.describing?.set(this.steps[this.step].name, {
      fields: this.fields,
      parsers: this.parsers
    })
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    if (!this.reading) return
    const row: Record<string, unknown> = {}
    message.fields.forEach((value, i) => {
      row[this.fields[i].name] = value === null ? null : this.parsers[i](value)
    })
    this.read.push(row)
  }

  handleCommandComplete(message: { text: string }): void {
    if (this.reading) {
      // "SELECT 3", "INSERT 0 3", "UPDATE 3": the count is the last word.
      const count = Number(message.text.slice(message.text.lastIndexOf(' ') + 1))
      this.rowCount = Number.isInteger(count) ? count : null
    }
    this.step += 1
  }

  handleEmptyQuery(): void {
    this.step += 1
  }

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail('A request statement takes no COPY data')
  }

  handleCopyData(): void {}

  handleReadyForQuery(): void {
    // What was parsed is held by the connection now: node-postgres only binds it from now on.
    for (const { name, sql } of this.parsing) {
      if (this.wire) this.wire.parsedStatements[name] = sql
    }
    this.settle(null)
  }

  /**
   * An error from Postgres (the rest up to the Sync was skipped and rolled back) or a dead
   * connection. Which statements were parsed before it is unknown: they get new names, and the
   * old ones are closed ahead of the connection's next batch; all of the batch's do when one
   * no longer fits its table (resultTypeChanged).
   */
  handleError(error: Error): void {
    const stale = resultTypeChanged(error) ? this.steps : this.parsing
    this.cache?.forget(
      stale.filter((step) => step.name !== '').map((step) => step.sql),
      this.role
    )
    this.settle(error)
  }

  private settle(error: Error | null): void {
    if (this.settled) return
    this.settled = true
    if (error) this.reject(error)
    else this.resolve({ rows: this.read, rowCount: this.rowCount ?? this.read.length })
  }
}
