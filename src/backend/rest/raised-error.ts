// `raise sqlstate 'PGRST' using message = '{...}', detail = '{...}'`: a database function
// choosing the whole error response, as PostgREST allows. MESSAGE holds the body (code and
// message required, details and hint optional), DETAIL the status and headers. Anything else
// is PGRST121, worded as PostgREST words it.

import { jsonResponse, type ApiResponse } from '../http/types'

const BODY_HINT =
  "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'."
const STATUS_HINT =
  "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'."

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]+$/
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/
const FRAMING_HEADERS = ['content-length', 'content-type', 'transfer-encoding', 'connection']

function parseObject(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined) return null
  try {
    const value: unknown = JSON.parse(text)
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

function parseError(details: string, hint: string): ApiResponse {
  return jsonResponse(500, {
    code: 'PGRST121',
    details,
    hint,
    message: 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error'
  })
}

function isHeaderMap(value: unknown): value is Record<string, string> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  )
}

export function raisedErrorResponse(message: string, detail: string | undefined): ApiResponse {
  const body = parseObject(message)
  if (!body || typeof body.code !== 'string' || typeof body.message !== 'string') {
    return parseError(`Invalid JSON value for MESSAGE: '${message}'`, BODY_HINT)
  }
  if (detail === undefined) {
    return parseError('DETAIL is missing in the RAISE statement', STATUS_HINT)
  }
  const status = parseObject(detail)
  const code = status?.status
  if (
    !status ||
    typeof code !== 'number' ||
    !Number.isInteger(code) ||
    code < 100 ||
    code > 599 ||
    !isHeaderMap(status.headers)
  ) {
    return parseError(`Invalid JSON value for DETAIL: '${detail}'`, STATUS_HINT)
  }
  // Only well-formed headers, and never the ones that frame the response: a bad name or value
  // would make Node refuse to send anything at all.
  const headers = Object.fromEntries(
    Object.entries(status.headers)
      .map(([name, value]): [string, string] => [name.toLowerCase(), value])
      .filter(([name]) => HEADER_NAME.test(name) && !FRAMING_HEADERS.includes(name))
      .filter(([, value]) => HEADER_VALUE.test(value))
  )
  return jsonResponse(
    code,
    {
      code: body.code,
      details: body.details ?? null,
      hint: body.hint ?? null,
      message: body.message
    },
    headers
  )
}
