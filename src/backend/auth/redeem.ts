// What a verified link or code proves, applied in one transaction: the address is the user's
// (sign-up, invite, magic link, recovery: the email is confirmed and a session starts), or an
// email change is confirmed (from one address of two when secure email change is on, else
// applied). The token is deleted as it is used, so a link works once.

import type { BackendContext } from '../context'
import { isPostgresError, type Queryable } from '../db/database'
import { confirmEmail } from './accounts'
import { asAuthAdmin } from './admin'
import { AuthError } from './errors'
import {
  dropTokens,
  invalidToken,
  redeemToken,
  TOKEN_TYPES_FOR,
  type VerifyType
} from './one-time-tokens'
import type { ResolvedAuthOptions } from './options'
import { startSession } from './sessions'
import { lockUserById } from './token-mail'
import type { SessionResponse } from './access-tokens'

export const SINGLE_CONFIRMATION =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email'

export type RedeemOutcome = { session: SessionResponse } | { message: string }

export const emailTaken = (): AuthError =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered')

const EMAIL_CHANGE_TOKENS = TOKEN_TYPES_FOR.email_change

/** Moves the user to the pending address, in the row, its metadata and its email identity. */
export async function applyEmailChange(
  tx: Queryable,
  userId: string,
  newEmail: string
): Promise<void> {
  try {
    await tx.query(
      `update auth.users
          set email = $2::text, email_change = '', email_change_confirm_status = 0,
              email_confirmed_at = coalesce(email_confirmed_at, now()),
              raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb)
                                   || jsonb_build_object('email', $2::text),
              updated_at = now()
        where id = $1`,
      [userId, newEmail]
    )
  } catch (error) {
    if (isPostgresError(error) && error.code === '23505') throw emailTaken()
    throw error
  }
  await tx.query(
    `update auth.identities
        set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId, newEmail]
  )
  // A user who had no address (an anonymous one) gains the email identity and stops being
  // anonymous, as on GoTrue.
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
     select $1::text, $1::uuid,
            jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', true,
                               'phone_verified', false),
            'email', now()
      where not exists (select 1 from auth.identities where user_id = $1::uuid and provider = 'email')`,
    [userId, newEmail]
  )
  await tx.query(`update auth.users set is_anonymous = false where id = $1 and is_anonymous`, [
    userId
  ])
  await dropTokens(tx, userId, EMAIL_CHANGE_TOKENS)
}

/** The email change step; null when the change is complete and the user may sign in. */
async function confirmEmailChange(
  context: BackendContext,
  tx: Queryable,
  userId: string
): Promise<{ message: string } | null> {
  const user = await lockUserById(tx, userId)
  if (!user || !user.emailChange) throw invalidToken()
  const { rows } = await tx.query(
    `select 1 from auth.one_time_tokens
      where user_id = $1 and token_type::text = any($2::text[])`,
    [userId, [...EMAIL_CHANGE_TOKENS]]
  )
  // Secure email change: the first of the two links only records its half.
  if (context.config.email.doubleConfirmChanges && rows.length > 0) {
    await tx.query(`update auth.users set email_change_confirm_status = 1 where id = $1`, [userId])
    return { message: SINGLE_CONFIRMATION }
  }
  await applyEmailChange(tx, userId, user.emailChange)
  return null
}

/** The `amr` method GoTrue records for a session a verified token starts. */
const SIGN_IN_METHOD_OF: Record<VerifyType, string> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
  email: 'otp'
}

export async function redeem(
  context: BackendContext,
  options: ResolvedAuthOptions,
  type: VerifyType,
  tokenHash: string
): Promise<RedeemOutcome> {
  const nowMs = options.now()
  const expiry = context.config.email.otpExpirySeconds
  return asAuthAdmin(context.db, async (tx) => {
    const token = await redeemToken(tx, tokenHash, TOKEN_TYPES_FOR[type], expiry, nowMs)
    if (!token) throw invalidToken()
    if (EMAIL_CHANGE_TOKENS.includes(token.type)) {
      const step = await confirmEmailChange(context, tx, token.userId)
      if (step) return step
    } else {
      await confirmEmail(tx, token.userId)
    }
    await tx.query(`update auth.users set last_sign_in_at = now() where id = $1`, [token.userId])
    return {
      session: await startSession(context, tx, token.userId, nowMs, SIGN_IN_METHOD_OF[type])
    }
  })
}
