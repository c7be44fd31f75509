// A PostgreSQL server through node-postgres, used when DATABASE_URL is set. Connections run in
// node-postgres's pipeline mode. A request whose first statement is its last (`queryAndCommit`)
// goes out as one batch: its prelude and statement up to one Sync, one implicit transaction
// without BEGIN and COMMIT (postgres-batch.ts). A longer transaction writes its BEGIN, its
// settings and its first statement together, answered in one round trip, and `queryAndCommit`
// sends COMMIT behind the last statement. Each statement keeps its own bound parameters.

import pg from 'pg'
import type { Database, QueryResult, Statement, Transaction, TransactionOptions } from './database'
import { Batch } from './postgres-batch'
import { listenOnServer } from './postgres-listen'
import { RequestQueue } from './request-queue'
import { resultTypeChanged, StatementCache } from './statement-cache'

// Keep timestamps, bigints and numerics as Postgres prints them, as PGlite's text paths do:
// the REST layer builds its JSON in SQL, so these only matter for internal queries.
const types = {
  getTypeParser: (oid: number, format?: string) => {
    if (oid === 1114 || oid === 1184 || oid === 1082) return (value: string) => value
    if (oid === 20) return Number
    return pg.types.getTypeParser(oid, format as 'text')
  }
}

function toResult<Row>(result: pg.QueryResult): QueryResult<Row> {
  return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length }
}

/** A statement, and the name it is kept prepared under on its connection, if any. */
interface Outgoing extends Statement {
  name?: string
}

/** Per pooled connection: the request statements it keeps prepared (see StatementCache). */
const preparedOn = new WeakMap<pg.PoolClient, StatementCache>()

function preparedStatements(client: pg.PoolClient): StatementCache {
  let cache = preparedOn.get(client)
  if (!cache) preparedOn.set(client, (cache = new StatementCache()))
  return cache
}

/**
 * Statements evicted from a connection's cache, closed ahead of its next transaction (outside
 * any transaction a failure could abort). node-postgres forgets them too, so the memory stays
 * bounded however many shapes a connection sees.
 */
function closeEvicted(client: pg.PoolClient, cache: StatementCache): Promise<unknown> | null {
  const names = cache.takeClosing()
  if (names.length === 0) return null
  return client.query(new Batch([], names, types, cache, '')).done
}

/**
 * Writes `statements` at once and waits for all their answers: one round trip. Postgres skips
 * nothing after a failed statement here (each has its own Sync), but inside a transaction the
 * ones behind it fail too, and COMMIT becomes a rollback; the first error is thrown.
 */
async function pipelined(
  client: pg.PoolClient,
  statements: readonly Outgoing[]
): Promise<pg.QueryResult[]> {
  const settled = await Promise.allSettled(
    statements.map(({ sql, params = [], name }) =>
      client.query({ text: sql, values: params, types, name })
    )
  )
  const results: pg.QueryResult[] = []
  for (const outcome of settled) {
    if (outcome.status === 'rejected') throw outcome.reason
    results.push(outcome.value)
  }
  return results
}

/** Connections the backend opens to the server. */
const POOL_SIZE = 10

export interface PostgresOptions {
  /** Requests that may wait for a connection; the next is refused with 503. */
  maxWaiting?: number
}

export async function openPostgres(
  connectionString: string,
  options: PostgresOptions = {}
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: POOL_SIZE,
    pipeline: true
  } as pg.PoolConfig)
  // The pool's own queue has no bound: this one refuses, and times out, what waits too long,
  // and keeps one caller to half of the connections (TransactionOptions.holder).
  const queue = new RequestQueue({
    capacity: POOL_SIZE,
    maxWaiting: options.maxWaiting ?? 100,
    perHolder: POOL_SIZE / 2
  })
  let calls = 0
  // Fail now, with the server's message, rather than on the first request.
  await pool.query('select 1')

  async function transaction<T>(
    work: (tx: Transaction) => Promise<T>,
    options: TransactionOptions
  ): Promise<T> {
    await queue.acquire(options.queueTimeoutMs, options.holder)
    let client: pg.PoolClient
    try {
      client = await pool.connect()
    } catch (error) {
      queue.release(options.holder)
      throw error
    }
    const cache = options.reuseStatements ? preparedStatements(client) : null
    // node-postgres parses a named statement once per connection and then only binds it.
    const named = (statement: Statement): Outgoing =>
      cache ? { ...statement, name: cache.lookup(statement.sql, options.planRole).name } : statement
    // BEGIN and the prelude wait for the first statement; 'waiting' means none was sent yet.
    let waiting: Outgoing[] = [{ sql: 'begin' }, ...(options.prelude ?? []).map(named)]
    let state = 'waiting' as 'waiting' | 'open' | 'closed'
    const send = async (statements: Outgoing[]): Promise<pg.QueryResult[]> => {
      const closing = waiting.length > 0 && cache !== null ? closeEvicted(client, cache) : null
      const batch = [...waiting, ...statements]
      waiting = []
      calls += 1
      try {
        const [results] = await Promise.all([pipelined(client, batch), closing])
        return results.slice(batch.length - statements.length)
      } catch (error) {
        // Kept statements that no longer fit their tables are parsed anew next time.
        if (cache && resultTypeChanged(error)) {
          cache.forget(
            batch.flatMap(({ sql, name }) => (name ? [sql] : [])),
            options.planRole
          )
        }
        throw error
      }
    }
    /** The prelude and `sql` up to one Sync: one implicit transaction, nothing else to send. */
    const oneCall = <Row>(sql: string, params: unknown[]): Promise<QueryResult<Row>> => {
      // The prelude, already named, behind BEGIN (which this way is not sent).
      const steps = [...waiting.slice(1), named({ sql, params })].map((statement) => ({
        ...statement,
        name: statement.name ?? ''
      }))
      waiting = []
      calls += 1
      const batch = new Batch(steps, cache?.takeClosing() ?? [], types, cache, options.planRole)
      return client.query(batch).done as Promise<QueryResult<Row>>
    }
    const open = (): void => {
      if (state === 'closed') throw new Error('This transaction has already ended')
      state = 'open'
    }
    const tx: Transaction = {
      async query<Row>(sql: string, params: unknown[] = []) {
        open()
        const [result] = await send([named({ sql, params })])
        return toResult<Row>(result)
      },
      async exec(sql: string) {
        // A script answers with one result per statement; nobody reads them.
        open()
        await send([{ sql }])
      },
      async queryAndCommit<Row>(sql: string, params: unknown[] = []) {
        if (state === 'closed') throw new Error('This transaction has already ended')
        const first = state === 'waiting'
        // Closed whatever happens: after a failure, COMMIT (or the one call's Sync) ends the
        // transaction as a rollback.
        state = 'closed'
        if (first) return oneCall<Row>(sql, params)
        const [result] = await send([named({ sql, params }), { sql: 'commit' }])
        return toResult<Row>(result)
      }
    }
    try {
      const result = await work(tx)
      if (state === 'open') {
        state = 'closed'
        const [commit] = await send([{ sql: 'commit' }])
        // COMMIT of a transaction a caught error had aborted answers ROLLBACK.
        if (commit.command === 'ROLLBACK') throw new Error('The transaction was rolled back')
      }
      return result
    } catch (error) {
      if (state === 'open') {
        state = 'closed'
        await send([{ sql: 'rollback' }]).catch(() => undefined)
      }
      throw error
    } finally {
      client.release()
      queue.release(options.holder)
    }
  }

  return {
    kind: 'postgres',
    get calls() {
      return calls
    },
    query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      return queue.run(async () => {
        calls += 1
        return toResult<Row>(await pool.query({ text: sql, values: params, types }))
      })
    },
    exec(sql: string): Promise<void> {
      return queue.run(async () => {
        calls += 1
        await pool.query(sql)
      })
    },
    transaction: (work, options) => transaction(work, options ?? {}),
    listen: (channel, onNotify, onInterrupted) =>
      listenOnServer(connectionString, channel, onNotify, onInterrupted),
    close: () => pool.end()
  }
}
