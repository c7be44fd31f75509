// POST /recover (resetPasswordForEmail): mails a recovery link and code. Always `200 {}` for an
// address nobody registered, as GoTrue answers, so the route tells no one which emails exist.

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { asAuthAdmin } from './admin'
import { API_VERSION_HEADER, AuthError } from './errors'
import type { ResolvedAuthOptions } from './options'
import { jsonObject, safeRedirect } from './request'
import { lockUserByEmail, prepareTokenMail } from './token-mail'
import { normaliseEmail } from './validation'

/** GoTrue asks for the address this way on /recover and /magiclink. */
export function requiredEmail(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new AuthError(422, 'validation_failed', 'Password recovery requires an email')
  }
  return normaliseEmail(value, 'Password recovery requires an email')
}

export function redirectOf(context: BackendContext, request: ApiRequest): string {
  return safeRedirect(request.url.searchParams.get('redirect_to'), context.config.siteUrl)
}

export async function handleRecover(
  context: BackendContext,
  options: ResolvedAuthOptions,
  request: ApiRequest
): Promise<ApiResponse> {
  const email = requiredEmail(jsonObject(request).email)
  const nowMs = options.now()
  const mail = await asAuthAdmin(context.db, async (tx) => {
    const user = await lockUserByEmail(tx, email)
    if (!user?.email) return null
    const prepared = await prepareTokenMail(context, tx, {
      user,
      kind: 'recovery',
      tokenType: 'recovery_token',
      to: user.email,
      redirectTo: redirectOf(context, request),
      nowMs
    })
    return prepared.mail
  })
  if (mail) await options.mailer.send(mail)
  return jsonResponse(200, {}, API_VERSION_HEADER)
}
