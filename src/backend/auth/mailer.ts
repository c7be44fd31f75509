// Sends the auth server's mails: into the local mailbox (the /mailbox page), or, when
// supabase/config.toml configures a server, through SMTP only: the mailbox is then switched off,
// and no copy of a sign-in link is kept where nobody reads it. A failed SMTP delivery fails the
// request as GoTrue's does ("Error sending … email").

import type { Mailbox } from '../mail/mailbox'
import { createSmtpSender, type SmtpSender } from '../mail/smtp'
import type { SmtpSettings } from './email-config'
import { AuthError } from './errors'
import { renderMail, type MailKind, type TemplateValues } from './mail-templates'

/** What the sign-up, recovery, … handlers ask for: a kind, an address and its values. */
export interface MailRequest extends TemplateValues {
  kind: MailKind
  to: string
  now: Date
}

const LOCAL_FROM = 'Instaframe <noreply@localhost>'

const FAILURE: Record<MailKind, string> = {
  signup: 'Error sending confirmation email',
  invite: 'Error sending invite email',
  magiclink: 'Error sending magic link email',
  recovery: 'Error sending recovery email',
  email_change: 'Error sending email change email',
  reauthentication: 'Error sending reauthentication email'
}

export class Mailer {
  private readonly smtp: SmtpSender | null

  constructor(
    readonly mailbox: Mailbox,
    smtp: SmtpSettings | null
  ) {
    this.smtp = smtp ? createSmtpSender(smtp) : null
  }

  async send(request: MailRequest): Promise<void> {
    const mail = renderMail(request.kind, request)
    if (!this.smtp) {
      await this.mailbox.deliver({ from: LOCAL_FROM, to: request.to, sentAt: request.now, ...mail })
      console.info(`[auth] ${request.kind} mail to ${request.to} (see /mailbox)`)
      return
    }
    try {
      await this.smtp.send({ to: request.to, ...mail })
    } catch (error) {
      console.error(`[auth] SMTP delivery to ${request.to} failed:`, error)
      throw new AuthError(500, 'unexpected_failure', FAILURE[request.kind])
    }
  }

  close(): void {
    this.smtp?.close()
  }
}
