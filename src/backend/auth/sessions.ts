// Sessions and opaque refresh tokens with GoTrue's rotation rules:
// a refresh revokes the used token and issues a child; reusing a revoked token within the
// reuse interval returns the active child (two tabs refreshing at once both keep working);
// reuse after it means the token leaked, so the whole family of the session is revoked.

import { randomBytes } from 'node:crypto'
import type { Queryable } from '../db/database'
import type { BackendContext } from '../context'
import { AuthError, badRequest } from './errors'
import {
  signAccessToken,
  type AmrEntry,
  type AssuranceLevel,
  type SessionResponse
} from './access-tokens'
import { loadUser } from './users'

const toTimestamp = (ms: number): string => new Date(ms).toISOString()

function newRefreshToken(): string {
  return randomBytes(24).toString('base64url')
}

async function insertRefreshToken(
  tx: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
  nowMs: number
): Promise<string> {
  const token = newRefreshToken()
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, parent, session_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $5)`,
    [token, userId, parent, sessionId, toTimestamp(nowMs)]
  )
  return token
}

/**
 * Methods that prove a second factor, so a session holding one of them is aal2: GoTrue's, plus
 * the local backend's recovery codes (recovery-codes.ts). GoTrue's `recovery` is not one: it is
 * a session a password-recovery mail started.
 */
export const SECOND_FACTOR_METHODS = ['totp', 'mfa/phone', 'mfa/webauthn', 'mfa/recovery-code']

/**
 * The session's `amr` (newest first) and `aal`, from auth.mfa_amr_claims as GoTrue keeps them.
 * A session from before the claims were recorded counts as a password sign-in at its start.
 */
async function assurance(
  tx: Queryable,
  session: { id: string; createdAtSeconds: number }
): Promise<{ aal: AssuranceLevel; amr: AmrEntry[] }> {
  const { rows } = await tx.query<{ method: string; ts: number }>(
    `select authentication_method as method, extract(epoch from updated_at)::float8 as ts
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [session.id]
  )
  const amr = rows.map((row) => ({ method: row.method, timestamp: Math.floor(row.ts) }))
  if (amr.length === 0) {
    amr.push({ method: 'password', timestamp: Math.floor(session.createdAtSeconds) })
  }
  const aal = amr.some((entry) => SECOND_FACTOR_METHODS.includes(entry.method)) ? 'aal2' : 'aal1'
  return { aal, amr }
}

/** Records that the session proved itself with `method` now (GoTrue's AddClaimToSession). */
export async function addAmrClaim(
  tx: Queryable,
  sessionId: string,
  method: string,
  nowMs: number
): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, $2, $2, $3)
     on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at`,
    [sessionId, toTimestamp(nowMs), method]
  )
}

/** Loads the user and signs an access token for an existing session and refresh token. */
export async function buildSession(
  context: BackendContext,
  tx: Queryable,
  session: { id: string; userId: string; createdAtSeconds: number },
  refreshToken: string,
  nowMs: number
): Promise<SessionResponse> {
  const user = await loadUser(tx, session.userId)
  if (!user)
    throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
  const { aal, amr } = await assurance(tx, session)
  const { token, expiresAt } = await signAccessToken({
    keys: context.keys,
    issuer: `${context.publicUrl()}/auth/v1`,
    user,
    sessionId: session.id,
    aal,
    amr,
    nowMs
  })
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: Math.max(1, expiresAt - Math.floor(nowMs / 1000)),
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user
  }
}

/**
 * A new session with its first refresh token (sign-in, auto-confirmed sign-up, verify), its
 * `amr` saying how the user signed in (`password`, `anonymous`, `otp`, …).
 */
export async function startSession(
  context: BackendContext,
  tx: Queryable,
  userId: string,
  nowMs: number,
  method = 'password'
): Promise<SessionResponse> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.sessions (user_id, created_at, updated_at, aal)
     values ($1, $2, $2, 'aal1') returning id`,
    [userId, toTimestamp(nowMs)]
  )
  const sessionId = rows[0].id
  await addAmrClaim(tx, sessionId, method, nowMs)
  const refreshToken = await insertRefreshToken(tx, userId, sessionId, null, nowMs)
  return buildSession(
    context,
    tx,
    { id: sessionId, userId, createdAtSeconds: nowMs / 1000 },
    refreshToken,
    nowMs
  )
}

/**
 * The session again after its assurance changed (a verified second factor): its live refresh
 * token is swapped for a child and a new access token carries the new `aal` and `amr`.
 */
export async function reissueSession(
  context: BackendContext,
  tx: Queryable,
  sessionId: string,
  nowMs: number
): Promise<SessionResponse> {
  const { rows } = await tx.query<{ token: string; user_id: string; created_s: number }>(
    `select rt.token, s.user_id, extract(epoch from s.created_at)::float8 as created_s
       from auth.sessions s
       join auth.refresh_tokens rt on rt.session_id = s.id and not rt.revoked
      where s.id = $1 order by rt.id desc limit 1`,
    [sessionId]
  )
  const row = rows[0]
  if (!row) {
    throw new AuthError(
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist'
    )
  }
  await tx.query(
    `update auth.refresh_tokens set revoked = true, updated_at = $2 where token = $1`,
    [row.token, toTimestamp(nowMs)]
  )
  const child = await insertRefreshToken(tx, row.user_id, sessionId, row.token, nowMs)
  const session = { id: sessionId, userId: row.user_id, createdAtSeconds: row.created_s }
  return buildSession(context, tx, session, child, nowMs)
}

interface TokenRow {
  id: number
  token: string
  user_id: string
  revoked: boolean
  session_id: string | null
  revoked_at_ms: number
  session_created_s: number | null
  banned: boolean
}

const notFound = (): Error =>
  badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
const alreadyUsed = (): Error =>
  badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used')

export interface RotationSettings {
  nowMs: number
  reuseIntervalSeconds: number
}

export async function refreshSession(
  context: BackendContext,
  tx: Queryable,
  refreshToken: string,
  settings: RotationSettings
): Promise<SessionResponse> {
  const { nowMs } = settings
  // FOR UPDATE serialises two concurrent refreshes of one token on PostgreSQL, so only one
  // of them rotates and the other sees it revoked (and gets the child within the interval).
  const { rows } = await tx.query<TokenRow>(
    `select rt.id, rt.token, rt.user_id, rt.revoked, rt.session_id,
            (extract(epoch from rt.updated_at) * 1000)::float8 as revoked_at_ms,
            extract(epoch from s.created_at)::float8 as session_created_s,
            coalesce(u.banned_until > now(), false) as banned
       from auth.refresh_tokens rt
       left join auth.sessions s on s.id = rt.session_id
       left join auth.users u on u.id = rt.user_id
      where rt.token = $1
      for update of rt`,
    [refreshToken]
  )
  const row = rows[0]
  if (!row || !row.session_id || row.session_created_s === null) throw notFound()
  // A ban ends the user's sessions at their next refresh (the admin API's ban_duration).
  if (row.banned) throw badRequest('user_banned', 'User is banned')
  const session = {
    id: row.session_id,
    userId: row.user_id,
    createdAtSeconds: row.session_created_s
  }

  if (row.revoked) {
    const withinInterval = nowMs - row.revoked_at_ms < settings.reuseIntervalSeconds * 1000
    if (!withinInterval) {
      await tx.query(
        `update auth.refresh_tokens set revoked = true, updated_at = $2
          where session_id = $1 and not revoked`,
        [session.id, toTimestamp(nowMs)]
      )
      throw alreadyUsed()
    }
    const child = await tx.query<{ token: string }>(
      `select token from auth.refresh_tokens
        where parent = $1 and session_id = $2 and not revoked order by id desc limit 1`,
      [row.token, session.id]
    )
    if (child.rows[0]) return buildSession(context, tx, session, child.rows[0].token, nowMs)
    // The chain moved on further within the interval: hand out a fresh child, but only while
    // the session still has a live token (a revoked family or a logout stays revoked).
    const live = await tx.query(
      `select 1 from auth.refresh_tokens where session_id = $1 and not revoked limit 1`,
      [session.id]
    )
    if (live.rows.length === 0) throw alreadyUsed()
  } else {
    await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = $2 where id = $1`, [
      row.id,
      toTimestamp(nowMs)
    ])
  }
  const child = await insertRefreshToken(tx, session.userId, session.id, row.token, nowMs)
  await tx.query(`update auth.sessions set updated_at = $2 where id = $1`, [
    session.id,
    toTimestamp(nowMs)
  ])
  return buildSession(context, tx, session, child, nowMs)
}

export type LogoutScope = 'global' | 'local' | 'others'

/**
 * Ends sessions as GoTrue does: deleting them, which also deletes their refresh tokens (FK
 * cascade), so access tokens carrying those session ids stop working at /user.
 */
export async function endSessions(
  tx: Queryable,
  userId: string,
  sessionId: string | null,
  scope: LogoutScope
): Promise<void> {
  if (scope === 'global' || !sessionId) {
    await tx.query(`delete from auth.sessions where user_id = $1`, [userId])
  } else if (scope === 'local') {
    await tx.query(`delete from auth.sessions where id = $1 and user_id = $2`, [sessionId, userId])
  } else {
    await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId])
  }
}

export async function sessionExists(tx: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await tx.query(`select 1 from auth.sessions where id = $1`, [sessionId])
  return rows.length > 0
}
