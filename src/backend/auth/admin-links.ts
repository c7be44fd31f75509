// The service-role routes that make mail links: POST /admin/generate_link (the link and code
// without sending them, for an app's own mails and for tests) and POST /invite
// (inviteUserByEmail). Both follow GoTrue's admin handlers, refusals included.

import type { BackendContext } from '../context'
import type { Queryable } from '../db/database'
import { bearerToken, jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { JwtError, verifyJwt } from '../jwt'
import { asAuthAdmin } from './admin'
import { createEmailUser } from './create-user'
import { startEmailChange } from './email-change'
import { API_VERSION_HEADER, AuthError, validationFailed } from './errors'
import type { ResolvedAuthOptions } from './options'
import { hashPassword } from './passwords'
import { emailTaken } from './redeem'
import { jsonObject, safeRedirect } from './request'
import {
  lockUserByEmail,
  lockUserById,
  prepareTokenMail,
  type MailUser,
  type TokenMail
} from './token-mail'
import { loadUser, type UserObject } from './users'
import { checkNewPassword, normaliseEmail, userMetadata } from './validation'

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin'])

/** GoTrue's requireAdmin: a valid JWT whose role is an admin role. */
export async function requireAdmin(context: BackendContext, request: ApiRequest): Promise<void> {
  const token = bearerToken(request)
  if (!token) {
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  }
  let role: unknown
  try {
    role = (await verifyJwt(context.keys, token)).role
  } catch (error) {
    const reason = error instanceof JwtError ? error.message : 'invalid token'
    throw new AuthError(
      403,
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${reason}`
    )
  }
  if (typeof role !== 'string' || !ADMIN_ROLES.has(role)) {
    throw new AuthError(403, 'not_admin', 'User not allowed')
  }
}

const adminEmail = (value: unknown): string => {
  if (typeof value !== 'string' || value === '')
    throw validationFailed('An email address is required')
  return normaliseEmail(value, 'An email address is required')
}

function redirectOf(
  context: BackendContext,
  request: ApiRequest,
  body: Record<string, unknown>
): string {
  const fromBody = typeof body.redirect_to === 'string' ? body.redirect_to : null
  const candidate = request.url.searchParams.get('redirect_to') ?? fromBody
  return safeRedirect(candidate, context.config.siteUrl)
}

/** A user created by an admin link or invite, unconfirmed until the link is followed. */
async function newUser(
  tx: Queryable,
  email: string,
  passwordHash: string | null,
  data: Record<string, unknown>
): Promise<MailUser> {
  const id = await createEmailUser(tx, { email, passwordHash, data, confirmed: false })
  return (await lockUserById(tx, id)) as MailUser
}

async function markInvited(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`update auth.users set invited_at = now() where id = $1`, [userId])
}

const notFound = (): AuthError =>
  new AuthError(404, 'user_not_found', 'User with this email not found')

const LINK_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change_current',
  'email_change_new'
]

export async function handleAdminGenerateLink(
  context: BackendContext,
  options: ResolvedAuthOptions,
  request: ApiRequest
): Promise<ApiResponse> {
  await requireAdmin(context, request)
  const body = jsonObject(request)
  const email = adminEmail(body.email)
  let type = String(body.type ?? '')
  if (!LINK_TYPES.includes(type)) {
    throw validationFailed(`Invalid email action link type requested: ${type}`)
  }
  const data = userMetadata(body.data)
  const redirectTo = redirectOf(context, request, body)
  const nowMs = options.now()
  const existing = await asAuthAdmin(context.db, (tx) => lockUserByEmail(tx, email))
  let passwordHash: string | null = null
  if (!existing && type === 'magiclink') {
    // GoTrue signs a new address up when asked for its magic link (with no usable password).
    type = 'signup'
  } else if (!existing && type === 'signup') {
    // bcrypt before the transaction, as sign-up does.
    passwordHash = await hashPassword(
      context.passwords,
      checkNewPassword(body.password),
      context.config.auth.passwordCost
    )
  } else if (!existing && type !== 'invite') {
    throw notFound()
  }
  const base = { redirectTo, nowMs, skipInterval: true, to: email }

  const { link, user } = await asAuthAdmin(context.db, async (tx) => {
    let user = await lockUserByEmail(tx, email)
    // Deleted since the look-up above.
    if (!user && type !== 'signup' && type !== 'invite') throw notFound()
    let link: TokenMail
    if (type === 'magiclink' || type === 'recovery') {
      link = await prepareTokenMail(context, tx, {
        ...base,
        user: user!,
        kind: type,
        tokenType: 'recovery_token'
      })
    } else if (type === 'signup' || type === 'invite') {
      if (user?.confirmed) throw emailTaken()
      if (user && type === 'signup') {
        await tx.query(
          `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb where id = $1`,
          [user.id, JSON.stringify(data)]
        )
      }
      user ??= await newUser(tx, email, passwordHash, data)
      if (type === 'invite') await markInvited(tx, user.id)
      link = await prepareTokenMail(context, tx, {
        ...base,
        user,
        kind: type,
        tokenType: 'confirmation_token'
      })
    } else {
      if (type === 'email_change_current' && !context.config.email.doubleConfirmChanges) {
        throw validationFailed('Enable secure email change to generate link for current email')
      }
      const newEmail = normaliseEmail(body.new_email, 'An email address is required')
      const change = await startEmailChange(context, tx, {
        user: user!,
        newEmail,
        redirectTo,
        nowMs,
        skipInterval: true
      })
      link = type === 'email_change_current' && change.current ? change.current : change.next
    }
    return { link, user: (await loadUser(tx, user!.id)) as UserObject }
  })
  return jsonResponse(
    200,
    {
      ...user,
      action_link: link.link,
      email_otp: link.token.otp,
      hashed_token: link.token.tokenHash,
      redirect_to: redirectTo,
      verification_type: type
    },
    API_VERSION_HEADER
  )
}

export async function handleInvite(
  context: BackendContext,
  options: ResolvedAuthOptions,
  request: ApiRequest
): Promise<ApiResponse> {
  await requireAdmin(context, request)
  const body = jsonObject(request)
  const email = adminEmail(body.email)
  const data = userMetadata(body.data)
  const redirectTo = redirectOf(context, request, body)
  const nowMs = options.now()
  const { user, mail } = await asAuthAdmin(context.db, async (tx) => {
    let user = await lockUserByEmail(tx, email)
    if (user?.confirmed) throw emailTaken()
    user ??= await newUser(tx, email, null, data)
    await markInvited(tx, user.id)
    const prepared = await prepareTokenMail(context, tx, {
      user,
      kind: 'invite',
      tokenType: 'confirmation_token',
      to: email,
      redirectTo,
      nowMs,
      skipInterval: true
    })
    return { user: (await loadUser(tx, user.id)) as UserObject, mail: prepared.mail }
  })
  await options.mailer.send(mail)
  return jsonResponse(200, user, API_VERSION_HEADER)
}
