// The local backend sends no real mail: confirmation messages land as .eml files in the outbox
// folder (open them in any mail client) and the link is logged, so a developer can confirm.

import { randomBytes } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export interface ConfirmationMail {
  to: string
  link: string
  now: Date
}

function renderMail(mail: ConfirmationMail): string {
  return [
    `Date: ${mail.now.toUTCString()}`,
    'From: Instaframe <noreply@localhost>',
    `To: <${mail.to}>`,
    'Subject: Confirm your signup',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Follow this link to confirm your email address:',
    '',
    mail.link,
    ''
  ].join('\r\n')
}

/** Writes the mail atomically (temp + rename) and returns its path, or null without an outbox. */
export async function sendConfirmationMail(
  outboxDir: string | null,
  mail: ConfirmationMail
): Promise<string | null> {
  console.info(`[auth] confirmation link for ${mail.to}: ${mail.link}`)
  if (!outboxDir) return null
  await mkdir(outboxDir, { recursive: true })
  const stamp = mail.now.toISOString().replace(/[:.]/g, '-')
  const name = `${stamp}-${randomBytes(4).toString('hex')}-signup.eml`
  const file = join(outboxDir, name)
  const temp = join(outboxDir, `.${name}.tmp`)
  await writeFile(temp, renderMail(mail), { mode: 0o600 })
  await rename(temp, file)
  return file
}
