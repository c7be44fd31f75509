// /verify: the link in every mail (GET, answered with a 303 to the app carrying the session or
// the error in the URL fragment, as GoTrue's implicit flow does) and verifyOtp (POST, by
// token_hash or by the code and the email, answered with the session as JSON). Redeeming the
// token and what it proves (an address, a reset, a new address) live in redeem.ts.

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { API_VERSION_HEADER, AuthError, validationFailed } from './errors'
import { emailTokenHash, invalidToken, TOKEN_TYPES_FOR, type VerifyType } from './one-time-tokens'
import type { ResolvedAuthOptions } from './options'
import { redeem } from './redeem'
import { jsonObject, safeRedirect } from './request'
import { normaliseEmail } from './validation'

/** Phone codes: no phone user can exist here, so every code is wrong, as hosted would say. */
const PHONE_TYPES = new Set(['sms', 'phone_change'])

function verifyType(value: unknown): VerifyType {
  if (typeof value !== 'string' || value === '') {
    throw validationFailed('Verify requires a verification type')
  }
  if (PHONE_TYPES.has(value)) throw invalidToken()
  if (!(value in TOKEN_TYPES_FOR)) throw validationFailed('Unsupported verification type')
  return value as VerifyType
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
  const type = verifyType(params.get('type'))
  const token = params.get('token') ?? ''
  if (!token) throw validationFailed('Verify requires a token or a token hash')
  const target = safeRedirect(params.get('redirect_to'), context.config.siteUrl).split('#')[0]
  let fragment: URLSearchParams
  try {
    const outcome = await redeem(context, options, type, token)
    fragment =
      'message' in outcome
        ? new URLSearchParams({ message: outcome.message })
        : new URLSearchParams({
            access_token: outcome.session.access_token,
            expires_at: String(outcome.session.expires_at),
            expires_in: String(outcome.session.expires_in),
            refresh_token: outcome.session.refresh_token,
            token_type: 'bearer',
            type
          })
  } catch (error) {
    if (!(error instanceof AuthError)) throw error
    // A dead link reads as hosted's: "Email link is invalid or has expired".
    const description =
      error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message
    fragment = new URLSearchParams({
      error: error.status === 403 ? 'access_denied' : 'server_error',
      error_code: error.code,
      error_description: description
    })
  }
  return redirect(`${target}#${fragment}`)
}

/** The token hash a verifyOtp body names: its token_hash, or the hash of its email and code. */
function tokenHashOf(body: Record<string, unknown>): string {
  const token = typeof body.token === 'string' ? body.token.trim() : ''
  const tokenHash = typeof body.token_hash === 'string' ? body.token_hash.trim() : ''
  if ((token === '') === (tokenHash === '')) {
    throw validationFailed('Verify requires either a token or a token hash')
  }
  const hasEmail = typeof body.email === 'string' && body.email !== ''
  const hasPhone = typeof body.phone === 'string' && body.phone !== ''
  if (tokenHash) {
    if (hasEmail || hasPhone) {
      throw validationFailed('Only the token_hash and type should be provided')
    }
    return tokenHash
  }
  if (!hasEmail) {
    throw validationFailed('Only an email address or phone number should be provided on verify')
  }
  return emailTokenHash(normaliseEmail(body.email, 'Verify requires an email'), token)
}

export async function handleVerifyOtp(
  context: BackendContext,
  options: ResolvedAuthOptions,
  request: ApiRequest
): Promise<ApiResponse> {
  const body = jsonObject(request)
  const type = verifyType(body.type)
  const outcome = await redeem(context, options, type, tokenHashOf(body))
  if ('message' in outcome) {
    // GoTrue writes the code as a string here.
    return jsonResponse(200, { msg: outcome.message, code: '200' }, API_VERSION_HEADER)
  }
  return jsonResponse(200, outcome.session, API_VERSION_HEADER)
}
