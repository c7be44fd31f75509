// Real delivery through an SMTP server when supabase/config.toml has [auth.email.smtp], with
// nodemailer (the mailbox is then switched off). One pooled transport per backend.

import nodemailer, { type Transporter } from 'nodemailer'
import type { SmtpSettings } from '../auth/email-config'

export interface SmtpMail {
  to: string
  subject: string
  text: string
  html: string
}

export interface SmtpSender {
  send(mail: SmtpMail): Promise<void>
  close(): void
}

export function createSmtpSender(settings: SmtpSettings): SmtpSender {
  const transport: Transporter = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    // 465 speaks TLS from the first byte; other ports upgrade with STARTTLS when offered.
    secure: settings.port === 465,
    auth: settings.user ? { user: settings.user, pass: settings.pass } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000
  })
  const from = settings.senderName
    ? { name: settings.senderName, address: settings.adminEmail }
    : settings.adminEmail
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail })
    },
    close() {
      transport.close()
    }
  }
}
