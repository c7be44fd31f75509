// The PGlite engine's own thread. Postgres runs here, so a statement that never ends blocks only
// this thread: the backend's thread keeps answering, and its watchdog (pglite-engine.ts) can end
// this worker and start another on the same data folder. Messages: engine-messages.ts.

import { parentPort } from 'node:worker_threads'
import type { Transaction, Unlisten } from './database'
import {
  toWire,
  type FromWorker,
  type StepKind,
  type ToWorker,
  type TransactionStart
} from './engine-messages'
import { openPglite, type PgliteDatabase } from './pglite'

const port = parentPort
if (!port) throw new Error('pglite-worker.ts runs only as a worker thread')

interface Step {
  id: number
  kind: StepKind | 'end'
  sql: string
  params?: unknown[]
  commit?: boolean
  last?: boolean
}

/** A transaction's steps as they arrive, taken one at a time by the transaction's work. */
class Inbox {
  private readonly steps: Step[] = []
  private waiting: ((step: Step) => void) | null = null

  put(step: Step): void {
    if (this.waiting) {
      this.waiting(step)
      this.waiting = null
    } else this.steps.push(step)
  }

  take(): Promise<Step> {
    const next = this.steps.shift()
    return next ? Promise.resolve(next) : new Promise((resolve) => (this.waiting = resolve))
  }
}

/** Thrown out of a transaction's work to roll it back on the caller's word. */
const ROLLBACK = Symbol('rollback')

let db: PgliteDatabase | null = null
const inboxes = new Map<number, Inbox>()
const listening = new Map<string, Unlisten>()

function post(message: FromWorker): void {
  port!.postMessage(message)
}

function open(): PgliteDatabase {
  if (!db) throw new Error('The database engine is not open')
  return db
}

function reply(id: number, outcome: { value: unknown } | { error: unknown }): void {
  const calls = db?.calls ?? 0
  if ('error' in outcome)
    post({ type: 'reply', id, ok: false, error: toWire(outcome.error), calls })
  else post({ type: 'reply', id, ok: true, value: outcome.value, calls })
}

function answer(id: number, work: () => Promise<unknown>): Promise<void> {
  return work().then(
    (value) => reply(id, { value }),
    (error: unknown) => reply(id, { error })
  )
}

function runStep(tx: Transaction, step: Step): Promise<unknown> {
  if (step.kind === 'exec') return tx.exec(step.sql)
  if (step.kind === 'queryAndCommit') return tx.queryAndCommit(step.sql, step.params)
  return tx.query(step.sql, step.params)
}

function begin(txId: number, start: TransactionStart): void {
  const inbox = new Inbox()
  inboxes.set(txId, inbox)
  let endId = -1
  let lastValue: unknown
  const done = open().transaction(
    async (tx) => {
      for (;;) {
        const step = await inbox.take()
        if (step.kind === 'end') {
          endId = step.id
          if (step.commit) return
          throw ROLLBACK
        }
        if (step.last) {
          endId = step.id
          lastValue = await runStep(tx, step)
          return
        }
        await answer(step.id, () => runStep(tx, step))
      }
    },
    { prelude: start.prelude, reuseStatements: start.reuseStatements, planRole: start.planRole }
  )
  // The ending step's reply waits for COMMIT (or ROLLBACK) to finish.
  done.then(
    () => reply(endId, { value: lastValue }),
    (error: unknown) => reply(endId, error === ROLLBACK ? { value: undefined } : { error })
  )
  void done.finally(() => inboxes.delete(txId)).catch(() => undefined)
}

async function listen(channel: string): Promise<void> {
  if (listening.has(channel)) return
  const unlisten = await open().listen(channel, (payload) =>
    post({ type: 'notify', channel, payload })
  )
  listening.set(channel, unlisten)
}

async function unlisten(channel: string): Promise<void> {
  const stop = listening.get(channel)
  listening.delete(channel)
  await stop?.()
}

port.on('message', (message: ToWorker) => {
  switch (message.op) {
    case 'open': {
      openPglite(message.dataDir, {
        extensions: message.extensions,
        snapshot: message.snapshot,
        wasm: message.wasm
      }).then(
        (opened) => {
          db = opened
          post({ type: 'opened' })
        },
        (error: unknown) => post({ type: 'open-failed', error: toWire(error) })
      )
      return
    }
    case 'query':
      void answer(message.id, () => open().query(message.sql, message.params))
      return
    case 'exec':
      void answer(message.id, () => open().exec(message.sql))
      return
    case 'step':
    case 'end': {
      if (message.op === 'step' && message.begin) begin(message.tx, message.begin)
      const inbox = inboxes.get(message.tx)
      if (inbox)
        inbox.put({ ...message, kind: message.op === 'end' ? 'end' : message.kind } as Step)
      else reply(message.id, { error: new Error('This transaction has already ended') })
      return
    }
    case 'listen':
      void answer(message.id, () => listen(message.channel))
      return
    case 'unlisten':
      void answer(message.id, () => unlisten(message.channel))
      return
    case 'snapshot':
      void answer(message.id, () => open().snapshot())
      return
    case 'close':
      void answer(message.id, async () => {
        await db?.close()
        db = null
      })
  }
})
