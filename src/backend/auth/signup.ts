// POST /signup: validates, hashes, inserts as supabase_auth_admin, then either
// starts a session (auto-confirm, the CLI default) or mails a confirmation link.

import { randomBytes } from 'node:crypto'
import type { BackendContext } from '../context'
import { isPostgresError } from '../db/database'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { asAuthAdmin } from './admin'
import { API_VERSION_HEADER, AuthError } from './errors'
import { sendConfirmationMail } from './mailer'
import type { ResolvedAuthOptions } from './options'
import { hashPassword } from './passwords'
import { hashToken, jsonObject, safeRedirect } from './request'
import { startSession } from './sessions'
import { fakeUser, findUserByEmail, insertUser, loadUser, type UserObject } from './users'
import { checkNewPassword, normaliseEmail, userMetadata } from './validation'

const userExists = (): AuthError =>
  new AuthError(422, 'user_already_exists', 'User already registered')

/**
 * The profile trigger's own refusals, said as what the person can fix. Hosted GoTrue answers
 * all of these with a 500 "Database error saving new user"; the app asks about the username
 * first, so this only decides a race or a client that skipped the check.
 */
function profileRefusal(error: unknown): AuthError | null {
  if (!isPostgresError(error)) return null
  const text = `${error.message} ${error.detail ?? ''}`
  if (error.code === '23505' && /username/.test(text)) {
    return new AuthError(422, 'username_taken', 'This username is already taken. Try another.')
  }
  if (error.code === '23514' && /profiles_full_name_length/.test(text)) {
    return new AuthError(422, 'validation_failed', 'Full name is too long.')
  }
  return null
}

/** Kept distinct so the caller can answer with the fake user after the rollback. */
class DuplicateEmail extends Error {}

export async function handleSignup(
  context: BackendContext,
  options: ResolvedAuthOptions,
  request: ApiRequest
): Promise<ApiResponse> {
  const body = jsonObject(request)
  const email = normaliseEmail(body.email, 'To signup, please provide your email')
  const password = checkNewPassword(body.password)
  const data = userMetadata(body.data)
  const confirmations = context.config.enableConfirmations
  const passwordHash = await hashPassword(password)
  const token = confirmations ? randomBytes(32).toString('hex') : null
  const nowMs = options.now()

  let result: { user: UserObject; session?: unknown; mail: boolean }
  try {
    result = await asAuthAdmin(context.db, async (tx) => {
      const existing = await findUserByEmail(tx, email)
      if (existing) {
        if (!confirmations) throw userExists()
        if (existing.email_confirmed_at) throw new DuplicateEmail()
        // Not confirmed yet: GoTrue sends a fresh link and answers with the user.
        await tx.query(
          `update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1`,
          [existing.id, hashToken(token as string)]
        )
        return { user: (await loadUser(tx, existing.id)) as UserObject, mail: true }
      }
      let id: string
      try {
        id = await insertUser(tx, {
          email,
          passwordHash,
          data,
          confirmed: !confirmations,
          confirmationTokenHash: token ? hashToken(token) : null
        })
      } catch (error) {
        if (
          isPostgresError(error) &&
          error.code === '23505' &&
          /email/.test(error.message + (error.detail ?? ''))
        ) {
          if (confirmations) throw new DuplicateEmail()
          throw userExists()
        }
        const refusal = profileRefusal(error)
        if (refusal) throw refusal
        // Usually an app trigger on auth.users (e.g. a profile insert without SECURITY
        // DEFINER). Hosted Supabase hides the cause from the client too; log it here.
        console.error('[auth] sign-up insert failed:', error)
        throw new AuthError(500, 'unexpected_failure', 'Database error saving new user')
      }
      if (confirmations) return { user: (await loadUser(tx, id)) as UserObject, mail: true }
      await tx.query(`update auth.users set last_sign_in_at = now() where id = $1`, [id])
      const session = await startSession(context, tx, id, nowMs)
      return { user: session.user, session, mail: false }
    })
  } catch (error) {
    if (error instanceof DuplicateEmail) {
      return jsonResponse(200, fakeUser(email, data, new Date(nowMs)), API_VERSION_HEADER)
    }
    throw error
  }

  if (result.session) return jsonResponse(200, result.session, API_VERSION_HEADER)
  if (result.mail && token) {
    const redirect = safeRedirect(
      request.url.searchParams.get('redirect_to'),
      context.config.siteUrl
    )
    const link =
      `${context.publicUrl()}/auth/v1/verify?token=${token}&type=signup` +
      `&redirect_to=${encodeURIComponent(redirect)}`
    await sendConfirmationMail(context.config.outboxDir, { to: email, link, now: new Date(nowMs) })
  }
  return jsonResponse(200, result.user, API_VERSION_HEADER)
}
