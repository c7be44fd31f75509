// PUT /user (updateUser): the password (never the same one again; with secure_password_change a
// sign-in older than 24 hours must bring the nonce from /reauthenticate), the user metadata
// (merged; a null removes a key) and the email (a change confirmed by mail, email-change.ts).
// With a verified second factor, a new password or email needs an aal2 session, as GoTrue asks.
// Applied in one transaction, in GoTrue's order, so a refused email change keeps the password.

import type { BackendContext } from '../context'
import type { Queryable } from '../db/database'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { asAuthAdmin } from './admin'
import { startEmailChange } from './email-change'
import { API_VERSION_HEADER, AuthError, badRequest } from './errors'
import type { MailRequest } from './mailer'
import { emailTokenHash, redeemToken } from './one-time-tokens'
import type { ResolvedAuthOptions } from './options'
import { hashPassword, verifyPassword } from './passwords'
import { lockSignedInUser } from './reauthenticate'
import { redirectOf } from './recover'
import { applyEmailChange } from './redeem'
import { jsonObject } from './request'
import { requireClaims } from './guards'
import { sessionAal } from './mfa'
import { loadUser, type UserObject } from './users'
import { checkNewPassword, normaliseEmail, userMetadata } from './validation'

/** GoTrue's window in which a session counts as a recent sign-in. */
const RECENT_SIGN_IN_MS = 24 * 3600 * 1000

const invalidNonce = (): AuthError =>
  new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid')

async function sessionStartedMs(tx: Queryable, sessionId: unknown): Promise<number | null> {
  if (typeof sessionId !== 'string') return null
  const { rows } = await tx.query<{ ms: number }>(
    `select (extract(epoch from created_at) * 1000)::float8 as ms from auth.sessions where id = $1`,
    [sessionId]
  )
  return rows[0] ? Number(rows[0].ms) : null
}

/**
 * GoTrue's rule (UserUpdate): while the user has a verified factor, a session below aal2 may
 * not change the password or the email, or a stolen password would take the account over.
 */
async function requireAal2ForCredentials(
  context: BackendContext,
  claims: Record<string, unknown>,
  change: { password: boolean; email: string | null }
): Promise<void> {
  if (!change.password && change.email === null) return
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null
  const refused = await asAuthAdmin(context.db, async (tx) => {
    const { rows } = await tx.query<{ email: string | null; has_factor: boolean }>(
      `select u.email, exists (select 1 from auth.mfa_factors f
                                where f.user_id = u.id and f.status = 'verified') as has_factor
         from auth.users u where u.id = $1`,
      [claims.sub]
    )
    const user = rows[0]
    // A user that is gone is refused further on, with GoTrue's answer for that.
    if (!user?.has_factor) return false
    if (!change.password && change.email === user.email) return false
    return (await sessionAal(tx, sessionId)) !== 'aal2'
  })
  if (refused) {
    throw new AuthError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.'
    )
  }
}

interface PasswordChange {
  hash: string
  nonce: string | null
}

/** Checks the new password outside any transaction: bcrypt takes ~70 ms per hash. */
async function preparePassword(
  context: BackendContext,
  userId: string,
  password: string,
  body: Record<string, unknown>
): Promise<PasswordChange> {
  const { rows } = await context.db.query<{ encrypted_password: string | null }>(
    `select encrypted_password from auth.users where id = $1`,
    [userId]
  )
  const current = rows[0]?.encrypted_password ?? null
  if (
    current &&
    (await verifyPassword(context.passwords, password, current, context.config.auth.passwordCost))
  ) {
    throw new AuthError(
      422,
      'same_password',
      'New password should be different from the old password.'
    )
  }
  const nonce = typeof body.nonce === 'string' && body.nonce !== '' ? body.nonce : null
  return {
    hash: await hashPassword(context.passwords, password, context.config.auth.passwordCost),
    nonce
  }
}

export async function handleUpdateUser(
  context: BackendContext,
  options: ResolvedAuthOptions,
  request: ApiRequest
): Promise<ApiResponse> {
  const claims = await requireClaims(context, request)
  const body = jsonObject(request)
  if (body.app_metadata !== undefined && body.app_metadata !== null) {
    throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges')
  }
  if (typeof body.phone === 'string' && body.phone !== '') {
    throw badRequest('phone_provider_disabled', 'Unsupported phone provider')
  }
  const newEmail =
    body.email === undefined || body.email === null || body.email === ''
      ? null
      : normaliseEmail(body.email, 'Unable to validate email address: invalid format')
  const newPassword =
    body.password === undefined || body.password === null
      ? null
      : checkNewPassword(body.password, 'Password update requires a valid password')
  await requireAal2ForCredentials(context, claims, {
    password: newPassword !== null,
    email: newEmail
  })
  const password =
    newPassword === null
      ? null
      : await preparePassword(context, claims.sub as string, newPassword, body)
  const nowMs = options.now()
  const autoconfirm = !context.config.enableConfirmations

  const { user, mails } = await asAuthAdmin(context.db, async (tx) => {
    const current = await lockSignedInUser(tx, claims)
    if (current.isAnonymous && password && !newEmail) {
      throw new AuthError(
        422,
        'validation_failed',
        'Updating password of an anonymous user without an email or phone is not allowed'
      )
    }
    if (password) {
      const started = await sessionStartedMs(tx, claims.session_id)
      const recent = started !== null && nowMs - started < RECENT_SIGN_IN_MS
      if (context.config.email.securePasswordChange && !recent) {
        if (!password.nonce) {
          throw badRequest('reauthentication_needed', 'Password update requires reauthentication')
        }
        const hash = emailTokenHash(current.email ?? '', password.nonce)
        const expiry = context.config.email.otpExpirySeconds
        const redeemed = await redeemToken(tx, hash, ['reauthentication_token'], expiry, nowMs)
        if (!redeemed || redeemed.userId !== current.id) throw invalidNonce()
      }
      await tx.query(
        `update auth.users set encrypted_password = $2, updated_at = now() where id = $1`,
        [current.id, password.hash]
      )
      // As GoTrue: a new password ends every other session of the user.
      await tx.query(`delete from auth.sessions where user_id = $1 and id is distinct from $2`, [
        current.id,
        typeof claims.session_id === 'string' ? claims.session_id : null
      ])
    }
    if (body.data !== undefined && body.data !== null) {
      const data = userMetadata(body.data)
      await tx.query(
        `update auth.users
            set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb)
                  - array(select key from jsonb_each($2::jsonb) where value = 'null'::jsonb),
                updated_at = now()
          where id = $1`,
        [current.id, JSON.stringify(data)]
      )
    }
    const mails: MailRequest[] = []
    if (newEmail && newEmail !== current.email && current.isAnonymous && autoconfirm) {
      // An anonymous user adding an email is signing up: with auto-confirm it takes effect now.
      await applyEmailChange(tx, current.id, newEmail)
    } else if (newEmail && newEmail !== current.email) {
      const change = await startEmailChange(context, tx, {
        user: current,
        newEmail,
        redirectTo: redirectOf(context, request),
        nowMs
      })
      if (change.current) mails.push(change.current.mail)
      mails.push(change.next.mail)
    }
    return { user: (await loadUser(tx, current.id)) as UserObject, mails }
  })
  for (const mail of mails) await options.mailer.send(mail)
  return jsonResponse(200, user, API_VERSION_HEADER)
}
