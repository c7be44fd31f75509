// What makes a write safe to retry after its answer was lost: rows named by an id the client
// chose, uploads at paths derived from that id, and telling "the server said no" from "the
// server was never reached" (only the first may undo what was already done).

const UNIQUE_VIOLATION = '23505'

/** A new row id (v4 uuid), made where the write starts so every retry reuses it. */
export function newRowId(): string {
  return globalThis.crypto.randomUUID()
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The id as given, or an Error when it is not a uuid (so it can never reach a path or query). */
export function checkRowId(id: string): string {
  if (!UUID_PATTERN.test(id)) throw new Error('The new row id must be a uuid')
  return id.toLowerCase()
}

interface CodedError {
  code?: unknown
  statusCode?: unknown
  status?: unknown
  message?: unknown
}

/** The insert hit a row with the same key: an earlier attempt of this write, or someone else's. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { code, status } = error as CodedError
  return code === UNIQUE_VIOLATION || status === 409
}

/** Storage refused an upload because the object already exists (upsert off). */
export function isAlreadyUploaded(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { statusCode, message } = error as CodedError
  return (
    statusCode === '409' ||
    (typeof message === 'string' && /already exists|duplicate/i.test(message))
  )
}

/**
 * True when the backend answered (a database or HTTP error code), so the write certainly did not
 * happen. A fetch that failed or timed out leaves the outcome unknown: the row may exist, and
 * what it refers to must not be removed.
 */
export function serverAnswered(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { code, status } = error as CodedError
  if (typeof code === 'string' && code.length > 0) return true
  return typeof status === 'number' && status >= 400 && status < 500
}
