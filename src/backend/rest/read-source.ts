// What a read reads from and how its answer is shaped: a table or view, a function's result or
// a mutation's changed rows as the root relation, and the options of the one statement that
// reads it (build-read.ts builds it, read-body.ts shapes its body).

import type { MediaFormat } from './request'
import type { Table } from './schema-types'
import { qualified } from './sql'

export interface ReadSource {
  table: Table
  /** FROM item that defines `alias`, e.g. `"public"."posts" as _t0`. */
  from: string
  alias: string
  /** Extra WHERE conditions that are not from the query string. */
  where?: string[]
}

export interface ReadOptions {
  /** Add a `total` column with the exact count of matching rows (limit and offset ignored). */
  count: boolean
  /** Stop counting past this many rows (`count=estimated` needs no more to choose). */
  countCap?: number | null
  /** Body is the single row as an object (the caller checks page_count first). */
  single: boolean
  /** HEAD: no body needed. */
  bodyless: boolean
  /** Apply the root filters, order and paging (false for mutation results). */
  applyQuery: boolean
  /** CSV gives a header line and one line per row; JSON by default. */
  format?: MediaFormat
  /**
   * A body longer than this many bytes is not sent back: body is null and `body_bytes` says
   * how long it was (the caller refuses it). Reads set it; a write's returned rows do not.
   */
  maxBodyBytes?: number
}

/** The root alias of every statement: the table, function result or mutation read. */
export const ROOT_ALIAS = '_t0'

/** A read of a table or view. */
export function tableSource(table: Table): ReadSource {
  return {
    table,
    from: `${qualified(table.name, table.schema)} as ${ROOT_ALIAS}`,
    alias: ROOT_ALIAS
  }
}
