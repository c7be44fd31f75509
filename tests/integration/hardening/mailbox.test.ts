// The local mailbox holds sign-in links and codes. Over real HTTP: it answers no web page but
// the app's own origins and itself, never with a CORS header (a page the backend does let in
// still cannot read it), refuses `Origin: null` and foreign origins on every method, and frames
// nothing. With a real mail server ([auth.email.smtp]) it is switched off entirely: 404, and
// the mails are not kept in it.

import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { DEFAULT_EMAIL_SETTINGS } from '../../../src/backend/auth/email-config'
import { signUpAndIn, type SignedUpUser } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { latestMail } from '../../support/mailbox'
import { startSmtpServer } from '../../support/smtp-server'

const APP_ORIGIN = 'app://instaframe'
const smtp = await startSmtpServer()

afterAll(async () => {
  await smtp.close()
})

describeEachBackend(
  'the mailbox over HTTP',
  (suite) => {
    let person: SignedUpUser
    let code: string
    const messages = (): string =>
      `${suite.harness.backend.url}/mailbox/api/messages?to=${encodeURIComponent(person.email)}`

    beforeAll(async () => {
      vi.spyOn(console, 'info').mockImplementation(() => undefined)
      person = await signUpAndIn(suite.harness, 'mailbox_owner')
      expect((await suite.harness.anon().auth.resetPasswordForEmail(person.email)).error).toBeNull()
      code = (await latestMail(suite.harness.backend.url, person.email)).code
    })
    afterAll(() => {
      vi.restoreAllMocks()
    })

    it('answers this machine without a page, the mailbox page itself and the app', async () => {
      const own = new URL(suite.harness.backend.url).origin
      const allowed: Record<string, string>[] = [
        {},
        { 'sec-fetch-site': 'none' },
        { origin: own, 'sec-fetch-site': 'same-origin' },
        { origin: APP_ORIGIN, 'sec-fetch-site': 'cross-site' }
      ]
      for (const headers of allowed) {
        const response = await fetch(messages(), { headers })
        expect(response.status, JSON.stringify(headers)).toBe(200)
        expect(await response.text()).toContain(code)
        // Never readable by another origin, the app's included.
        expect(response.headers.get('access-control-allow-origin')).toBeNull()
      }
    })

    it('refuses Origin null, foreign origins and cross-site requests, on every method', async () => {
      const refusals: Record<string, string>[] = [
        { origin: 'null' },
        { origin: 'null', 'sec-fetch-site': 'cross-site' },
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        { origin: 'http://localhost:5174', 'sec-fetch-site': 'same-site' },
        // <img>, <script>, frames and navigations send no Origin; Sec-Fetch-Site tells.
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' }
      ]
      for (const headers of refusals) {
        for (const [method, url] of [
          ['GET', messages()],
          ['GET', `${suite.harness.backend.url}/mailbox`],
          ['DELETE', `${suite.harness.backend.url}/mailbox/api/messages`]
        ]) {
          const response = await fetch(url, { method, headers })
          const text = await response.text()
          expect(response.status, `${method} ${url} ${JSON.stringify(headers)}`).toBe(403)
          expect(text).not.toContain(code)
          expect(response.headers.get('access-control-allow-origin')).toBeNull()
        }
      }
      // Nothing was cleared by the refused DELETEs.
      expect((await latestMail(suite.harness.backend.url, person.email)).code).toBe(code)
    })

    it('answers even the app’s preflight without allowing it', async () => {
      const response = await fetch(messages(), {
        method: 'OPTIONS',
        headers: { origin: APP_ORIGIN, 'access-control-request-method': 'GET' }
      })
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
      expect(response.headers.get('access-control-allow-methods')).toBeNull()
    })

    it('is never framed and never cached', async () => {
      const page = await fetch(`${suite.harness.backend.url}/mailbox`)
      expect(page.headers.get('x-frame-options')).toBe('DENY')
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(page.headers.get('cache-control')).toBe('no-store')
      expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    })
  },
  { config: { corsOrigins: [APP_ORIGIN] } }
)

describeEachBackend(
  'the mailbox with a real mail server ([auth.email.smtp])',
  (suite) => {
    it('is switched off: mails go to SMTP only, and every mailbox path is a 404', async () => {
      const person = await signUpAndIn(suite.harness, 'smtp_owner')
      const sent = smtp.received.length
      expect((await suite.harness.anon().auth.resetPasswordForEmail(person.email)).error).toBeNull()
      expect(smtp.received.length).toBe(sent + 1)
      expect(smtp.received.at(-1)!.to).toEqual([person.email])
      const base = suite.harness.backend.url
      for (const path of [
        '/mailbox',
        `/mailbox/api/messages?to=${encodeURIComponent(person.email)}`,
        '/mailbox/api/messages'
      ]) {
        const response = await fetch(`${base}${path}`)
        expect(response.status, path).toBe(404)
        expect(await response.text()).not.toContain(person.email)
      }
      expect(suite.harness.backend.mailbox.list()).toEqual([])
    })
  },
  {
    config: {
      email: {
        ...DEFAULT_EMAIL_SETTINGS,
        smtp: {
          host: '127.0.0.1',
          port: smtp.port,
          user: '',
          pass: '',
          adminEmail: 'admin@instaframe.test',
          senderName: 'Instaframe'
        }
      }
    }
  }
)
