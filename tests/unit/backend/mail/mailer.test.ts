// The mailer: every mail lands in the mailbox; with SMTP settings it is delivered to a real
// (tiny, local) SMTP server through nodemailer instead, and a refused delivery fails with
// GoTrue's words.

import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Mailer } from '../../../../src/backend/auth/mailer'
import { Mailbox, MAX_MESSAGES } from '../../../../src/backend/mail/mailbox'
import { startSmtpServer, type TestSmtpServer } from '../../../support/smtp-server'

const recovery = (to: string, now = new Date('2026-11-26T00:00:00Z')) =>
  ({
    kind: 'recovery',
    to,
    now,
    siteUrl: 'http://127.0.0.1:3000',
    confirmationUrl: 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=recovery',
    token: '123456',
    email: to
  }) as const

describe('mailer', () => {
  let smtp: TestSmtpServer
  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    smtp = await startSmtpServer()
  })
  afterAll(async () => {
    vi.restoreAllMocks()
    await smtp.close()
  })

  it('puts the mail in the mailbox with GoTrue subject, link and code', async () => {
    const mailbox = Mailbox.inMemory()
    await new Mailer(mailbox, null).send(recovery('ann@example.com'))
    const [mail] = mailbox.list({ to: 'ANN@example.com' })
    expect(mail.subject).toBe('Reset Your Password')
    expect(mail.text).toContain('verify?token=abc&type=recovery')
    expect(mail.text).toContain('Alternatively, enter the code: 123456')
    expect(mail.html).toContain(
      '<a href="http://127.0.0.1:54321/auth/v1/verify?token=abc&amp;type=recovery">'
    )
    expect(mailbox.list({ to: 'bob@example.com' })).toEqual([])
  })

  it('also delivers through SMTP, authenticated, from the configured sender', async () => {
    const mailbox = Mailbox.inMemory()
    const mailer = new Mailer(mailbox, {
      host: '127.0.0.1',
      port: smtp.port,
      user: 'mailer',
      pass: 'secret',
      adminEmail: 'admin@instaframe.test',
      senderName: 'Instaframe'
    })
    await mailer.send(recovery('carl@example.com'))
    const received = smtp.received.at(-1)!
    expect(received.to).toEqual(['carl@example.com'])
    expect(received.from).toBe('admin@instaframe.test')
    expect(received.auth).toBe('mailer\0secret')
    expect(received.data).toMatch(/^Subject: Reset Your Password/m)
    expect(received.data).toContain('Instaframe')
    // A real mail server delivers: no copy of the link stays in the (switched off) mailbox.
    expect(mailbox.list()).toEqual([])

    smtp.failWith = '554 no thanks'
    await expect(mailer.send(recovery('dora@example.com'))).rejects.toMatchObject({
      status: 500,
      message: 'Error sending recovery email'
    })
    smtp.failWith = null
    expect(mailbox.list({ to: 'dora@example.com' })).toEqual([])
    mailer.close()
  })

  it('keeps mails across a restart in the data folder, newest first and bounded', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mailbox-'))
    try {
      const first = await Mailbox.open(dir)
      const base = Date.parse('2026-11-26T00:00:00Z')
      for (let i = 0; i < MAX_MESSAGES + 2; i += 1) {
        await first.deliver({
          from: 'a@b.c',
          to: `u${i}@example.com`,
          subject: `n${i}`,
          text: '',
          html: '',
          sentAt: new Date(base + i * 1000)
        })
      }
      const reopened = await Mailbox.open(dir)
      const list = reopened.list()
      expect(list).toHaveLength(MAX_MESSAGES)
      expect(list[0].subject).toBe(`n${MAX_MESSAGES + 1}`)
      expect(list.at(-1)?.subject).toBe('n2')
      expect((await readdir(dir)).length).toBe(MAX_MESSAGES)
      await reopened.clear()
      expect((await Mailbox.open(dir)).list()).toEqual([])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
