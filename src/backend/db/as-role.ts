// Runs work the way PostgREST and Storage do: one transaction, switched to the caller's role
// with the JWT claims set, so row-level security applies exactly as on hosted Supabase.
// PGlite and the server's connecting user are superusers; without this switch RLS is bypassed.

import type { Database, Queryable } from './database'
import type { RequestIdentity } from '../jwt'

export interface RequestInfo {
  method: string
  path: string
  /** Lower-cased header names; forwarded as request.headers for policies that read them. */
  headers?: Record<string, string | undefined>
  /** GET and HEAD run read-only, as PostgREST does; a write there fails with 25006. */
  readOnly?: boolean
}

export async function withRole<T>(
  db: Database,
  identity: RequestIdentity,
  request: RequestInfo,
  work: (tx: Queryable) => Promise<T>
): Promise<T> {
  return db.transaction(async (tx) => {
    if (request.readOnly) await tx.query('set transaction read only')
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      // Never hand tokens to SQL that does not need them.
      if (value !== undefined && name !== 'authorization' && name !== 'apikey')
        headers[name] = value
    }
    await tx.query(
      `select set_config('search_path', 'public, extensions', true),
              set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', $3, true),
              set_config('request.jwt.claim.role', $1, true),
              set_config('request.method', $4, true),
              set_config('request.path', $5, true),
              set_config('request.headers', $6, true)`,
      [
        identity.role,
        JSON.stringify(identity.claims),
        identity.claims.sub ?? '',
        request.method,
        request.path,
        JSON.stringify(headers)
      ]
    )
    return work(tx)
  })
}
