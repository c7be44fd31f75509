// What running PGlite in a worker thread (src/backend/db/pglite-engine.ts) costs per request: the
// same request-shaped transaction (the role and claims statement, a one-row read, COMMIT, in one
// call) on PGlite in this thread and on the engine, timed alternately so that load from other
// processes on the shared machine lands on both alike.

import type { Database } from '../../src/backend/db/database'
import { startPgliteEngine } from '../../src/backend/db/pglite-engine'
import { openPglite } from '../../src/backend/db/pglite'
import { timeAlternating, type Timing } from './stats'

export interface IsolationResults {
  inThread: Timing
  worker: Timing
}

const ROWS = 1_000

async function prepare(db: Database): Promise<void> {
  await db.exec(`create table bench_rows (id int primary key, body text);
    insert into bench_rows select n, repeat('x', 200) from generate_series(1, ${ROWS}) n;`)
}

function oneRowRequest(db: Database): () => Promise<unknown> {
  let next = 0
  return () =>
    db.transaction(
      (tx) =>
        tx.queryAndCommit('select body from bench_rows where id = $1', [
          String((next++ % ROWS) + 1)
        ]),
      {
        prelude: [{ sql: `select set_config('request.jwt.claims', $1, true)`, params: ['{}'] }],
        reuseStatements: true,
        budgetMs: 2_000
      }
    )
}

export async function measureIsolation(runs = 2_000): Promise<IsolationResults> {
  const inThread = await openPglite()
  const engine = await startPgliteEngine()
  try {
    await prepare(inThread)
    await prepare(engine)
    const [a, b] = await timeAlternating(oneRowRequest(inThread), oneRowRequest(engine), runs, 200)
    return { inThread: a, worker: b }
  } finally {
    await inThread.close()
    await engine.close()
  }
}
