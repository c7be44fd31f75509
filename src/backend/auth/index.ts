// The GoTrue-compatible auth API, mounted at /auth/v1. supabase-js talks to it
// unmodified: sign-up, password and refresh-token grants, /user, logout, email confirmation.

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse, type Handler } from '../http/types'
import { API_VERSION_HEADER, AuthError, authErrorResponse } from './errors'
import { resolveAuthOptions, type AuthOptions, type ResolvedAuthOptions } from './options'
import { SlidingWindowLimiter } from './rate-limit'
import { handleAdminGenerateLink, handleInvite } from './admin-links'
import { handleMagicLink, handleOtp } from './otp'
import { handleReauthenticate } from './reauthenticate'
import { handleRecover } from './recover'
import { handleResend } from './resend'
import { handleSignup } from './signup'
import { handleToken } from './token'
import { handleUpdateUser } from './update-user'
import { handleGetUser, handleLogout } from './user'
import { handleVerifyLink, handleVerifyOtp } from './verify'

export type { AuthOptions } from './options'

const PREFIX = '/auth/v1'

function settings(context: BackendContext): ApiResponse {
  return jsonResponse(
    200,
    {
      external: {
        anonymous_users: false,
        email: true,
        phone: false,
        apple: false,
        github: false,
        google: false
      },
      disable_signup: false,
      mailer_autoconfirm: !context.config.enableConfirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false
    },
    API_VERSION_HEADER
  )
}

interface Limiters {
  token: SlidingWindowLimiter
  signup: SlidingWindowLimiter
}

function take(limiter: SlidingWindowLimiter, request: ApiRequest): void {
  if (!limiter.take(request.remoteAddress)) {
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached')
  }
}

async function dispatch(
  context: BackendContext,
  options: ResolvedAuthOptions,
  limiters: Limiters,
  request: ApiRequest
): Promise<ApiResponse> {
  const path = request.url.pathname.slice(PREFIX.length).replace(/\/+$/, '') || '/'
  const route = `${request.method} ${path}`
  switch (route) {
    case 'POST /signup':
      // Each sign-up costs a bcrypt hash and a row: a loop must not fill the disk.
      take(limiters.signup, request)
      return handleSignup(context, options, request)
    case 'POST /token':
      take(limiters.token, request)
      return handleToken(context, options, request)
    case 'GET /user':
      return handleGetUser(context, request)
    case 'POST /logout':
      return handleLogout(context, request)
    case 'GET /verify':
      return handleVerifyLink(context, options, request)
    case 'POST /verify':
      return handleVerifyOtp(context, options, request)
    // The mailing routes (#27): recovery, email codes and links, email and password changes.
    case 'POST /recover':
      return handleRecover(context, options, request)
    case 'POST /otp':
      return handleOtp(context, options, request)
    case 'POST /magiclink':
      return handleMagicLink(context, options, request)
    case 'POST /resend':
      return handleResend(context, options, request)
    case 'GET /reauthenticate':
      return handleReauthenticate(context, options, request)
    case 'PUT /user':
      return handleUpdateUser(context, options, request)
    case 'POST /invite':
      return handleInvite(context, options, request)
    case 'POST /admin/generate_link':
      return handleAdminGenerateLink(context, options, request)
    case 'GET /.well-known/jwks.json':
      // HS256 only: GoTrue publishes no symmetric keys, and getClaims() then asks /user.
      return jsonResponse(200, { keys: [] }, { 'cache-control': 'public, max-age=600' })
    case 'GET /settings':
      return settings(context)
    case 'GET /health':
      return jsonResponse(200, {
        version: 'local',
        name: 'GoTrue',
        description: 'GoTrue is a user registration and authentication API'
      })
    default:
      throw new AuthError(404, 'not_found', `No auth route for ${request.method} ${path}`)
  }
}

export function createAuthApi(context: BackendContext, options: AuthOptions = {}): Handler {
  const resolved = resolveAuthOptions(options, context.config.email.smtp)
  const limiters: Limiters = {
    token: new SlidingWindowLimiter(context.config.tokenRateLimitPerMinute, resolved.now),
    signup: new SlidingWindowLimiter(context.config.signupRateLimitPerMinute, resolved.now)
  }
  return async (request) => {
    try {
      return await dispatch(context, resolved, limiters, request)
    } catch (error) {
      if (error instanceof AuthError) return authErrorResponse(error)
      console.error('[auth] unexpected error', error)
      return authErrorResponse(new AuthError(500, 'unexpected_failure', 'Unexpected failure'))
    }
  }
}
