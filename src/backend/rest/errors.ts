// PostgREST's error body and HTTP status rules (e.g. 42501 is 401 for anon, 403 otherwise):
// every failure, ours or the database's, leaves as {code, details, hint, message} so
// supabase-js passes it through as-is.

import { DatabaseUnavailableError, isPostgresError } from '../db/database'
import { jsonResponse, type ApiResponse } from '../http/types'
import type { ApiRole } from '../jwt'
import { raisedErrorResponse } from './raised-error'

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null
  ) {
    super(message)
  }

  toResponse(): ApiResponse {
    return jsonResponse(this.status, {
      code: this.code,
      details: this.details,
      hint: this.hint,
      message: this.message
    })
  }
}

/** PostgREST names these by themselves; the others are "… parameter". */
const UNSUFFIXED = new Set(['filter', 'order', 'logic tree'])

/**
 * PGRST100 as PostgREST's parser words it: `"failed to parse select parameter (a,b(" (line 1,
 * column 5)`, the column being where parsing stopped (0-based `position`), when known.
 */
export function parseError(
  what: string,
  input: string,
  detail: string,
  position?: number
): RestError {
  const name = UNSUFFIXED.has(what) ? what : `${what} parameter`
  const where = position === undefined ? '' : ` (line 1, column ${position + 1})`
  return new RestError(400, 'PGRST100', `"failed to parse ${name} (${input})"${where}`, detail)
}

export function unknownColumn(table: string, column: string): RestError {
  return new RestError(400, '42703', `column ${table}.${column} does not exist`)
}

export function unknownPayloadColumn(table: string, column: string): RestError {
  return new RestError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${table}' in the schema cache`
  )
}

/** PostgREST 12's wording (v13 says "Cannot coerce the result to a single JSON object"). */
export function notSingleObject(rows: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'JSON object requested, multiple (or no) rows returned',
    `The result contains ${rows} rows`
  )
}

/** SQLSTATE classes (first two characters) PostgREST answers with one status. */
const CLASS_STATUS: Record<string, number> = {
  '08': 503, // connection exception
  '09': 500, // triggered action exception
  '0L': 403, // invalid grantor
  '0P': 403, // invalid role specification
  '25': 500, // invalid transaction state (25006 is below)
  '28': 403, // invalid authorization specification
  '2D': 500, // invalid transaction termination
  '38': 500, // external routine exception
  '39': 500, // external routine invocation exception
  '3B': 500, // savepoint exception
  '40': 500, // transaction rollback
  '53': 503, // insufficient resources (53400 is below)
  '54': 500, // program limit exceeded
  '55': 500, // object not in prerequisite state
  '57': 500, // operator intervention (57P01 is below)
  '58': 500, // system error
  F0: 500, // configuration file error
  HV: 500, // foreign data wrapper error
  XX: 500 // internal error
}

/** SQLSTATEs with their own status, before their class. */
const CODE_STATUS: Record<string, number> = {
  '23503': 409, // foreign key violation
  '23505': 409, // unique violation
  '25006': 405, // read-only transaction: a write through GET
  '42883': 404, // undefined function
  '42P01': 404, // undefined table
  '42P17': 500, // infinite recursion (a policy that reads its own table)
  '53400': 500, // configuration limit exceeded
  '57014': 504, // statement timeout: the request ran past its budget (db/pglite-engine.ts)
  '57P01': 503, // terminating connection due to administrator command
  P0001: 400 // RAISE without a code
}

/** The SQLSTATE → HTTP status table of PostgREST 12's Error.hs. */
function statusForSqlState(code: string, message: string, role: ApiRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403
  // Cardinality violations are server errors, except the missing-WHERE guard of UPDATE and
  // DELETE (pg-safeupdate on hosted Supabase), which is the client's.
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500
  if (code === '22023' && message.startsWith('role') && message.endsWith('does not exist')) {
    return 401
  }
  if (code in CODE_STATUS) return CODE_STATUS[code]
  const custom = /^PT(\d{3})$/.exec(code)
  if (custom) return Number(custom[1])
  if (code.startsWith('P0')) return 500
  return CLASS_STATUS[code.slice(0, 2)] ?? 400
}

/**
 * Turns anything thrown while serving a request into a response. GET and HEAD never get 503,
 * because postgrest-js retries those three times over about 7 s.
 */
export function errorToResponse(error: unknown, role: ApiRole, method: string): ApiResponse {
  if (error instanceof RestError) return error.toResponse()
  if (error instanceof DatabaseUnavailableError) {
    // PostgREST's answer when no pool connection frees up in time (504, which postgrest-js does
    // not retry, so a busy backend is not hit three more times), or 503 when too many wait.
    const { status, code, details, hint, message } = error
    return jsonResponse(status, { code, details, hint, message })
  }
  const readOnly = method === 'GET' || method === 'HEAD'
  if (isPostgresError(error)) {
    const code = error.code ?? 'XX000'
    if (code === 'PGRST') return raisedErrorResponse(error.message, error.detail)
    let status = statusForSqlState(code, error.message, role)
    if (readOnly && (status === 503 || status === 520)) status = 500
    const body = {
      code,
      details: error.detail ?? null,
      hint: error.hint ?? null,
      message: error.message
    }
    // A 401 tells the client how to authenticate, as PostgREST does.
    return jsonResponse(status, body, status === 401 ? { 'www-authenticate': 'Bearer' } : {})
  }
  console.error('[backend] rest: unexpected error', error)
  return jsonResponse(500, {
    code: 'PGRST000',
    details: null,
    hint: null,
    message: 'Internal server error'
  })
}
