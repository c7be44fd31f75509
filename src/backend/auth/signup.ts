// POST /signup: validates, hashes, inserts as supabase_auth_admin, then either
// starts a session (auto-confirm, the CLI default) or mails a confirmation link and code.

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { asAuthAdmin } from './admin'
import { createEmailUser, DuplicateEmail } from './create-user'
import { API_VERSION_HEADER, AuthError } from './errors'
import type { MailRequest } from './mailer'
import type { ResolvedAuthOptions } from './options'
import { hashPassword } from './passwords'
import { jsonObject, safeRedirect } from './request'
import { startSession } from './sessions'
import { lockUserByEmail, lockUserById, prepareTokenMail } from './token-mail'
import { fakeUser, loadUser, type UserObject } from './users'
import { checkNewPassword, normaliseEmail, userMetadata } from './validation'

const userExists = (): AuthError =>
  new AuthError(422, 'user_already_exists', 'User already registered')

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
  const passwordHash = await hashPassword(
    context.passwords,
    password,
    context.config.auth.passwordCost
  )
  const nowMs = options.now()
  const redirectTo = safeRedirect(
    request.url.searchParams.get('redirect_to'),
    context.config.siteUrl
  )

  let result: { user: UserObject; session?: unknown; mail?: MailRequest }
  try {
    result = await asAuthAdmin(context.db, async (tx) => {
      const existing = await lockUserByEmail(tx, email)
      if (existing && (!confirmations || existing.confirmed)) {
        if (!confirmations) throw userExists()
        throw new DuplicateEmail()
      }
      const id =
        existing?.id ??
        (await createEmailUser(tx, { email, passwordHash, data, confirmed: !confirmations }))
      if (confirmations) {
        // New, or not confirmed yet: GoTrue mails a fresh link and answers with the user.
        const user = existing ?? (await lockUserById(tx, id))
        const prepared = await prepareTokenMail(context, tx, {
          user: user!,
          kind: 'signup',
          tokenType: 'confirmation_token',
          to: email,
          redirectTo,
          nowMs
        })
        return { user: (await loadUser(tx, id)) as UserObject, mail: prepared.mail }
      }
      await tx.query(`update auth.users set last_sign_in_at = now() where id = $1`, [id])
      const session = await startSession(context, tx, id, nowMs)
      return { user: session.user, session }
    })
  } catch (error) {
    if (error instanceof DuplicateEmail) {
      if (!confirmations) throw userExists()
      return jsonResponse(200, fakeUser(email, data, new Date(nowMs)), API_VERSION_HEADER)
    }
    throw error
  }

  if (result.session) return jsonResponse(200, result.session, API_VERSION_HEADER)
  if (result.mail) await options.mailer.send(result.mail)
  return jsonResponse(200, result.user, API_VERSION_HEADER)
}
