// GET /reauthenticate: mails a nonce (a code only) that updateUser({password, nonce}) takes when
// secure password change asks for a recent sign-in (update-user.ts).

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { asAuthAdmin } from './admin'
import { API_VERSION_HEADER, AuthError, badRequest } from './errors'
import type { ResolvedAuthOptions } from './options'
import { lockUserById, prepareTokenMail, type MailUser } from './token-mail'
import { requireClaims } from './guards'
import type { Queryable } from '../db/database'
import { sessionExists } from './sessions'

/** The signed-in user of the request, locked, with GoTrue's refusals for a stale token. */
export async function lockSignedInUser(
  tx: Queryable,
  claims: Record<string, unknown>
): Promise<MailUser> {
  const user = await lockUserById(tx, claims.sub as string)
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  if (typeof claims.session_id === 'string' && !(await sessionExists(tx, claims.session_id))) {
    throw new AuthError(
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist'
    )
  }
  return user
}

export async function handleReauthenticate(
  context: BackendContext,
  options: ResolvedAuthOptions,
  request: ApiRequest
): Promise<ApiResponse> {
  const claims = await requireClaims(context, request)
  const nowMs = options.now()
  const mail = await asAuthAdmin(context.db, async (tx) => {
    const user = await lockSignedInUser(tx, claims)
    // GoTrue's refusals: 400 for an account with neither (an anonymous one), 422 unconfirmed.
    if (!user.email) {
      throw badRequest(
        'validation_failed',
        'Reauthentication requires the user to have an email or a phone number'
      )
    }
    if (!user.confirmed) {
      throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.')
    }
    const prepared = await prepareTokenMail(context, tx, {
      user,
      kind: 'reauthentication',
      tokenType: 'reauthentication_token',
      to: user.email,
      redirectTo: context.config.siteUrl,
      nowMs
    })
    return prepared.mail
  })
  await options.mailer.send(mail)
  return jsonResponse(200, {}, API_VERSION_HEADER)
}
