// PostgREST's error body and HTTP status rules (e.g. 42501 is 401 for anon, 403 otherwise):
// every failure, ours or the database's, leaves as {code, details, hint, message} so
// supabase-js passes it through as-is.

import { DatabaseBusyError, isPostgresError } from '../db/database'
import { jsonResponse, type ApiResponse } from '../http/types'
import type { ApiRole } from '../jwt'

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

export function parseError(what: string, input: string, detail: string): RestError {
  return new RestError(400, 'PGRST100', `"failed to parse ${what} parameter (${input})"`, detail)
}

export function unknownColumn(table: string, column: string): RestError {
  return new RestError(400, '42703', `column ${table}.${column} does not exist`)
}

export function unknownTable(name: string): RestError {
  return new RestError(
    404,
    'PGRST205',
    `Could not find the table 'public.${name}' in the schema cache`
  )
}

export function unknownPayloadColumn(table: string, column: string): RestError {
  return new RestError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${table}' in the schema cache`
  )
}

export function notSingleObject(rows: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`
  )
}

/** The SQLSTATE → HTTP status table of PostgREST's Error.hs. */
function statusForSqlState(code: string, role: ApiRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403
  if (code === '23505' || code === '23503') return 409
  if (code === '42P01' || code === '42883') return 404
  if (code === '25006') return 405
  if (code === '40001') return 409
  if (code === '21000') return 400
  const custom = /^PT(\d{3})$/.exec(code)
  if (custom) return Number(custom[1])
  if (code.startsWith('08') || code.startsWith('53')) return 503
  if (code.startsWith('P0') && code !== 'P0001') return 500
  if (code.startsWith('XX') || code.startsWith('57') || code.startsWith('58')) return 500
  if (code.startsWith('42')) return 400
  return 400
}

/**
 * Turns anything thrown while serving a request into a response. GET and HEAD never get 503,
 * because postgrest-js retries those three times over about 7 s.
 */
export function errorToResponse(error: unknown, role: ApiRole, method: string): ApiResponse {
  if (error instanceof RestError) return error.toResponse()
  if (error instanceof DatabaseBusyError) {
    // PostgREST's answer when no pool connection frees up in time; 504 is not retried by
    // postgrest-js, so a busy backend is not hit three more times.
    return jsonResponse(504, {
      code: 'PGRST003',
      details: null,
      hint: null,
      message: 'Timed out waiting for the database: it is busy with other requests'
    })
  }
  const readOnly = method === 'GET' || method === 'HEAD'
  if (isPostgresError(error)) {
    const code = error.code ?? 'XX000'
    let status = statusForSqlState(code, role)
    if (readOnly && (status === 503 || status === 520)) status = 500
    return jsonResponse(status, {
      code,
      details: error.detail ?? null,
      hint: error.hint ?? null,
      message: error.message
    })
  }
  console.error('[backend] rest: unexpected error', error)
  return jsonResponse(500, {
    code: 'PGRST000',
    details: null,
    hint: null,
    message: 'Internal server error'
  })
}
