// signInAnonymously(): POST /signup with neither email nor phone, when [auth]
// enable_anonymous_sign_ins is on. The user has no identity and `is_anonymous`, its session
// `amr` says `anonymous`, and it can later take an email (PUT /user or the admin API).

import type { BackendContext } from '../context'
import { jsonResponse, type ApiResponse } from '../http/types'
import { asAuthAdmin } from './admin'
import { insertAccount } from './accounts'
import { API_VERSION_HEADER, AuthError } from './errors'
import type { ResolvedAuthOptions } from './options'
import { startSession } from './sessions'
import { userMetadata } from './validation'

export const anonymousDisabled = (): AuthError =>
  new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')

export async function signUpAnonymously(
  context: BackendContext,
  options: ResolvedAuthOptions,
  body: Record<string, unknown>
): Promise<ApiResponse> {
  const nowMs = options.now()
  const session = await asAuthAdmin(context.db, async (tx) => {
    let id: string
    try {
      id = await insertAccount(tx, {
        email: null,
        phone: null,
        passwordHash: null,
        userMetadata: userMetadata(body.data),
        appMetadata: { provider: 'anonymous', providers: ['anonymous'] },
        anonymous: true
      })
    } catch (error) {
      console.error('[auth] anonymous sign-up failed:', error)
      throw new AuthError(500, 'unexpected_failure', 'Database error creating anonymous user')
    }
    await tx.query(`update auth.users set last_sign_in_at = now() where id = $1`, [id])
    return startSession(context, tx, id, nowMs, 'anonymous')
  })
  return jsonResponse(200, session, API_VERSION_HEADER)
}
