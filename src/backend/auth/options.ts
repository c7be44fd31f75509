// Knobs the tests turn: a clock, so refresh-token reuse and rate-limit windows can be tested
// without real sleeps; and the mailbox the server's mails go to.

import { Mailbox } from '../mail/mailbox'
import type { SmtpSettings } from './email-config'
import { Mailer } from './mailer'

export interface AuthOptions {
  /** Milliseconds since the epoch; defaults to Date.now. */
  now?: () => number
  /** GoTrue's refresh_token_reuse_interval (Supabase CLI default: 10 s). */
  refreshTokenReuseIntervalSeconds?: number
  /** Where mails are caught; defaults to a fresh in-memory mailbox. */
  mailbox?: Mailbox
}

export interface ResolvedAuthOptions {
  now: () => number
  refreshTokenReuseIntervalSeconds: number
  mailer: Mailer
}

export function resolveAuthOptions(
  options: AuthOptions,
  smtp: SmtpSettings | null
): ResolvedAuthOptions {
  return {
    now: options.now ?? Date.now,
    refreshTokenReuseIntervalSeconds: options.refreshTokenReuseIntervalSeconds ?? 10,
    mailer: new Mailer(options.mailbox ?? Mailbox.inMemory(), smtp)
  }
}
