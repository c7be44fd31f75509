// The mailbox over HTTP on the backend's own port: GET /mailbox is a page a developer reads (the
// mail catcher of `supabase start`), /mailbox/api/messages is the JSON that tests and e2e read.
// The page is built from escaped text only: the mails carry addresses and metadata that users
// typed, and a strict CSP keeps any script out.

import { jsonResponse, type ApiRequest, type ApiResponse, type Handler } from '../http/types'
import { escapeHtml } from './html'
import type { Mailbox, MailMessage } from './mailbox'

export const MAILBOX_PATH = '/mailbox'
const API = `${MAILBOX_PATH}/api/messages`
const PAGE_LIMIT = 100

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
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'cache-control': 'no-store'
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

export function createMailboxApi(mailbox: Mailbox): Handler {
  return async (request) => {
    if (!fromThisMachine(request)) {
      return jsonResponse(403, {
        code: 'mailbox_local_only',
        message: 'The mailbox can only be read from this machine (127.0.0.1 or localhost)'
      })
    }
    const path = request.url.pathname.replace(/\/+$/, '')
    if (request.method === 'GET' && path === MAILBOX_PATH) return page(mailbox, request)
    if (path === API && request.method === 'GET') {
      const to = request.url.searchParams.get('to')
      const messages = mailbox.list({ to, limit: limitParam(request) })
      return jsonResponse(
        200,
        { total: messages.length, messages },
        { 'cache-control': 'no-store' }
      )
    }
    if (path === API && request.method === 'DELETE') {
      await mailbox.clear()
      return { status: 204 }
    }
    if (request.method === 'GET' && path.startsWith(`${API}/`)) {
      const message = mailbox.get(decodeURIComponent(path.slice(API.length + 1)))
      if (message) return jsonResponse(200, message, { 'cache-control': 'no-store' })
      return jsonResponse(404, { code: 'not_found', message: 'No such message' })
    }
    return jsonResponse(404, {
      code: 'not_found',
      message: `No mailbox route for ${request.method} ${path}`
    })
  }
}
