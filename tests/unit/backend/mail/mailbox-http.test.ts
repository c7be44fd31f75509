// The /mailbox page and its JSON API, called as the HTTP layer calls them (plain request
// values): newest first, filtered by address, and every user-typed value escaped on the page.

import { describe, expect, it } from 'vitest'
import { CorsPolicy, DEV_ORIGINS } from '../../../../src/backend/http/cors'
import type { ApiRequest, Handler } from '../../../../src/backend/http/types'
import { Mailbox } from '../../../../src/backend/mail/mailbox'
import { createMailboxApi } from '../../../../src/backend/mail/mailbox-http'

const APP_ORIGIN = 'app://instaframe'

const request = (
  method: string,
  path: string,
  host = '127.0.0.1:54321',
  from = '127.0.0.1',
  headers: Record<string, string> = {}
): ApiRequest => ({
  method,
  url: new URL(`http://${host}${path}`),
  headers: { host, ...headers },
  body: Buffer.alloc(0),
  remoteAddress: from
})

/** From a page: its Origin and Sec-Fetch-Site, as Chromium sends them. */
const fromPage = (path: string, origin: string | null, site: string): ApiRequest =>
  request('GET', path, '127.0.0.1:54321', '127.0.0.1', {
    'sec-fetch-site': site,
    ...(origin === null ? {} : { origin })
  })

const mailboxApi = (mailbox: Mailbox, cors = new CorsPolicy([...DEV_ORIGINS, APP_ORIGIN])) =>
  createMailboxApi(mailbox, { cors, enabled: true })

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
    const api = mailboxApi(await filled())
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
    const api = mailboxApi(await filled())
    expect((await api(request('GET', '/mailbox', 'localhost:54321', '::1'))).status).toBe(200)
    // A page whose DNS name was rebound to 127.0.0.1 still sends its own name.
    const rebound = await api(request('GET', '/mailbox/api/messages', 'evil.example:54321'))
    expect(rebound.status).toBe(403)
    expect(String(rebound.body)).not.toContain('ann@example.com')
    const remote = await api(request('GET', '/mailbox', '127.0.0.1:54321', '192.0.2.7'))
    expect(remote.status).toBe(403)
  })

  it('shows the mails on an escaped page with clickable links under a strict CSP', async () => {
    const page = await mailboxApi(await filled())(request('GET', '/mailbox'))
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

  it('serves no page but the app’s and its own, whatever the method', async () => {
    const api = mailboxApi(await filled())
    const status = async (req: ApiRequest): Promise<number> => (await api(req)).status
    for (const path of ['/mailbox', '/mailbox/api/messages']) {
      // A sandboxed iframe, a data: URL, a foreign page, another port of localhost (same site).
      expect(await status(fromPage(path, 'null', 'cross-site'))).toBe(403)
      expect(await status(fromPage(path, 'https://evil.example', 'cross-site'))).toBe(403)
      expect(await status(fromPage(path, 'http://localhost:5174', 'same-site'))).toBe(403)
      // <img>, <script>, frames and navigations carry no Origin: Sec-Fetch-Site tells.
      expect(await status(fromPage(path, null, 'cross-site'))).toBe(403)
      expect(await status(fromPage(path, null, 'same-site'))).toBe(403)
      // Typed in the address bar, or the mailbox page itself.
      expect(await status(fromPage(path, null, 'none'))).toBe(200)
      expect(await status(fromPage(path, 'http://127.0.0.1:54321', 'same-origin'))).toBe(200)
      // The app's own origin.
      expect(await status(fromPage(path, APP_ORIGIN, 'cross-site'))).toBe(200)
    }
    const clear = request('DELETE', '/mailbox/api/messages', '127.0.0.1:54321', '127.0.0.1', {
      origin: 'null'
    })
    expect((await api(clear)).status).toBe(403)
    const refused = await api(fromPage('/mailbox/api/messages', 'null', 'cross-site'))
    expect(String(refused.body)).not.toContain('ann@example.com')
  })

  it('does not count "*" as an app origin', async () => {
    const api = mailboxApi(await filled(), new CorsPolicy(['*']))
    const answer = await api(
      fromPage('/mailbox/api/messages', 'https://evil.example', 'cross-site')
    )
    expect(answer.status).toBe(403)
  })

  it('is never framed, cached or sniffed', async () => {
    const api: Handler = mailboxApi(await filled())
    for (const path of ['/mailbox', '/mailbox/api/messages']) {
      const headers = (await api(request('GET', path))).headers ?? {}
      expect(headers['x-frame-options']).toBe('DENY')
      expect(headers['cache-control']).toBe('no-store')
      expect(headers['cross-origin-resource-policy']).toBe('same-origin')
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['access-control-allow-origin']).toBeUndefined()
    }
    const page = await api(request('GET', '/mailbox'))
    expect(page.headers?.['content-security-policy']).toContain("frame-ancestors 'none'")
  })

  it('is switched off when a real mail server delivers', async () => {
    const api = createMailboxApi(await filled(), {
      cors: new CorsPolicy(DEV_ORIGINS),
      enabled: false
    })
    for (const path of ['/mailbox', '/mailbox/api/messages']) {
      const answer = await api(request('GET', path))
      expect(answer.status).toBe(404)
      expect(String(answer.body)).not.toContain('ann@example.com')
    }
  })
})
