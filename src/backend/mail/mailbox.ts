// The local mail catcher: every mail the auth server sends lands here (as `supabase start`'s
// Inbucket/Mailpit catches them), newest first, for the /mailbox page and its JSON API. With a
// data folder each message is also a JSON file, so the mailbox survives a restart; it keeps the
// newest MAX_MESSAGES so a sign-up loop cannot fill the disk.

import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export const MAX_MESSAGES = 500

export interface MailMessage {
  id: string
  /** ISO 8601, UTC. */
  sentAt: string
  from: string
  to: string
  subject: string
  text: string
  html: string
}

export type NewMail = Omit<MailMessage, 'id' | 'sentAt'> & { sentAt?: Date }

export interface MailQuery {
  /** Only messages to this address (case-insensitive). */
  to?: string | null
  limit?: number
}

const fileName = (message: MailMessage): string =>
  `${message.sentAt.replace(/[:.]/g, '-')}-${message.id}.json`

function isMessage(value: unknown): value is MailMessage {
  const m = value as MailMessage
  return (
    !!m &&
    ['id', 'sentAt', 'from', 'to', 'subject', 'text', 'html'].every(
      (key) => typeof (m as unknown as Record<string, unknown>)[key] === 'string'
    )
  )
}

export class Mailbox {
  /** Oldest first; reads reverse it. */
  private readonly messages: MailMessage[] = []

  private constructor(private readonly dir: string | null) {}

  /** A mailbox that keeps its messages in memory only (tests, a backend without a data folder). */
  static inMemory(): Mailbox {
    return new Mailbox(null)
  }

  /** Opens the mailbox, reading the messages kept in `dir` (null: memory only). */
  static async open(dir: string | null): Promise<Mailbox> {
    const mailbox = new Mailbox(dir)
    if (!dir) return mailbox
    await mkdir(dir, { recursive: true, mode: 0o700 })
    for (const name of (await readdir(dir)).filter((n) => n.endsWith('.json')).sort()) {
      try {
        const parsed: unknown = JSON.parse(await readFile(join(dir, name), 'utf8'))
        if (isMessage(parsed)) mailbox.messages.push(parsed)
      } catch {
        // A half-written file from a crash: the mail is lost, the mailbox still opens.
      }
    }
    mailbox.messages.sort((a, b) => a.sentAt.localeCompare(b.sentAt))
    return mailbox
  }

  async deliver(mail: NewMail): Promise<MailMessage> {
    const { sentAt, ...content } = mail
    const message: MailMessage = {
      id: randomUUID(),
      sentAt: (sentAt ?? new Date()).toISOString(),
      ...content
    }
    this.messages.push(message)
    const dropped = this.messages.splice(0, Math.max(0, this.messages.length - MAX_MESSAGES))
    if (this.dir) {
      const file = join(this.dir, fileName(message))
      const temp = `${file}.tmp`
      // The links in these mails sign people in: readable by the owner only.
      await writeFile(temp, JSON.stringify(message), { mode: 0o600 })
      await rename(temp, file)
      await Promise.all(
        dropped.map((old) => rm(join(this.dir as string, fileName(old)), { force: true }))
      )
    }
    return message
  }

  /** Newest first. */
  list(query: MailQuery = {}): MailMessage[] {
    const to = query.to?.trim().toLowerCase()
    const found = this.messages.filter((m) => !to || m.to.toLowerCase() === to).reverse()
    return query.limit !== undefined ? found.slice(0, query.limit) : found
  }

  get(id: string): MailMessage | null {
    return this.messages.find((m) => m.id === id) ?? null
  }

  async clear(): Promise<void> {
    const all = this.messages.splice(0)
    if (this.dir) {
      await Promise.all(all.map((m) => rm(join(this.dir as string, fileName(m)), { force: true })))
    }
  }
}
