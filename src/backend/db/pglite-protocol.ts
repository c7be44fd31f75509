// Statements and transactions on PGlite through its wire-protocol entry point. PGlite's own
// `query` makes six calls into Postgres per statement (parse, describe, bind, describe, execute,
// sync) and its `transaction` two more for BEGIN and COMMIT. Here the messages of a whole request
// (the role and claims, the statement) are written into one buffer, and Postgres works through
// them in one call. Values stay bound parameters: nothing is quoted into SQL text.

import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite'
import type { QueryResult, Statement, Transaction, TransactionOptions } from './database'
import { runMessages } from './pglite-bind'
import { resultTypeChanged, type StatementCache } from './statement-cache'

const { serialize } = protocol

type TextValue = string | null

/**
 * Strings and nulls go to Postgres as they are, whatever type it infers for the parameter (as
 * PGlite's serializers would send them), so they need no describe step first. Other values
 * (numbers, dates, arrays, objects) are serialized by PGlite's serializer for the type the
 * statement declares, as PGlite's `query` does; that costs a second call.
 */
function asText(params: readonly unknown[]): TextValue[] | null {
  const values: TextValue[] = []
  for (const value of params) {
    if (value === null || value === undefined) values.push(null)
    else if (typeof value === 'string') values.push(value)
    else return null
  }
  return values
}

/**
 * Bind, describe (for the column names) and execute a parsed statement, then Sync, unless the
 * statement opens a one-call transaction whose Sync comes after its last statement.
 */
function run(values: readonly TextValue[], statement = '', sync = true): Uint8Array[] {
  return [runMessages(values, statement, sync)]
}

/**
 * One conversation with PGlite: messages wait here until something needs an answer, then go
 * out together. Each command and statement yields one result, so the caller's own result is
 * the one after those of the messages that waited.
 */
export class ProtocolSession {
  private waiting: Uint8Array[] = []
  private waitingResults = 0
  /** Statements this session asked Postgres to keep, not yet confirmed by a call that worked. */
  private parsing: string[] = []
  /** Every kept statement of the call being built, parsed now or before. */
  private using: string[] = []

  /** With `cache`, statements with text parameters are kept parsed (see StatementCache). */
  constructor(
    private readonly pg: PGlite,
    private readonly onCall: () => void,
    private readonly cache: StatementCache | null = null,
    /** Whose statements these are in the cache (TransactionOptions.planRole). */
    private readonly role = ''
  ) {}

  private statement(sql: string, values: readonly TextValue[], sync = true): Uint8Array[] {
    if (!this.cache) return [serialize.parse({ text: sql }), ...run(values, '', sync)]
    const { name, parsed } = this.cache.lookup(sql, this.role)
    this.using.push(sql)
    if (parsed) return run(values, name, sync)
    this.parsing.push(sql)
    return [serialize.parse({ name, text: sql }), ...run(values, name, sync)]
  }

  /** A simple-protocol command without parameters (BEGIN, COMMIT, ROLLBACK), sent later. */
  later(sql: string): void {
    this.waiting.push(serialize.query(sql))
    this.waitingResults += 1
  }

  /**
   * A statement whose result nobody reads, sent later; its parameters must be text. Without
   * `sync`, it runs in one implicit transaction with the statements behind it, up to the next
   * Sync.
   */
  laterStatement({ sql, params = [] }: Statement, sync = true): void {
    const values = asText(params)
    if (!values) throw new Error('A prelude statement takes only text parameters')
    this.waiting.push(...this.statement(sql, values, sync))
    this.waitingResults += 1
  }

  /** Sends everything waiting; the results of all of it. */
  async flush(): Promise<Results[]> {
    if (this.waiting.length === 0) return []
    return parse.parseResults(await this.call([]), this.pg.parsers)
  }

  /**
   * The messages that run `sql`: parse and execute for text parameters; otherwise a first call
   * parses it to learn the parameter types, and only the execute is left.
   */
  async prepare(sql: string, params: readonly unknown[] = []): Promise<Uint8Array[]> {
    const text = asText(params)
    return text ? this.statement(sql, text) : run(await this.typedValues(sql, params))
  }

  /**
   * Sends prepared messages, with whatever waited, and `after` (a COMMIT, say) behind them in
   * the same call. The statement's result comes back; a failure anywhere throws the first error.
   */
  async run<Row>(prepared: Uint8Array[], after?: string): Promise<QueryResult<Row>> {
    const [result] = await this.send(after ? [...prepared, serialize.query(after)] : prepared)
    if (!result) throw new Error('PGlite returned no result for the statement')
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length }
  }

  async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
    return this.run<Row>(await this.prepare(sql, params))
  }

  /** A script of statements (simple protocol), with whatever waited. */
  async exec(sql: string): Promise<void> {
    await this.send([serialize.query(sql)])
  }

  /** Parses `sql` to learn its parameter types, then serializes the values as PGlite would. */
  private async typedValues(sql: string, params: readonly unknown[]): Promise<TextValue[]> {
    // The unnamed statement outlives the Sync, so its Bind can follow in the next call.
    const messages = await this.call([
      serialize.parse({ text: sql }),
      serialize.describe({ type: 'S' }),
      serialize.sync()
    ])
    const types = parse.parseDescribeStatementResults(messages)
    return params.map((value, i) => {
      if (value === null || value === undefined) return null
      const serializer = this.pg.serializers[types[i]]
      return serializer ? (serializer(value) as string) : String(value)
    })
  }

  private async send(parts: Uint8Array[]): Promise<Results[]> {
    const skip = this.waitingResults
    const messages = await this.call(parts)
    return parse.parseResults(messages, this.pg.parsers).slice(skip)
  }

  private async call(parts: Uint8Array[]): Promise<Parameters<typeof parse.parseResults>[0]> {
    const closing = (this.cache?.takeClosing() ?? []).map((name) =>
      serialize.close({ type: 'S', name })
    )
    if (closing.length > 0) closing.push(serialize.sync())
    const message = Buffer.concat([...closing, ...this.waiting, ...parts])
    const parsing = this.parsing
    const using = this.using
    this.waiting = []
    this.waitingResults = 0
    this.parsing = []
    this.using = []
    this.onCall()
    try {
      // Postgres reads every message before this returns; the first error it reported is thrown.
      // The stream form parses the answer as it comes, where execProtocol also copies it twice
      // to return its bytes, which nothing here reads; it syncs the files only when asked.
      return await this.pg.execProtocolStream(message, { syncToFs: true })
    } catch (error) {
      this.cache?.forget(resultTypeChanged(error) ? using : parsing, this.role)
      throw error
    }
  }
}

/** Holds PGlite's locks as its own `query` and `transaction` do, so no other work interleaves. */
export function exclusive<T>(pg: PGlite, work: () => Promise<T>): Promise<T> {
  return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(work))
}

/** One statement outside any transaction: Postgres runs it in one of its own. */
export function protocolQuery<Row>(
  pg: PGlite,
  onCall: () => void,
  sql: string,
  params: readonly unknown[] = []
): Promise<QueryResult<Row>> {
  return exclusive(pg, () => new ProtocolSession(pg, onCall).query<Row>(sql, params))
}

/**
 * A transaction whose BEGIN and prelude wait for its first statement, and whose COMMIT rides
 * with `queryAndCommit`. A transaction that never sends a statement never sends BEGIN. One whose
 * first statement is `queryAndCommit` with text parameters is all one call: its prelude and
 * statement go out without BEGIN and COMMIT, before one Sync, and Postgres runs them as one
 * implicit transaction (extended protocol), committed at the Sync, or rolled back at the first
 * error, which skips the rest. That saves executing BEGIN and COMMIT and a Sync per request.
 */
export function protocolTransaction<T>(
  pg: PGlite,
  onCall: () => void,
  work: (tx: Transaction) => Promise<T>,
  options: TransactionOptions = {},
  cache: StatementCache | null = null
): Promise<T> {
  return exclusive(pg, async () => {
    const session = new ProtocolSession(
      pg,
      onCall,
      options.reuseStatements ? cache : null,
      options.planRole
    )
    // 'waiting': nothing sent yet, so there is nothing to commit or roll back.
    let state = 'waiting' as 'waiting' | 'open' | 'closed'
    /** Queues how the transaction starts ahead of its first statement: BEGIN or an implicit one. */
    const open = (explicit: boolean): void => {
      if (state === 'closed') throw new Error('This transaction has already ended')
      if (state === 'waiting') {
        if (explicit) session.later('BEGIN')
        for (const prelude of options.prelude ?? []) session.laterStatement(prelude, explicit)
      }
      state = 'open'
    }
    const tx: Transaction = {
      async query<Row>(sql: string, params: unknown[] = []) {
        open(true)
        return session.query<Row>(sql, params)
      },
      async exec(sql: string) {
        open(true)
        await session.exec(sql)
      },
      async queryAndCommit<Row>(sql: string, params: unknown[] = []) {
        // Typed parameters take a call of their own first (prepare), so BEGIN is needed then.
        const oneCall = state === 'waiting' && asText(params) !== null
        open(!oneCall)
        const prepared = await session.prepare(sql, params)
        // Closed whatever happens now: after a failure, COMMIT (or the one call's Sync) ends the
        // transaction as a rollback.
        state = 'closed'
        return session.run<Row>(prepared, oneCall ? undefined : 'COMMIT')
      }
    }
    let result: T
    try {
      result = await work(tx)
    } catch (error) {
      if (state === 'open') {
        state = 'closed'
        session.later('ROLLBACK')
        await session.flush()
      }
      throw error
    }
    if (state === 'open') {
      state = 'closed'
      session.later('COMMIT')
      const [commit] = await session.flush()
      // COMMIT of a transaction a caught error had aborted answers ROLLBACK.
      if (commit?.command === 'ROLLBACK') throw new Error('The transaction was rolled back')
    }
    return result
  })
}
