// Email confirmation: GET /verify is the link in the mail; it confirms, signs the user in and
// redirects (303) with the session in the URL fragment, as GoTrue's implicit flow does. POST
// /verify is verifyOtp({token_hash, type}) and answers with the session as JSON.

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { asAuthAdmin } from './admin'
import { API_VERSION_HEADER, AuthError } from './errors'
import type { ResolvedAuthOptions } from './options'
import { hashToken, jsonObject, safeRedirect } from './request'
import { startSession } from './sessions'
import type { SessionResponse } from './tokens'
import { confirmUser } from './users'

/** GoTrue's default mailer_otp_exp. */
const LINK_LIFETIME_SECONDS = 24 * 3600
const TYPES = new Set(['signup', 'email'])

const expired = (): AuthError =>
  new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')

async function confirm(
  context: BackendContext,
  options: ResolvedAuthOptions,
  token: string
): Promise<SessionResponse> {
  const nowMs = options.now()
  return asAuthAdmin(context.db, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `select id from auth.users
        where confirmation_token = $1 and deleted_at is null
          and confirmation_sent_at > to_timestamp($2::float8 / 1000) - make_interval(secs => $3)`,
      [hashToken(token), nowMs, LINK_LIFETIME_SECONDS]
    )
    if (!rows[0]) throw expired()
    await confirmUser(tx, rows[0].id)
    await tx.query(`update auth.users set last_sign_in_at = now() where id = $1`, [rows[0].id])
    return startSession(context, tx, rows[0].id, nowMs)
  })
}

function redirect(location: string): ApiResponse {
  return { status: 303, headers: { location, 'cache-control': 'no-store' } }
}

export async function handleVerifyLink(
  context: BackendContext,
  options: ResolvedAuthOptions,
  request: ApiRequest
): Promise<ApiResponse> {
  const params = request.url.searchParams
  const target = safeRedirect(params.get('redirect_to'), context.config.siteUrl)
  const token = params.get('token') ?? ''
  try {
    if (!token || !TYPES.has(params.get('type') ?? '')) throw expired()
    const session = await confirm(context, options, token)
    const fragment = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
      type: 'signup'
    })
    return redirect(`${target.split('#')[0]}#${fragment}`)
  } catch (error) {
    if (!(error instanceof AuthError)) throw error
    const fragment = new URLSearchParams({
      error: 'access_denied',
      error_code: error.code,
      error_description: error.message
    })
    return redirect(`${target.split('#')[0]}#${fragment}`)
  }
}

export async function handleVerifyOtp(
  context: BackendContext,
  options: ResolvedAuthOptions,
  request: ApiRequest
): Promise<ApiResponse> {
  const body = jsonObject(request)
  const token = typeof body.token_hash === 'string' ? body.token_hash : ''
  if (!token || !TYPES.has(String(body.type))) throw expired()
  return jsonResponse(200, await confirm(context, options, token), API_VERSION_HEADER)
}
