// Runs work the way PostgREST and Storage do: one transaction, switched to the caller's role
// with the JWT claims set, so row-level security applies exactly as on hosted Supabase.
// PGlite and the server's connecting user are superusers; without this switch RLS is bypassed.

import { DatabaseBusyError, type Database, type Queryable } from './database'
import type { RequestIdentity } from '../jwt'

export interface RequestInfo {
  method: string
  path: string
  /** Lower-cased header names; forwarded as request.headers for policies that read them. */
  headers?: Record<string, string | undefined>
  /** GET and HEAD run read-only, as PostgREST does; a write there fails with 25006. */
  readOnly?: boolean
  /** statement_timeout for this transaction (PostgreSQL; PGlite has no timer to enforce it). */
  statementTimeoutMs?: number
  /**
   * A request still waiting for the database after this long fails with DatabaseBusyError
   * instead of running late: its client has likely given up, and a queue behind one slow
   * request must drain rather than grow.
   */
  queueTimeoutMs?: number
}

export async function withRole<T>(
  db: Database,
  identity: RequestIdentity,
  request: RequestInfo,
  work: (tx: Queryable) => Promise<T>
): Promise<T> {
  const queuedAt = performance.now()
  return db.transaction(async (tx) => {
    const waited = performance.now() - queuedAt
    if (request.queueTimeoutMs !== undefined && waited > request.queueTimeoutMs) {
      throw new DatabaseBusyError(waited)
    }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      // Never hand tokens to SQL that does not need them.
      if (value !== undefined && name !== 'authorization' && name !== 'apikey')
        headers[name] = value
    }
    // One round trip: read-only mode, timeout, role and claims are all set by one statement.
    await tx.query(
      `select set_config('search_path', 'public, extensions', true),
              set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', $3, true),
              set_config('request.jwt.claim.role', $1, true),
              set_config('request.method', $4, true),
              set_config('request.path', $5, true),
              set_config('request.headers', $6, true),
              set_config('statement_timeout', $7, true),
              set_config('transaction_read_only', $8, true)`,
      [
        identity.role,
        JSON.stringify(identity.claims),
        identity.claims.sub ?? '',
        request.method,
        request.path,
        JSON.stringify(headers),
        String(db.kind === 'postgres' ? (request.statementTimeoutMs ?? 0) : 0),
        request.readOnly ? 'on' : 'off'
      ]
    )
    return work(tx)
  })
}
