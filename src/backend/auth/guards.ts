// Who may call a route, checked in GoTrue's order: a bearer token, a valid JWT, then the role
// (admin routes) or the user and their live session (the user's own routes).

import type { BackendContext } from '../context'
import { bearerToken, type ApiRequest } from '../http/types'
import { JwtError, verifyJwt, type Claims } from '../jwt'
import { asAuthAdmin } from './admin'
import { AuthError } from './errors'
import { sessionExists } from './sessions'
import { loadUser, type UserObject } from './users'

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const badJwt = (message: string): AuthError => new AuthError(403, 'bad_jwt', message)

export async function requireClaims(
  context: BackendContext,
  request: ApiRequest,
  { needsSubject = true }: { needsSubject?: boolean } = {}
): Promise<Claims> {
  const token = bearerToken(request)
  if (!token) {
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  }
  let claims: Claims
  try {
    claims = await verifyJwt(context.keys, token)
  } catch (error) {
    const reason = error instanceof JwtError ? error.message : 'invalid token'
    throw badJwt(`invalid JWT: unable to parse or verify signature, ${reason}`)
  }
  if (!needsSubject) return claims
  if (!claims.sub) throw badJwt('invalid claim: missing sub claim')
  if (!UUID.test(claims.sub)) throw badJwt('invalid claim: sub claim must be a UUID')
  return claims
}

/** GoTrue's JWT.AdminRoles on hosted projects. */
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin'])

/** The service_role key (or another admin token); anyone else gets 403 not_admin. */
export async function requireAdmin(context: BackendContext, request: ApiRequest): Promise<Claims> {
  if (!bearerToken(request)) {
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  }
  const claims = await requireClaims(context, request, { needsSubject: false })
  if (!ADMIN_ROLES.has(claims.role)) throw new AuthError(403, 'not_admin', 'User not allowed')
  return claims
}

export interface SignedInCaller {
  claims: Claims
  user: UserObject
  sessionId: string | null
}

/** The user of the bearer token, who must exist and whose session must still be live. */
export async function requireUser(
  context: BackendContext,
  request: ApiRequest
): Promise<SignedInCaller> {
  const claims = await requireClaims(context, request)
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null
  const user = await asAuthAdmin(context.db, async (tx) => {
    const found = await loadUser(tx, claims.sub as string)
    if (!found) {
      throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
    }
    if (sessionId && !(await sessionExists(tx, sessionId))) {
      throw new AuthError(
        403,
        'session_not_found',
        'Session from session_id claim in JWT does not exist'
      )
    }
    return found
  })
  return { claims, user, sessionId }
}
