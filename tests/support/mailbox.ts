// Reading the backend's mailbox the way the e2e tests and a developer's scripts do: through its
// JSON API (GET /mailbox/api/messages?to=…), newest first.

import type { MailMessage } from '../../src/backend/mail/mailbox'

export interface ReadMail extends MailMessage {
  /** The first verify link in the mail ('' when it carries a code only). */
  link: string
  /** The one-time code. */
  code: string
}

export async function mailsTo(baseUrl: string, to: string): Promise<ReadMail[]> {
  const response = await fetch(`${baseUrl}/mailbox/api/messages?to=${encodeURIComponent(to)}`)
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`)
  const { messages } = (await response.json()) as { messages: MailMessage[] }
  return messages.map((m) => ({
    ...m,
    link: /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(m.text)?.[0] ?? '',
    code: /enter the code: (\d+)/i.exec(m.text)?.[1] ?? ''
  }))
}

/** The newest mail to `to`; fails the test when there is none. */
export async function latestMail(baseUrl: string, to: string): Promise<ReadMail> {
  const [mail] = await mailsTo(baseUrl, to)
  if (!mail) throw new Error(`no mail to ${to}`)
  return mail
}
