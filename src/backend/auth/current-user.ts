// GET /user and POST /logout: both need the user's access token, and
// both follow GoTrue's checks in order: a bearer, a valid JWT, a user, a live session.

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { asAuthAdmin } from './admin'
import { API_VERSION_HEADER, validationFailed } from './errors'
import { requireClaims, requireUser } from './guards'
import { jsonObject } from './request'
import { endSessions, type LogoutScope } from './sessions'

export async function handleGetUser(
  context: BackendContext,
  request: ApiRequest
): Promise<ApiResponse> {
  const { user } = await requireUser(context, request)
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
