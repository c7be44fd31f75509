// Recovery codes, which GoTrue has not got (so hosted projects answer these paths 404/405 and the
// app hides them): ten single-use codes that stand in for the authenticator app at sign-in.
//   GET  /factors/recovery-codes         how many of the current set are left
//   POST /factors/recovery-codes         a new set (at aal2), shown once; the old set stops working
//   POST /factors/recovery-codes/redeem  {code}: spends one and raises the session to aal2, with
//                                        the amr method "mfa/recovery-code", answering as factor
//                                        verify does
// The paths sit under /factors but cannot be factor ids, which GoTrue requires to be UUIDs.

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { asAuthAdmin } from './admin'
import { API_VERSION_HEADER, AuthError, validationFailed } from './errors'
import { caller, sessionAal } from './mfa'
import type { ResolvedAuthOptions } from './options'
import { normaliseRecoveryCode } from './recovery-code-hash'
import { recoveryCodeStatus, replaceRecoveryCodes, spendRecoveryCode } from './recovery-code-store'
import { jsonObject } from './request'
import { addAmrClaim, reissueSession } from './sessions'

/**
 * The `amr` method a recovery code adds to the session. Not GoTrue's `recovery`, which marks a
 * session a password-recovery mail started: that one proves the mailbox, not a second factor.
 */
export const RECOVERY_AMR_METHOD = 'mfa/recovery-code'

const invalidCode = (): AuthError =>
  new AuthError(422, 'mfa_verification_failed', 'Invalid or already used recovery code')

export async function recoveryCodesStatus(
  context: BackendContext,
  request: ApiRequest
): Promise<ApiResponse> {
  const { user } = await caller(context, request)
  const status = await asAuthAdmin(context.db, (tx) => recoveryCodeStatus(tx, user.id))
  return jsonResponse(
    200,
    { total: status.total, remaining: status.remaining, created_at: status.createdAt },
    API_VERSION_HEADER
  )
}

export async function generateRecoveryCodes(
  context: BackendContext,
  request: ApiRequest
): Promise<ApiResponse> {
  const { user, sessionId } = await caller(context, request)
  const generated = await asAuthAdmin(context.db, async (tx) => {
    // Serialises two generations for one user, so exactly one set survives.
    const { rows } = await tx.query<{ verified: boolean }>(
      `select status = 'verified' as verified from auth.mfa_factors where user_id = $1 for update`,
      [user.id]
    )
    if (!rows.some((factor) => factor.verified)) {
      throw new AuthError(
        422,
        'mfa_verified_factor_not_found',
        'Recovery codes need a verified factor: enroll and verify one first'
      )
    }
    if ((await sessionAal(tx, sessionId)) !== 'aal2') {
      throw new AuthError(403, 'insufficient_aal', 'AAL2 required to generate recovery codes')
    }
    return replaceRecoveryCodes(tx, user.id)
  })
  return jsonResponse(
    200,
    { codes: generated.codes, created_at: generated.createdAt },
    API_VERSION_HEADER
  )
}

export async function redeemRecoveryCode(
  context: BackendContext,
  options: ResolvedAuthOptions,
  request: ApiRequest
): Promise<ApiResponse> {
  const { user, sessionId } = await caller(context, request)
  const body = jsonObject(request)
  if (typeof body.code !== 'string' || body.code.trim() === '') {
    throw validationFailed('Code needs to be non-empty')
  }
  if (!sessionId) {
    throw new AuthError(
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist'
    )
  }
  const normalised = normaliseRecoveryCode(body.code)
  if (!normalised) throw invalidCode()
  const nowMs = options.now()
  const session = await asAuthAdmin(context.db, async (tx) => {
    if (!(await spendRecoveryCode(tx, user.id, normalised))) throw invalidCode()
    await addAmrClaim(tx, sessionId, RECOVERY_AMR_METHOD, nowMs)
    // Tied to the factor the code stands in for, so unenrolling it lowers this session too.
    await tx.query(
      `update auth.sessions
          set aal = 'aal2',
              factor_id = (select id from auth.mfa_factors
                            where user_id = $2 and status = 'verified'
                            order by created_at limit 1)
        where id = $1`,
      [sessionId, user.id]
    )
    return reissueSession(context, tx, sessionId, nowMs)
  })
  return jsonResponse(200, session, API_VERSION_HEADER)
}
