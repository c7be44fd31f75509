// GoTrue's error shape, as auth-js classifies it. The client reads `code` only when the
// response carries X-Supabase-Api-Version >= 2024-01-01 and falls back to `error_code`
// otherwise, and takes the message from `msg` before `message`; sending all four keeps every
// client version happy.

import type { ApiResponse } from '../http/types'

export const API_VERSION_HEADER = { 'x-supabase-api-version': '2024-01-01' }

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra top-level fields, e.g. `weak_password: {reasons}`. */
    readonly extra: Record<string, unknown> = {}
  ) {
    super(message)
  }
}

export function authErrorResponse(error: AuthError): ApiResponse {
  return {
    status: error.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...API_VERSION_HEADER },
    body: JSON.stringify({
      code: error.code,
      error_code: error.code,
      msg: error.message,
      message: error.message,
      ...error.extra
    })
  }
}

export const badRequest = (code: string, message: string): AuthError =>
  new AuthError(400, code, message)

export const validationFailed = (message: string): AuthError =>
  new AuthError(400, 'validation_failed', message)
