// POST /resend: the sign-up confirmation or the email change mails again. Like /recover it
// answers `200 {}` when there is nothing to send, so it tells no one which emails exist.

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { asAuthAdmin } from './admin'
import { startEmailChange } from './email-change'
import { API_VERSION_HEADER, validationFailed } from './errors'
import type { MailRequest } from './mailer'
import type { ResolvedAuthOptions } from './options'
import { redirectOf } from './recover'
import { jsonObject } from './request'
import { lockUserByEmail, prepareTokenMail } from './token-mail'
import { normaliseEmail } from './validation'

const TYPES = ['signup', 'email_change', 'sms', 'phone_change']

export async function handleResend(
  context: BackendContext,
  options: ResolvedAuthOptions,
  request: ApiRequest
): Promise<ApiResponse> {
  const body = jsonObject(request)
  const type = String(body.type ?? '')
  if (!TYPES.includes(type)) {
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change')
  }
  if (type === 'sms' || type === 'phone_change') {
    throw validationFailed('Type provided requires a phone number')
  }
  if (typeof body.email !== 'string' || body.email === '') {
    throw validationFailed('Type provided requires an email address')
  }
  const email = normaliseEmail(body.email, 'Type provided requires an email address')
  const redirectTo = redirectOf(context, request)
  const nowMs = options.now()
  const mails = await asAuthAdmin(context.db, async (tx): Promise<MailRequest[]> => {
    const user = await lockUserByEmail(tx, email)
    if (!user) return []
    if (type === 'signup') {
      if (user.confirmed) return []
      const prepared = await prepareTokenMail(context, tx, {
        user,
        kind: 'signup',
        tokenType: 'confirmation_token',
        to: email,
        redirectTo,
        nowMs
      })
      return [prepared.mail]
    }
    if (!user.emailChange) return []
    const { current, next } = await startEmailChange(context, tx, {
      user,
      newEmail: user.emailChange,
      redirectTo,
      nowMs
    })
    return [current?.mail, next.mail].filter((m): m is MailRequest => !!m)
  })
  for (const mail of mails) await options.mailer.send(mail)
  return jsonResponse(200, {}, API_VERSION_HEADER)
}
