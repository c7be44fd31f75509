// The mailbox over HTTP on the backend's own port: GET /mailbox is a page a developer reads (the
// mail catcher of `supabase start`), /mailbox/api/messages is the JSON that tests and e2e read.
// The page is built from escaped text only: the mails carry addresses and metadata that users
// typed, and a strict CSP keeps any script out.
//
// The mails hold sign-in links and codes, so who may read them is narrow: this machine, naming
// a loopback host (fromThisMachine), and no web page but the app's own and this page itself
// (pageRefusal). The HTTP layer sends no CORS header on these paths, and a real mail server
// switches it all off.

import type { CorsPolicy } from '../http/cors'
import { jsonResponse, type ApiRequest, type ApiResponse, type Handler } from '../http/types'
import { escapeHtml } from './html'
import type { Mailbox, MailMessage } from './mailbox'

export const MAILBOX_PATH = '/mailbox'
const API = `${MAILBOX_PATH}/api/messages`
const PAGE_LIMIT = 100

export const isMailboxPath = (path: string): boolean =>
  path === MAILBOX_PATH || path.startsWith(`${MAILBOX_PATH}/`)

/** Every mailbox answer: never cached, never framed, never read by another origin's page. */
const PRIVATE_HEADERS = {
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer'
}

/** Escaped text with its http(s) links made clickable (the verify links in the mails). */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, i) =>
      i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)
    )
    .join('')
}

function renderMessage(message: MailMessage): string {
  return `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p class="meta">To <b>${escapeHtml(message.to)}</b> · From ${escapeHtml(message.from)} ·
    <time datetime="${escapeHtml(message.sentAt)}">${escapeHtml(message.sentAt)}</time></p>
  <pre>${linkify(message.text)}</pre>
</article>`
}

export function renderMailboxPage(messages: MailMessage[], to: string | null): string {
  const heading = to ? `Mail to ${escapeHtml(to)}` : 'Mailbox'
  const body =
    messages.length === 0
      ? '<p>No mail yet. Mails the auth server sends (sign-up, magic link, recovery, email change, invite, reauthentication) appear here.</p>'
      : messages.map(renderMessage).join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${heading} · local backend</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#222}
article{border:1px solid #ddd;border-radius:8px;padding:0 1rem 1rem;margin:1rem 0}
.meta{color:#666;font-size:13px}pre{white-space:pre-wrap;word-break:break-all;background:#f6f6f6;padding:.75rem;border-radius:6px}
</style></head>
<body><h1>${heading}</h1>
<p class="meta">Newest first. JSON: <code>${API}?to=address</code></p>
${body}
</body></html>`
}

function page(mailbox: Mailbox, request: ApiRequest): ApiResponse {
  const to = request.url.searchParams.get('to')
  return {
    status: 200,
    headers: {
      ...PRIVATE_HEADERS,
      'content-type': 'text/html; charset=utf-8',
      // No script, and no page may frame it (a frame could lure a click on a link it holds).
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; form-action 'none'"
    },
    body: renderMailboxPage(mailbox.list({ to, limit: PAGE_LIMIT }), to)
  }
}

function limitParam(request: ApiRequest): number | undefined {
  const text = request.url.searchParams.get('limit')
  if (text === null) return undefined
  const limit = Number(text)
  return Number.isInteger(limit) && limit > 0 ? limit : undefined
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]'])
const LOOPBACK_ADDRESS = /^(127\.|::1$|::ffff:127\.)/

/**
 * The mails hold sign-in links, so only this machine may read them: the caller must be on a
 * loopback address and name a loopback host (a page that rebinds its own DNS name to
 * 127.0.0.1 sends that name, and is refused).
 */
function fromThisMachine(request: ApiRequest): boolean {
  const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase()
  return LOOPBACK_NAMES.has(host) && LOOPBACK_ADDRESS.test(request.remoteAddress)
}

/** Sec-Fetch-Site values of a request this page or no page at all made (typed URL, curl). */
const OWN_SITES = new Set(['none', 'same-origin'])

/**
 * Which web pages may ask: none at all (tests, curl, the address bar), this page itself (its own
 * origin), and the app's listed origins. `Origin: null` and every other origin are refused,
 * GETs included; a browser leaves Origin out of `<img>`, `<script>`, frames and navigations, so
 * their Sec-Fetch-Site (`cross-site`, `same-site`) refuses those.
 */
function pageRefusal(request: ApiRequest, cors: CorsPolicy): string | null {
  const origin = request.headers.origin
  const own = `http://${request.headers.host ?? ''}`
  const listed = origin !== undefined && cors.lists(origin)
  if (origin !== undefined && origin !== own && !listed) {
    return `The mailbox is not served to pages of ${origin}`
  }
  const site = request.headers['sec-fetch-site']
  if (site !== undefined && !OWN_SITES.has(site) && !listed) {
    return 'The mailbox is not served to pages of other sites'
  }
  return null
}

export interface MailboxApiOptions {
  /** The app's origins (the listed ones; `*` never counts here). */
  cors: CorsPolicy
  /** False when a real mail server is configured: every mailbox path is then a 404. */
  enabled: boolean
}

const refused = (code: string, message: string): ApiResponse =>
  jsonResponse(403, { code, message }, PRIVATE_HEADERS)

export function createMailboxApi(mailbox: Mailbox, options: MailboxApiOptions): Handler {
  return async (request) => {
    if (!options.enabled) {
      return jsonResponse(404, {
        code: 'not_found',
        message: 'No mailbox: mails go to the SMTP server of [auth.email.smtp]'
      })
    }
    if (!fromThisMachine(request)) {
      return refused(
        'mailbox_local_only',
        'The mailbox can only be read from this machine (127.0.0.1 or localhost)'
      )
    }
    const foreign = pageRefusal(request, options.cors)
    if (foreign) return refused('mailbox_origin_not_allowed', foreign)
    const path = request.url.pathname.replace(/\/+$/, '')
    if (request.method === 'GET' && path === MAILBOX_PATH) return page(mailbox, request)
    if (path === API && request.method === 'GET') {
      const to = request.url.searchParams.get('to')
      const messages = mailbox.list({ to, limit: limitParam(request) })
      return jsonResponse(200, { total: messages.length, messages }, PRIVATE_HEADERS)
    }
    if (path === API && request.method === 'DELETE') {
      await mailbox.clear()
      return { status: 204, headers: PRIVATE_HEADERS }
    }
    if (request.method === 'GET' && path.startsWith(`${API}/`)) {
      const message = mailbox.get(decodeURIComponent(path.slice(API.length + 1)))
      if (message) return jsonResponse(200, message, PRIVATE_HEADERS)
      return jsonResponse(404, { code: 'not_found', message: 'No such message' }, PRIVATE_HEADERS)
    }
    return jsonResponse(404, {
      code: 'not_found',
      message: `No mailbox route for ${request.method} ${path}`
    })
  }
}
