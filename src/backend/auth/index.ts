// The GoTrue-compatible auth API, mounted at /auth/v1. supabase-js talks to it
// unmodified: sign-up (also anonymous), password and refresh-token grants, /user, logout,
// email confirmation, TOTP factors and recovery codes, the admin API, the JWKS, and the switched-off answers of
// features the local backend does not offer.

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse, type Handler } from '../http/types'
import { API_VERSION_HEADER, AuthError, authErrorResponse } from './errors'
import { resolveAuthOptions, type AuthOptions, type ResolvedAuthOptions } from './options'
import { createUser, deleteUser, getUser, updateUser } from './admin-users'
import { deleteUserFactor, listUserFactors, listUsers } from './admin-list'
import { anonymousDisabled, signUpAnonymously } from './anonymous'
import {
  disabledFeature,
  disabledGrant,
  oauthProviderRefusal,
  phoneSignupsDisabled
} from './disabled'
import { requireAdmin, requireClaims, UUID } from './guards'
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './mfa'
import { SlidingWindowLimiter } from './rate-limit'
import { generateRecoveryCodes, recoveryCodesStatus, redeemRecoveryCode } from './recovery-codes'
import { handleAdminGenerateLink, handleInvite } from './admin-links'
import { handleMagicLink, handleOtp } from './otp'
import { handleReauthenticate } from './reauthenticate'
import { handleRecover } from './recover'
import { handleResend } from './resend'
import { jsonObject } from './request'
import { handleSignup } from './signup'
import { handleToken } from './token-grants'
import { handleUpdateUser } from './update-user'
import { handleGetUser, handleLogout } from './current-user'
import { handleVerifyLink, handleVerifyOtp } from './verify'

export type { AuthOptions } from './options'

const PREFIX = '/auth/v1'

function settings(context: BackendContext): ApiResponse {
  return jsonResponse(
    200,
    {
      external: {
        anonymous_users: context.config.auth.anonymousSignIns,
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
  signInSignUps: SlidingWindowLimiter
  tokenRefresh: SlidingWindowLimiter
  tokenVerifications: SlidingWindowLimiter
  anonymousUsers: SlidingWindowLimiter
  /** `email_sent` per address. */
  emailSent: SlidingWindowLimiter
  /** `email_sent` for the whole project, when a mail server sends them ([auth.email.smtp]). */
  projectMail: SlidingWindowLimiter | null
}

/**
 * Mails per hour, counted per address like every other limit: one caller asking for many uses
 * up only their own, and cannot stop anyone else's recovery mail. Hosted GoTrue counts them per
 * project only, which protects the project's mail server; with [auth.email.smtp] this backend
 * counts both.
 */
function sendsMail(limiters: Limiters, request: ApiRequest): void {
  const refused = (): AuthError =>
    new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded')
  if (!limiters.emailSent.take(request.remoteAddress)) throw refused()
  if (limiters.projectMail && !limiters.projectMail.take('project')) throw refused()
}

function take(limiter: SlidingWindowLimiter, request: ApiRequest): void {
  if (!limiter.take(request.remoteAddress)) {
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached')
  }
}

async function signup(
  context: BackendContext,
  options: ResolvedAuthOptions,
  limiters: Limiters,
  request: ApiRequest
): Promise<ApiResponse> {
  const body = jsonObject(request)
  const hasEmail = typeof body.email === 'string' && body.email !== ''
  const hasPhone = typeof body.phone === 'string' && body.phone !== ''
  if (!hasEmail && !hasPhone) {
    if (!context.config.auth.anonymousSignIns) throw anonymousDisabled()
    take(limiters.anonymousUsers, request)
    return signUpAnonymously(context, options, body)
  }
  // Each sign-up costs a bcrypt hash and a row: a loop must not fill the disk.
  take(limiters.signInSignUps, request)
  if (!hasEmail) throw phoneSignupsDisabled()
  return handleSignup(context, options, request)
}

async function token(
  context: BackendContext,
  options: ResolvedAuthOptions,
  limiters: Limiters,
  request: ApiRequest
): Promise<ApiResponse> {
  const grantType = request.url.searchParams.get('grant_type') ?? ''
  take(grantType === 'refresh_token' ? limiters.tokenRefresh : limiters.signInSignUps, request)
  const refusal = disabledGrant(grantType, jsonObject(request))
  if (refusal) throw refusal
  return handleToken(context, options, request)
}

const ADMIN_USER = /^\/admin\/users\/([^/]+)$/
const ADMIN_FACTORS = /^\/admin\/users\/([^/]+)\/factors$/
const ADMIN_FACTOR = /^\/admin\/users\/([^/]+)\/factors\/([^/]+)$/
const FACTOR = /^\/factors\/([^/]+)(\/challenge|\/verify)?$/

/** Routes with ids in their path: the admin API and the user's factors. */
async function parameterised(
  context: BackendContext,
  options: ResolvedAuthOptions,
  limiters: Limiters,
  request: ApiRequest,
  path: string
): Promise<ApiResponse | null> {
  const { method } = request
  const factor = FACTOR.exec(path)
  if (factor) {
    const [, id, action] = factor
    if (method === 'POST' && action === '/challenge') {
      return challengeFactor(context, options, request, id)
    }
    if (method === 'POST' && action === '/verify') {
      // A 6-digit code must not be guessable by trying them all.
      take(limiters.tokenVerifications, request)
      return verifyFactor(context, options, request, id)
    }
    if (method === 'DELETE' && !action) return unenrollFactor(context, request, id)
    return null
  }
  if (!path.startsWith('/admin/users/')) return null
  const user = ADMIN_USER.exec(path)
  const factors = ADMIN_FACTORS.exec(path)
  const oneFactor = ADMIN_FACTOR.exec(path)
  if (!user && !factors && !oneFactor) return null
  await requireAdmin(context, request)
  const userId = (user ?? factors ?? oneFactor)![1]
  if (!UUID.test(userId)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID')
  if (user && method === 'GET') return getUser(context, userId)
  if (user && method === 'PUT') return updateUser(context, request, userId)
  if (user && method === 'DELETE') return deleteUser(context, request, userId)
  if (factors && method === 'GET') return listUserFactors(context, userId)
  if (oneFactor && method === 'DELETE') return deleteUserFactor(context, userId, oneFactor[2])
  return null
}

type LimitedHandler = (
  context: BackendContext,
  options: ResolvedAuthOptions,
  request: ApiRequest
) => Promise<ApiResponse>

/** A code or a link's token, tried: too many from one address are refused. */
const verifies = (limiters: Limiters, request: ApiRequest): void =>
  take(limiters.tokenVerifications, request)

/** The routes a limiter guards, each taken before the handler runs. */
const LIMITED_ROUTES = new Map<
  string,
  [limit: (limiters: Limiters, request: ApiRequest) => void, handle: LimitedHandler]
>([
  // A 6-digit code or a link's token must not be guessable by trying them all.
  ['GET /verify', [verifies, handleVerifyLink]],
  ['POST /verify', [verifies, handleVerifyOtp]],
  // Like a TOTP code, a recovery code must not be found by trying many.
  ['POST /factors/recovery-codes/redeem', [verifies, redeemRecoveryCode]],
  // The mailing routes: recovery, email codes and links, email and password changes.
  ['POST /recover', [sendsMail, handleRecover]],
  ['POST /otp', [sendsMail, handleOtp]],
  ['POST /magiclink', [sendsMail, handleMagicLink]],
  ['POST /resend', [sendsMail, handleResend]],
  ['GET /reauthenticate', [sendsMail, handleReauthenticate]]
])

async function dispatch(
  context: BackendContext,
  options: ResolvedAuthOptions,
  limiters: Limiters,
  request: ApiRequest
): Promise<ApiResponse> {
  const path = request.url.pathname.slice(PREFIX.length).replace(/\/+$/, '') || '/'
  const route = `${request.method} ${path}`
  const limited = LIMITED_ROUTES.get(route)
  if (limited) {
    const [limit, handle] = limited
    limit(limiters, request)
    return handle(context, options, request)
  }
  switch (route) {
    case 'POST /signup':
      return signup(context, options, limiters, request)
    case 'POST /token':
      return token(context, options, limiters, request)
    case 'GET /user':
      return handleGetUser(context, request)
    case 'POST /logout':
      return handleLogout(context, request)
    case 'PUT /user':
      return handleUpdateUser(context, options, request)
    case 'POST /invite':
      return handleInvite(context, options, request)
    case 'POST /admin/generate_link':
      return handleAdminGenerateLink(context, options, request)
    case 'POST /factors':
      return enrollFactor(context, request)
    // Recovery codes: the local backend's own, GoTrue has none (recovery-codes.ts).
    case 'GET /factors/recovery-codes':
      return recoveryCodesStatus(context, request)
    case 'POST /factors/recovery-codes':
      return generateRecoveryCodes(context, request)
    case 'GET /admin/users':
      await requireAdmin(context, request)
      return listUsers(context, request)
    case 'POST /admin/users':
      await requireAdmin(context, request)
      return createUser(context, request)
    case 'GET /authorize':
      throw oauthProviderRefusal(request.url.searchParams.get('provider'))
    case 'GET /.well-known/jwks.json':
      // The public half of the key user tokens are signed with; GoTrue publishes no HS256 key.
      return jsonResponse(
        200,
        { keys: context.keys.signing ? [context.keys.signing.publicJwk] : [] },
        { 'cache-control': 'public, max-age=600' }
      )
    case 'GET /settings':
      return settings(context)
    case 'GET /health':
      return jsonResponse(200, {
        version: 'local',
        name: 'GoTrue',
        description: 'GoTrue is a user registration and authentication API'
      })
  }
  const answer = await parameterised(context, options, limiters, request, path)
  if (answer) return answer
  const disabled = disabledFeature(path)
  if (disabled) {
    // Linking sits behind sign-in on GoTrue: a caller without a valid token learns that first.
    if (path.startsWith('/user/')) await requireClaims(context, request)
    if (path.startsWith('/admin/')) await requireAdmin(context, request)
    throw disabled
  }
  throw new AuthError(404, 'not_found', `No auth route for ${request.method} ${path}`)
}

export function createAuthApi(context: BackendContext, options: AuthOptions = {}): Handler {
  const resolved = resolveAuthOptions(options, context.config.email.smtp)
  const rates = context.config.auth.rateLimits
  const limiters: Limiters = {
    signInSignUps: new SlidingWindowLimiter(rates.signInSignUps, resolved.now),
    tokenRefresh: new SlidingWindowLimiter(rates.tokenRefresh, resolved.now),
    tokenVerifications: new SlidingWindowLimiter(rates.tokenVerifications, resolved.now),
    anonymousUsers: new SlidingWindowLimiter(rates.anonymousUsers, resolved.now),
    emailSent: new SlidingWindowLimiter(rates.emailSent, resolved.now),
    projectMail: context.config.email.smtp
      ? new SlidingWindowLimiter(rates.emailSent, resolved.now)
      : null
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
