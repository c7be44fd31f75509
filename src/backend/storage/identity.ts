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
 * `strict` (uploads, deletes, lists, /authenticated/) refuses a bad token with AccessDenied;
 * `lenient` (GET /object/{bucket}/…) treats it as no token at all, as Storage does.
 */
export async function identifyCaller(
  context: BackendContext,
  request: ApiRequest,
  mode: 'strict' | 'lenient'
): Promise<Caller> {
  const token = bearerToken(request)
  if (!token) return { identity: ANON, authenticated: false }
  // New-style publishable keys are not JWTs; as a bearer equal to the apikey they mean anon.
  if (token.split('.').length !== 3 && token === request.headers['apikey']) {
    return { identity: ANON, authenticated: true }
  }
  try {
    const claims = await verifyJwt(context.keys, token)
    return { identity: { role: claims.role, claims }, authenticated: true }
  } catch (error) {
    if (mode === 'lenient') return { identity: ANON, authenticated: false }
    throw accessDenied(error instanceof JwtError ? error.message : 'Invalid JWT')
  }
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
