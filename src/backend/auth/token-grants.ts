// POST /token?grant_type=password|refresh_token: a session in GoTrue's shape, or its errors.

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { asAuthAdmin } from './admin'
import { API_VERSION_HEADER, AuthError, badRequest, validationFailed } from './errors'
import type { ResolvedAuthOptions } from './options'
import { verifyPassword } from './passwords'
import { jsonObject } from './request'
import { refreshSession, startSession } from './sessions'
import { findUserByEmail } from './users'

const invalidCredentials = (): AuthError =>
  badRequest('invalid_credentials', 'Invalid login credentials')

async function passwordGrant(
  context: BackendContext,
  options: ResolvedAuthOptions,
  body: Record<string, unknown>
): Promise<ApiResponse> {
  if (typeof body.email !== 'string' || body.email.trim() === '') {
    throw validationFailed('missing email or phone')
  }
  const email = body.email.trim().toLowerCase()
  const password = typeof body.password === 'string' ? body.password : ''
  const user = await asAuthAdmin(context.db, (tx) => findUserByEmail(tx, email))
  // bcrypt runs outside any transaction (PGlite serialises queries) and in a worker thread.
  const ok = await verifyPassword(
    context.passwords,
    password,
    user?.encrypted_password ?? null,
    context.config.auth.passwordCost
  )
  if (!user || !ok) throw invalidCredentials()
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed')
  const nowMs = options.now()
  if (user.banned_until && Date.parse(user.banned_until.replace(' ', 'T')) > nowMs) {
    throw badRequest('user_banned', 'User is banned')
  }
  const session = await asAuthAdmin(context.db, async (tx) => {
    await tx.query(`update auth.users set last_sign_in_at = now() where id = $1`, [user.id])
    await tx.query(
      `update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`,
      [user.id]
    )
    return startSession(context, tx, user.id, nowMs)
  })
  return jsonResponse(200, session, API_VERSION_HEADER)
}

async function refreshGrant(
  context: BackendContext,
  options: ResolvedAuthOptions,
  body: Record<string, unknown>
): Promise<ApiResponse> {
  const token = body.refresh_token
  if (typeof token !== 'string' || token === '') {
    throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
  }
  const settings = {
    nowMs: options.now(),
    reuseIntervalSeconds: options.refreshTokenReuseIntervalSeconds
  }
  // A detected reuse revokes the family and must stay revoked, so that update is committed
  // even though the request fails: the error is carried out of the transaction as a value.
  const outcome = await asAuthAdmin(context.db, async (tx) => {
    try {
      return { session: await refreshSession(context, tx, token, settings) }
    } catch (error) {
      if (error instanceof AuthError && error.code === 'refresh_token_already_used')
        return { error }
      throw error
    }
  })
  if ('error' in outcome) throw outcome.error
  return jsonResponse(200, outcome.session, API_VERSION_HEADER)
}

export async function handleToken(
  context: BackendContext,
  options: ResolvedAuthOptions,
  request: ApiRequest
): Promise<ApiResponse> {
  const grantType = request.url.searchParams.get('grant_type')
  const body = jsonObject(request)
  if (grantType === 'password') return passwordGrant(context, options, body)
  if (grantType === 'refresh_token') return refreshGrant(context, options, body)
  throw badRequest('invalid_credentials', 'unsupported_grant_type')
}
