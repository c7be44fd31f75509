// Two-factor TOTP with GoTrue's endpoints and answers, so `supabase.auth.mfa.*` works unchanged:
// POST /factors (enroll: secret, otpauth URI and QR code), POST /factors/{id}/challenge,
// POST /factors/{id}/verify (which raises the session to aal2 and returns it) and
// DELETE /factors/{id}. Phone and WebAuthn factors answer as on a project with them off.

import { randomUUID } from 'node:crypto'
import QRCode from 'qrcode'
import type { BackendContext } from '../context'
import type { Queryable } from '../db/database'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { asAuthAdmin } from './admin'
import { API_VERSION_HEADER, AuthError, validationFailed } from './errors'
import { requireUser, UUID, type SignedInCaller } from './guards'
import type { ResolvedAuthOptions } from './options'
import { jsonObject } from './request'
import { addAmrClaim, reissueSession, SECOND_FACTOR_METHODS } from './sessions'
import { dropOrphanRecoveryCodes } from './recovery-code-store'
import { newTotpSecret, totpUri, verifyTotp } from './totp'

/** GoTrue's defaults: MFA_CHALLENGE_EXPIRY_DURATION, MFA_FACTOR_EXPIRY_DURATION, MFA_MAX_ENROLLED_FACTORS. */
const CHALLENGE_LIFETIME_SECONDS = 300
const UNVERIFIED_FACTOR_LIFETIME_SECONDS = 300
const MAX_ENROLLED_FACTORS = 10

interface FactorRow {
  id: string
  factor_type: string
  status: string
  secret: string | null
}

const disabledFactor = (type: 'Phone' | 'WebAuthn', action: 'enroll' | 'verification') =>
  new AuthError(
    422,
    `mfa_${type.toLowerCase()}_${action === 'enroll' ? 'enroll' : 'verify'}_not_enabled`,
    `MFA ${action} is disabled for ${type}`
  )

/** A signed-in, non-anonymous user: who may manage factors (and recovery codes). */
export async function caller(
  context: BackendContext,
  request: ApiRequest
): Promise<SignedInCaller> {
  const signedIn = await requireUser(context, request)
  if (signedIn.claims.is_anonymous === true) {
    throw new AuthError(
      403,
      'no_authorization',
      'Anonymous user not allowed to perform these actions'
    )
  }
  return signedIn
}

export async function sessionAal(tx: Queryable, sessionId: string | null): Promise<string> {
  if (!sessionId) return 'aal1'
  const { rows } = await tx.query<{ aal: string | null }>(
    `select aal::text as aal from auth.sessions where id = $1`,
    [sessionId]
  )
  return rows[0]?.aal ?? 'aal1'
}

async function ownedFactor(tx: Queryable, userId: string, factorId: string): Promise<FactorRow> {
  if (!UUID.test(factorId)) {
    throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID')
  }
  const { rows } = await tx.query<FactorRow>(
    `select id, factor_type::text, status::text, secret
       from auth.mfa_factors where id = $1 and user_id = $2`,
    [factorId, userId]
  )
  if (!rows[0]) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found')
  return rows[0]
}

export async function enrollFactor(
  context: BackendContext,
  request: ApiRequest
): Promise<ApiResponse> {
  const { user, sessionId } = await caller(context, request)
  const body = jsonObject(request)
  const type = body.factor_type
  if (type === 'phone') throw disabledFactor('Phone', 'enroll')
  if (type === 'webauthn') throw disabledFactor('WebAuthn', 'enroll')
  if (type !== 'totp') {
    throw validationFailed('factor_type needs to be totp, phone, or webauthn')
  }
  const friendlyName = typeof body.friendly_name === 'string' ? body.friendly_name : ''
  const issuer =
    typeof body.issuer === 'string' && body.issuer
      ? body.issuer
      : new URL(context.config.siteUrl).host
  const secret = newTotpSecret()
  const uri = totpUri(issuer, user.email, secret)
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H' })
  const id = randomUUID()
  await asAuthAdmin(context.db, async (tx) => {
    await tx.query(
      `delete from auth.mfa_factors
        where user_id = $1 and status = 'unverified'
          and created_at < now() - make_interval(secs => $2)`,
      [user.id, UNVERIFIED_FACTOR_LIFETIME_SECONDS]
    )
    const { rows } = await tx.query<{ friendly_name: string | null; status: string }>(
      `select friendly_name, status::text from auth.mfa_factors where user_id = $1 for update`,
      [user.id]
    )
    if (rows.some((factor) => (factor.friendly_name ?? '') === friendlyName)) {
      throw new AuthError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`
      )
    }
    if (rows.length >= MAX_ENROLLED_FACTORS) {
      throw new AuthError(
        422,
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue'
      )
    }
    const verified = rows.some((factor) => factor.status === 'verified')
    if (verified && (await sessionAal(tx, sessionId)) !== 'aal2') {
      throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor')
    }
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret,
                                     created_at, updated_at)
       values ($1, $2, $3, 'totp', 'unverified', $4, now(), now())`,
      [id, user.id, friendlyName, secret]
    )
  })
  return jsonResponse(
    200,
    { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: svg, secret, uri } },
    API_VERSION_HEADER
  )
}

export async function challengeFactor(
  context: BackendContext,
  options: ResolvedAuthOptions,
  request: ApiRequest,
  factorId: string
): Promise<ApiResponse> {
  const { user } = await caller(context, request)
  const nowMs = options.now()
  const challenge = await asAuthAdmin(context.db, async (tx) => {
    const factor = await ownedFactor(tx, user.id, factorId)
    if (factor.factor_type === 'phone') throw disabledFactor('Phone', 'verification')
    if (factor.factor_type === 'webauthn') throw disabledFactor('WebAuthn', 'verification')
    const id = randomUUID()
    await tx.query(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
       values ($1, $2, to_timestamp($3::float8 / 1000), $4::inet)`,
      [id, factor.id, nowMs, request.remoteAddress || '127.0.0.1']
    )
    await tx.query(
      `update auth.mfa_factors set last_challenged_at = to_timestamp($2::float8 / 1000)
        where id = $1`,
      [factor.id, nowMs]
    )
    return { id, type: factor.factor_type }
  })
  const expiresAt = Math.floor(nowMs / 1000) + CHALLENGE_LIFETIME_SECONDS
  return jsonResponse(200, { ...challenge, expires_at: expiresAt }, API_VERSION_HEADER)
}

interface ChallengeRow {
  id: string
  verified: boolean
  same_ip: boolean
  created_ms: number
}

export async function verifyFactor(
  context: BackendContext,
  options: ResolvedAuthOptions,
  request: ApiRequest,
  factorId: string
): Promise<ApiResponse> {
  const { user, sessionId } = await caller(context, request)
  const body = jsonObject(request)
  const code = typeof body.code === 'string' ? body.code : ''
  if (code === '') throw validationFailed('Code needs to be non-empty')
  const challengeId = typeof body.challenge_id === 'string' ? body.challenge_id : ''
  const nowMs = options.now()
  // A rejection is answered after the transaction, so deleting an expired challenge commits.
  const outcome = await asAuthAdmin(context.db, async (tx) => {
    const factor = await ownedFactor(tx, user.id, factorId)
    if (factor.factor_type === 'phone') throw disabledFactor('Phone', 'verification')
    if (factor.factor_type === 'webauthn') throw disabledFactor('WebAuthn', 'verification')
    const { rows } = await tx.query<ChallengeRow>(
      `select id, verified_at is not null as verified, ip_address = $3::inet as same_ip,
              extract(epoch from created_at)::float8 * 1000 as created_ms
         from auth.mfa_challenges where id::text = $1 and factor_id = $2 for update`,
      [challengeId, factor.id, request.remoteAddress || '127.0.0.1']
    )
    const challenge = rows[0]
    if (!challenge) {
      return new AuthError(
        422,
        'mfa_factor_not_found',
        'MFA factor with the provided challenge ID not found'
      )
    }
    if (challenge.verified || !challenge.same_ip) {
      return new AuthError(
        422,
        'mfa_ip_address_mismatch',
        'Challenge and verify IP addresses mismatch.'
      )
    }
    if (nowMs - challenge.created_ms > CHALLENGE_LIFETIME_SECONDS * 1000) {
      await tx.query(`delete from auth.mfa_challenges where id = $1`, [challenge.id])
      return new AuthError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`
      )
    }
    if (!factor.secret || !verifyTotp(factor.secret, code, nowMs)) {
      return new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')
    }
    if (!sessionId) {
      throw new AuthError(
        403,
        'session_not_found',
        'Session from session_id claim in JWT does not exist'
      )
    }
    await tx.query(`update auth.mfa_challenges set verified_at = now() where id = $1`, [
      challenge.id
    ])
    await tx.query(
      `update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`,
      [factor.id]
    )
    await addAmrClaim(tx, sessionId, 'totp', nowMs)
    await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2 where id = $1`, [
      sessionId,
      factor.id
    ])
    // As GoTrue: the user's other sessions below aal2 end, and abandoned enrolments go.
    await tx.query(
      `delete from auth.sessions
        where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') < 'aal2'`,
      [user.id, sessionId]
    )
    await tx.query(
      `delete from auth.mfa_factors
        where user_id = $1 and id <> $2 and factor_type = 'totp' and status = 'unverified'`,
      [user.id, factor.id]
    )
    return reissueSession(context, tx, sessionId, nowMs)
  })
  if (outcome instanceof AuthError) throw outcome
  return jsonResponse(200, outcome, API_VERSION_HEADER)
}

export async function unenrollFactor(
  context: BackendContext,
  request: ApiRequest,
  factorId: string
): Promise<ApiResponse> {
  const { user, sessionId } = await caller(context, request)
  await asAuthAdmin(context.db, async (tx) => {
    const factor = await ownedFactor(tx, user.id, factorId)
    if (factor.status === 'verified' && (await sessionAal(tx, sessionId)) !== 'aal2') {
      throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor')
    }
    // Sessions raised by this factor fall back to aal1 (GoTrue's DowngradeSessionsToAAL1).
    await tx.query(
      `delete from auth.mfa_amr_claims c using auth.sessions s
        where c.session_id = s.id and s.factor_id = $1
          and c.authentication_method = any($2::text[])`,
      [factor.id, SECOND_FACTOR_METHODS]
    )
    await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [
      factor.id
    ])
    await tx.query(`delete from auth.mfa_factors where id = $1`, [factor.id])
    await dropOrphanRecoveryCodes(tx, user.id)
  })
  return jsonResponse(200, { id: factorId }, API_VERSION_HEADER)
}
