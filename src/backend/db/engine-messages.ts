// What the backend's thread and the PGlite worker (pglite-worker.ts) say to each other. Every
// request carries an id and gets one reply; a transaction is its steps and an `end` (or a last
// step that ends it: queryAndCommit, so a one-statement request is one message and one reply),
// the first of them carrying how it begins, run by the worker as one Database.transaction (so
// PGlite sees exactly what it saw in-thread).

import type { Statement } from './database'
import type { PgliteWasm } from './pglite-wasm'

export type StepKind = 'query' | 'exec' | 'queryAndCommit'

/** How a transaction starts (see TransactionOptions). */
export interface TransactionStart {
  prelude?: readonly Statement[]
  reuseStatements?: boolean
  planRole?: string
}

export type ToWorker =
  | {
      op: 'open'
      dataDir?: string
      extensions: readonly string[]
      snapshot?: ArrayBuffer
      wasm: PgliteWasm
    }
  | { op: 'query'; id: number; sql: string; params?: unknown[] }
  | { op: 'exec'; id: number; sql: string }
  | {
      op: 'step'
      tx: number
      id: number
      kind: StepKind
      sql: string
      params?: unknown[]
      /** Set on the transaction's first message: the worker starts the transaction with it. */
      begin?: TransactionStart
      /** The transaction's last step: the worker ends it after, and replies once it has. */
      last?: boolean
    }
  | { op: 'end'; tx: number; id: number; commit: boolean }
  | { op: 'listen' | 'unlisten'; id: number; channel: string }
  | { op: 'snapshot'; id: number }
  | { op: 'close'; id: number }

/** An error as plain data: its message and the Postgres fields (code, detail, hint, …). */
export interface WireError {
  message: string
  fields: Record<string, string | number>
}

export type FromWorker =
  | { type: 'opened' }
  | { type: 'open-failed'; error: WireError }
  | { type: 'reply'; id: number; ok: true; value: unknown; calls: number }
  | { type: 'reply'; id: number; ok: false; error: WireError; calls: number }
  | { type: 'notify'; channel: string; payload: string }

/**
 * Errors and error-like objects (Emscripten's file-system ErrnoError is not an Error): their
 * message and every plain field, so the data folder's errors are still recognised (data-dir.ts).
 */
export function toWire(error: unknown): WireError {
  if (!error || typeof error !== 'object') return { message: String(error), fields: {} }
  const fields: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value
  }
  const message =
    error instanceof Error ? error.message : String(fields.message ?? JSON.stringify(fields))
  delete fields.message
  return { message, fields }
}

/** The error again, with its Postgres fields, so isPostgresError and the REST layer see it whole. */
export function fromWire(wire: WireError): Error {
  return Object.assign(new Error(wire.message), wire.fields)
}
