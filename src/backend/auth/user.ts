// GET /user and POST /logout: both need the user's access token, and
// both follow GoTrue's checks in order: a bearer, a valid JWT, a user, a live session.

import type { BackendContext } from '../context'
import { bearerToken, jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { JwtError, verifyJwt, type Claims } from '../jwt'
import { asAuthAdmin } from './admin'
import { API_VERSION_HEADER, AuthError, validationFailed } from './errors'
import { jsonObject } from './request'
import { endSessions, sessionExists, type LogoutScope } from './sessions'
import { loadUser } from './users'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const badJwt = (message: string): AuthError => new AuthError(403, 'bad_jwt', message)

export async function requireClaims(context: BackendContext, request: ApiRequest): Promise<Claims> {
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
  if (!claims.sub) throw badJwt('invalid claim: missing sub claim')
  if (!UUID.test(claims.sub)) throw badJwt('invalid claim: sub claim must be a UUID')
  return claims
}

export async function handleGetUser(
  context: BackendContext,
  request: ApiRequest
): Promise<ApiResponse> {
  const claims = await requireClaims(context, request)
  const user = await asAuthAdmin(context.db, async (tx) => {
    const found = await loadUser(tx, claims.sub as string)
    if (!found) {
      throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
    }
    if (claims.session_id && !(await sessionExists(tx, claims.session_id))) {
      throw new AuthError(
        403,
        'session_not_found',
        'Session from session_id claim in JWT does not exist'
      )
    }
    return found
  })
  return jsonResponse(200, user, API_VERSION_HEADER)
}

const SCOPES: readonly LogoutScope[] = ['global', 'local', 'others']

export async function handleLogout(
  context: BackendContext,
  request: ApiRequest
): Promise<ApiResponse> {
  const claims = await requireClaims(context, request)
  // The client sends content-type json with no body; only reject a body that is not JSON.
  jsonObject(request)
  const scope = (request.url.searchParams.get('scope') ?? 'global') as LogoutScope
  if (!SCOPES.includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`)
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null
  await asAuthAdmin(context.db, (tx) => endSessions(tx, claims.sub as string, sessionId, scope))
  // Logging out twice is not an error: the client ignores the answer anyway.
  return { status: 204, headers: { ...API_VERSION_HEADER } }
}
