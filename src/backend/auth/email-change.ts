// Starting an email change (updateUser({email}), resend({type: 'email_change'}), and the admin
// links): the new address is kept pending in auth.users.email_change, and a code goes to the
// new address; with secure email change on (double_confirm_changes) another goes to the current
// one, and both must be confirmed (redeem.ts).

import type { BackendContext } from '../context'
import type { Queryable } from '../db/database'
import { dropTokens } from './one-time-tokens'
import { emailTaken } from './redeem'
import { prepareTokenMail, type MailUser, type TokenMail } from './token-mail'

export interface EmailChangeMails {
  /** To the current address; null when it is not asked (no current address, or not secure). */
  current: TokenMail | null
  next: TokenMail
}

export async function startEmailChange(
  context: BackendContext,
  tx: Queryable,
  input: {
    user: MailUser
    newEmail: string
    redirectTo: string
    nowMs: number
    skipInterval?: boolean
  }
): Promise<EmailChangeMails> {
  const { user, newEmail } = input
  const taken = await tx.query(
    `select 1 from auth.users where lower(email) = $1 and id <> $2 and deleted_at is null`,
    [newEmail, user.id]
  )
  if (taken.rows.length > 0) throw emailTaken()
  await tx.query(
    `update auth.users set email_change = $2, email_change_confirm_status = 0, updated_at = now()
      where id = $1`,
    [user.id, newEmail]
  )
  await dropTokens(tx, user.id, ['email_change_token_current', 'email_change_token_new'])
  const secure = context.config.email.doubleConfirmChanges && !!user.email
  const base = {
    user,
    kind: 'email_change' as const,
    redirectTo: input.redirectTo,
    nowMs: input.nowMs,
    newEmail
  }
  const current = secure
    ? await prepareTokenMail(context, tx, {
        ...base,
        tokenType: 'email_change_token_current',
        to: user.email as string,
        skipInterval: input.skipInterval
      })
    : null
  const next = await prepareTokenMail(context, tx, {
    ...base,
    tokenType: 'email_change_token_new',
    to: newEmail,
    // One request, two mails: the interval applies to the request, not to its second mail.
    skipInterval: input.skipInterval || secure
  })
  return { current, next }
}
