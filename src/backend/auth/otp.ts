// POST /otp (signInWithOtp with an email) and POST /magiclink: one mail with a link and a code.
// A registered, confirmed address gets a magic link; a new one (when create_user allows it) is
// signed up without a password and gets the confirmation mail, or a magic link when sign-ups
// are auto-confirmed, as GoTrue does. Either code signs in through verifyOtp({type: 'email'}).

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { asAuthAdmin } from './admin'
import { createEmailUser, DuplicateEmail } from './create-user'
import { API_VERSION_HEADER, AuthError, badRequest, validationFailed } from './errors'
import type { MailRequest } from './mailer'
import type { ResolvedAuthOptions } from './options'
import { redirectOf, requiredEmail } from './recover'
import { jsonObject } from './request'
import { lockUserByEmail, lockUserById, prepareTokenMail } from './token-mail'
import { userMetadata } from './validation'

interface OtpRequest {
  email: string
  data: Record<string, unknown>
  createUser: boolean
}

async function mailOtp(
  context: BackendContext,
  options: ResolvedAuthOptions,
  request: ApiRequest,
  otp: OtpRequest
): Promise<ApiResponse> {
  const nowMs = options.now()
  const autoconfirm = !context.config.enableConfirmations
  let mail: MailRequest
  try {
    mail = await asAuthAdmin(context.db, async (tx) => {
      let user = await lockUserByEmail(tx, otp.email)
      if (!user) {
        if (!otp.createUser) {
          throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp')
        }
        const id = await createEmailUser(tx, {
          email: otp.email,
          passwordHash: null,
          data: otp.data,
          confirmed: autoconfirm
        })
        user = (await lockUserById(tx, id))!
      }
      const magic = user.confirmed
      const prepared = await prepareTokenMail(context, tx, {
        user,
        kind: magic ? 'magiclink' : 'signup',
        tokenType: magic ? 'recovery_token' : 'confirmation_token',
        to: otp.email,
        redirectTo: redirectOf(context, request),
        nowMs
      })
      return prepared.mail
    })
  } catch (error) {
    // Another request signed this address up a moment ago: its mail is on the way.
    if (error instanceof DuplicateEmail) return jsonResponse(200, {}, API_VERSION_HEADER)
    throw error
  }
  await options.mailer.send(mail)
  return jsonResponse(200, {}, API_VERSION_HEADER)
}

export async function handleOtp(
  context: BackendContext,
  options: ResolvedAuthOptions,
  request: ApiRequest
): Promise<ApiResponse> {
  const body = jsonObject(request)
  const hasEmail = typeof body.email === 'string' && body.email !== ''
  const hasPhone = typeof body.phone === 'string' && body.phone !== ''
  if (hasEmail && hasPhone) {
    throw validationFailed('Only an email address or phone number should be provided')
  }
  // Phone sign-in is switched off here, as on a hosted project without an SMS provider.
  if (hasPhone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider')
  if (!hasEmail) throw validationFailed('One of email or phone must be set')
  return mailOtp(context, options, request, {
    email: requiredEmail(body.email),
    data: userMetadata(body.data),
    createUser: body.create_user !== false
  })
}

export async function handleMagicLink(
  context: BackendContext,
  options: ResolvedAuthOptions,
  request: ApiRequest
): Promise<ApiResponse> {
  const body = jsonObject(request)
  return mailOtp(context, options, request, {
    email: requiredEmail(body.email),
    data: userMetadata(body.data),
    createUser: true
  })
}
