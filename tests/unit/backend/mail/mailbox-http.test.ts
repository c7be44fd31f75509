// The /mailbox page and its JSON API, called as the HTTP layer calls them (plain request
// values): newest first, filtered by address, and every user-typed value escaped on the page.

import { describe, expect, it } from 'vitest'
import { Mailbox } from '../../../../src/backend/mail/mailbox'
import { createMailboxApi } from '../../../../src/backend/mail/mailbox-http'

const request = (method: string, path: string, host = '127.0.0.1:54321', from = '127.0.0.1') => ({
  method,
  url: new URL(`http://${host}${path}`),
  headers: { host },
  body: Buffer.alloc(0),
  remoteAddress: from
})

async function filled(): Promise<Mailbox> {
  const mailbox = Mailbox.inMemory()
  const base = Date.parse('2026-11-26T00:00:00Z')
  await mailbox.deliver({
    from: 'noreply@localhost',
    to: 'ann@example.com',
    subject: 'Confirm Your Email',
    text: 'Confirm: http://127.0.0.1:54321/auth/v1/verify?token=t1&type=signup\n',
    html: '',
    sentAt: new Date(base)
  })
  await mailbox.deliver({
    from: 'noreply@localhost',
    to: 'bob@example.com',
    subject: '<script>alert(1)</script>',
    text: 'Alternatively, enter the code: 123456 "quoted" & more',
    html: '',
    sentAt: new Date(base + 1000)
  })
  return mailbox
}

describe('mailbox over HTTP', () => {
  it('lists messages newest first, or those to one address', async () => {
    const api = createMailboxApi(await filled())
    const all = await api(request('GET', '/mailbox/api/messages'))
    expect(all.status).toBe(200)
    const body = JSON.parse(String(all.body))
    expect(body.total).toBe(2)
    expect(body.messages.map((m: { to: string }) => m.to)).toEqual([
      'bob@example.com',
      'ann@example.com'
    ])
    const ann = JSON.parse(
      String((await api(request('GET', '/mailbox/api/messages?to=Ann@Example.com'))).body)
    )
    expect(ann.messages).toHaveLength(1)
    const one = await api(request('GET', `/mailbox/api/messages/${ann.messages[0].id}`))
    expect(JSON.parse(String(one.body)).subject).toBe('Confirm Your Email')
    expect((await api(request('GET', '/mailbox/api/messages/nope'))).status).toBe(404)
    expect((await api(request('DELETE', '/mailbox/api/messages'))).status).toBe(204)
    expect(
      JSON.parse(String((await api(request('GET', '/mailbox/api/messages'))).body)).total
    ).toBe(0)
  })

  it('answers only callers on this machine that name a loopback host', async () => {
    const api = createMailboxApi(await filled())
    expect((await api(request('GET', '/mailbox', 'localhost:54321', '::1'))).status).toBe(200)
    // A page whose DNS name was rebound to 127.0.0.1 still sends its own name.
    const rebound = await api(request('GET', '/mailbox/api/messages', 'evil.example:54321'))
    expect(rebound.status).toBe(403)
    expect(String(rebound.body)).not.toContain('ann@example.com')
    const remote = await api(request('GET', '/mailbox', '127.0.0.1:54321', '192.0.2.7'))
    expect(remote.status).toBe(403)
  })

  it('shows the mails on an escaped page with clickable links under a strict CSP', async () => {
    const page = await createMailboxApi(await filled())(request('GET', '/mailbox'))
    expect(page.status).toBe(200)
    expect(page.headers?.['content-type']).toContain('text/html')
    expect(page.headers?.['content-security-policy']).toContain("default-src 'none'")
    const html = String(page.body)
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('&quot;quoted&quot; &amp; more')
    expect(html).toContain(
      '<a href="http://127.0.0.1:54321/auth/v1/verify?token=t1&amp;type=signup">'
    )
    expect(html.indexOf('bob@example.com')).toBeLessThan(html.indexOf('ann@example.com'))
  })
})
