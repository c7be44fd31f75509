// The step every mailing route shares: lock the user, respect max_frequency for that kind of
// mail, issue the token, note when it was sent, and hand back the mail to send once the
// transaction has committed (a rolled-back request must not leave a live link in a mailbox).

import type { BackendContext } from '../context'
import type { Queryable } from '../db/database'
import type { MailRequest } from './mailer'
import type { MailKind } from './mail-templates'
import {
  checkSendInterval,
  issueToken,
  verifyLink,
  type IssuedToken,
  type TokenType,
  type VerifyType
} from './one-time-tokens'

export interface MailUser {
  id: string
  email: string | null
  confirmed: boolean
  isAnonymous: boolean
  encryptedPassword: string | null
  /** The pending new address of an email change ('' when none). */
  emailChange: string
  emailChangeConfirmStatus: number
  sentAtMs: Record<SentColumn, number | null>
}

export type SentColumn =
  'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at' | 'reauthentication_sent_at'

const SENT_COLUMNS: readonly SentColumn[] = [
  'confirmation_sent_at',
  'recovery_sent_at',
  'email_change_sent_at',
  'reauthentication_sent_at'
]

const epochMs = (column: string): string =>
  `(extract(epoch from ${column}) * 1000)::float8 as "${column}"`

async function lockUser(tx: Queryable, where: string, value: string): Promise<MailUser | null> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `select id, email, email_confirmed_at is not null as confirmed, is_anonymous, encrypted_password,
            coalesce(email_change, '') as email_change,
            coalesce(email_change_confirm_status, 0)::int as email_change_confirm_status,
            ${SENT_COLUMNS.map(epochMs).join(', ')}
       from auth.users where ${where} and deleted_at is null
       for update`,
    [value]
  )
  const row = rows[0]
  if (!row) return null
  const sentAtMs = Object.fromEntries(
    SENT_COLUMNS.map((c) => [c, row[c] === null ? null : Number(row[c])])
  ) as Record<SentColumn, number | null>
  return {
    id: row.id as string,
    email: (row.email as string | null) ?? null,
    confirmed: row.confirmed as boolean,
    isAnonymous: row.is_anonymous === true,
    encryptedPassword: (row.encrypted_password as string | null) ?? null,
    emailChange: row.email_change as string,
    emailChangeConfirmStatus: row.email_change_confirm_status as number,
    sentAtMs
  }
}

export const lockUserByEmail = (tx: Queryable, email: string): Promise<MailUser | null> =>
  lockUser(tx, 'lower(email) = $1', email.toLowerCase())

export const lockUserById = (tx: Queryable, id: string): Promise<MailUser | null> =>
  lockUser(tx, 'id = $1', id)

const SENT_COLUMN_OF: Record<MailKind, SentColumn> = {
  signup: 'confirmation_sent_at',
  invite: 'confirmation_sent_at',
  magiclink: 'recovery_sent_at',
  recovery: 'recovery_sent_at',
  email_change: 'email_change_sent_at',
  reauthentication: 'reauthentication_sent_at'
}

export interface TokenMailInput {
  user: MailUser
  kind: MailKind
  tokenType: TokenType
  /** The address the mail goes to (and the code is bound to). */
  to: string
  redirectTo: string
  nowMs: number
  /** For email change mails: the address being changed to. */
  newEmail?: string
  /** generate_link and a second email-change mail skip the send interval. */
  skipInterval?: boolean
}

export interface TokenMail {
  token: IssuedToken
  /** The verify link (empty for reauthentication, which mails a code only). */
  link: string
  verifyType: VerifyType
  mail: MailRequest
}

const VERIFY_TYPE_OF: Record<Exclude<MailKind, 'reauthentication'>, VerifyType> = {
  signup: 'signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change'
}

export async function prepareTokenMail(
  context: BackendContext,
  tx: Queryable,
  input: TokenMailInput
): Promise<TokenMail> {
  const settings = context.config.email
  const column = SENT_COLUMN_OF[input.kind]
  if (!input.skipInterval) {
    checkSendInterval(input.user.sentAtMs[column], settings.maxFrequencySeconds, input.nowMs)
  }
  const token = await issueToken(tx, {
    userId: input.user.id,
    type: input.tokenType,
    email: input.to,
    otpLength: settings.otpLength,
    nowMs: input.nowMs
  })
  await tx.query(
    `update auth.users set ${column} = to_timestamp($2::float8 / 1000) where id = $1`,
    [input.user.id, input.nowMs]
  )
  const verifyType: VerifyType =
    input.kind === 'reauthentication' ? 'email' : VERIFY_TYPE_OF[input.kind]
  const link =
    input.kind === 'reauthentication'
      ? ''
      : verifyLink(context.publicUrl(), token.tokenHash, verifyType, input.redirectTo)
  return {
    token,
    link,
    verifyType,
    mail: {
      kind: input.kind,
      to: input.to,
      now: new Date(input.nowMs),
      siteUrl: context.config.siteUrl,
      confirmationUrl: link || undefined,
      token: token.otp,
      email: input.user.email ?? input.to,
      newEmail: input.newEmail
    }
  }
}
