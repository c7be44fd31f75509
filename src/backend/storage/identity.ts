// Who is calling: the role comes only from the bearer token, never from `apikey` (which is the
// anon key even while a user is signed in).

import type { BackendContext } from '../context'
import type { Queryable } from '../db/database'
import { withRole } from '../db/as-role'
import { bearerToken, type ApiRequest } from '../http/types'
import { JwtError, verifyJwt, type RequestIdentity } from '../jwt'
import { accessDenied } from './errors'

export interface Caller {
  identity: RequestIdentity
  /** False when no usable token came (public-bucket reads only). */
  authenticated: boolean
}

const ANON: RequestIdentity = { role: 'anon', claims: { role: 'anon' } }

/**
 * Storage verifies tokens with jose and answers with its messages, which apps and storage-js
 * users see: a missing or malformed token is "Invalid Compact JWS".
 */
function joseMessage(error: unknown): string {
  if (!(error instanceof JwtError)) return 'Invalid JWT'
  if (error.expired) return '"exp" claim timestamp check failed'
  if (error.message.startsWith('Expected 3 parts')) return 'Invalid Compact JWS'
  if (error.message === 'JWT cryptographic operation failed') return 'signature verification failed'
  return error.message
}

/**
 * `strict` (every route but object reads) refuses a missing or bad token with AccessDenied, as
 * Storage does; `lenient` (GET/HEAD /object/{bucket}/…, /object/info/{bucket}/…) treats it as
 * no token at all.
 */
export async function identifyCaller(
  context: BackendContext,
  request: ApiRequest,
  mode: 'strict' | 'lenient'
): Promise<Caller> {
  const token = bearerToken(request)
  if (!token) {
    if (mode === 'lenient') return { identity: ANON, authenticated: false }
    throw accessDenied('Invalid Compact JWS')
  }
  // New-style publishable keys are not JWTs; as a bearer equal to the apikey they mean anon.
  if (token.split('.').length !== 3 && token === request.headers['apikey']) {
    return { identity: ANON, authenticated: true }
  }
  try {
    const claims = await verifyJwt(context.keys, token)
    return { identity: { role: claims.role, claims }, authenticated: true }
  } catch (error) {
    if (mode === 'lenient') return { identity: ANON, authenticated: false }
    throw accessDenied(joseMessage(error))
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What Storage writes as a row's owner: `owner` (uuid) only for a uuid `sub`, `owner_id` always. */
export function ownerOf(caller: Caller): { uuid: string | null; id: string | null } {
  return ownerOfSub(caller.identity.claims.sub ?? null)
}

/** ownerOf for a `sub` known otherwise (a signed upload's token, a resumable upload's creator). */
export function ownerOfSub(sub: string | null): { uuid: string | null; id: string | null } {
  return { uuid: sub && UUID.test(sub) ? sub : null, id: sub }
}

/** Runs `work` as the caller's role with the claims set, so storage policies apply. */
export function asCaller<T>(
  context: BackendContext,
  caller: Caller,
  request: ApiRequest,
  work: (tx: Queryable) => Promise<T>,
  readOnly = false
): Promise<T> {
  const { requestBudgetMs, queueTimeoutMs } = context.config.rest
  return withRole(
    context.db,
    caller.identity,
    {
      method: request.method,
      path: request.url.pathname,
      headers: request.headers,
      readOnly,
      budgetMs: requestBudgetMs,
      queueTimeoutMs
    },
    work
  )
}
