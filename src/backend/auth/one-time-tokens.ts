// The links and codes the auth server mails, as GoTrue makes them: a random numeric code (the
// OTP), and a token hash sha224(email + code) that the link carries, so a link and a typed code
// prove the same thing. One live token per user and kind (auth.one_time_tokens), valid for
// otp_expiry seconds, stored as sha256 of the token hash.

import { createHash, randomInt } from 'node:crypto'
import type { Queryable } from '../db/database'
import { AuthError } from './errors'
import { hashToken } from './request'

export type TokenType =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_current'
  | 'email_change_token_new'
  | 'reauthentication_token'

/** The `type` of a verify link or verifyOtp call. */
export type VerifyType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'email'

/** Which stored tokens each verify type may redeem, as GoTrue looks them up. */
export const TOKEN_TYPES_FOR: Record<VerifyType, TokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token'],
  recovery: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_current', 'email_change_token_new']
}

export const invalidToken = (): AuthError =>
  new AuthError(403, 'otp_expired', 'Token has expired or is invalid')

export function newOtp(length: number): string {
  let code = ''
  for (let i = 0; i < length; i += 1) code += String(randomInt(10))
  return code
}

/** GoTrue's crypto.GenerateTokenHash: what a link carries for `email` and its code. */
export function emailTokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email.toLowerCase() + otp)
    .digest('hex')
}

export interface IssuedToken {
  otp: string
  /** The token hash of the link (`token=` / `token_hash`). */
  tokenHash: string
}

const msTimestamp = `(to_timestamp($5::float8 / 1000) at time zone 'UTC')`

/** A new code for `email`, replacing the user's live token of this kind. */
export async function issueToken(
  tx: Queryable,
  input: { userId: string; type: TokenType; email: string; otpLength: number; nowMs: number }
): Promise<IssuedToken> {
  const otp = newOtp(input.otpLength)
  const tokenHash = emailTokenHash(input.email, otp)
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2::auth.one_time_token_type, $3, $4, ${msTimestamp}, ${msTimestamp})
     on conflict (user_id, token_type)
       do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
                     created_at = excluded.created_at, updated_at = excluded.updated_at`,
    [input.userId, input.type, hashToken(tokenHash), input.email.toLowerCase(), input.nowMs]
  )
  return { otp, tokenHash }
}

export interface RedeemedToken {
  userId: string
  type: TokenType
  relatesTo: string
}

/**
 * Takes (deletes) a live token of one of `types` by the hash a link or code gives, locking the
 * user row; null when none matches or it is older than `expirySeconds`.
 */
export async function redeemToken(
  tx: Queryable,
  tokenHash: string,
  types: readonly TokenType[],
  expirySeconds: number,
  nowMs: number
): Promise<RedeemedToken | null> {
  const { rows } = await tx.query<{ user_id: string; token_type: TokenType; relates_to: string }>(
    `delete from auth.one_time_tokens
      where token_hash = $1 and token_type::text = any($2::text[])
        and extract(epoch from created_at) * 1000 > $3::float8 - $4::float8 * 1000
      returning user_id, token_type::text as token_type, relates_to`,
    [hashToken(tokenHash), [...types], nowMs, expirySeconds]
  )
  const row = rows[0]
  if (!row) return null
  await tx.query(`select 1 from auth.users where id = $1 for update`, [row.user_id])
  return { userId: row.user_id, type: row.token_type, relatesTo: row.relates_to }
}

export async function dropTokens(
  tx: Queryable,
  userId: string,
  types: readonly TokenType[]
): Promise<void> {
  await tx.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type::text = any($2::text[])`,
    [userId, [...types]]
  )
}

/**
 * GoTrue's max_frequency: one mail of a kind per user per interval. `sentAtMs` is when the last
 * one went out (null: never).
 */
export function checkSendInterval(
  sentAtMs: number | null,
  maxFrequencySeconds: number,
  nowMs: number
): void {
  if (sentAtMs === null) return
  const waitMs = sentAtMs + maxFrequencySeconds * 1000 - nowMs
  if (waitMs <= 0) return
  throw new AuthError(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`
  )
}

/**
 * The link in the mail: `<api>/auth/v1/verify?token=…&type=…&redirect_to=…`. As GoTrue's
 * encodeRedirectURL, the redirect is escaped only when it holds `&`, `=` or `#` (which would
 * end it early); otherwise it is given as is.
 */
export function verifyLink(
  publicUrl: string,
  tokenHash: string,
  type: VerifyType,
  redirectTo: string
): string {
  const redirect = /[&=#]/.test(redirectTo) ? encodeURIComponent(redirectTo) : redirectTo
  return `${publicUrl}/auth/v1/verify?token=${tokenHash}&type=${type}&redirect_to=${redirect}`
}
