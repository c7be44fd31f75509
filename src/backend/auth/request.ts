// Small request helpers shared by the auth routes.

import { createHash } from 'node:crypto'
import { AUTH_CALLBACK_URL } from '../../shared/auth-links'
import { readJsonBody, type ApiRequest } from '../http/types'
import { badRequest } from './errors'

/** The JSON body as an object; an empty body is `{}` (logout sends content-type json, no body). */
export function jsonObject(request: ApiRequest): Record<string, unknown> {
  let body: unknown
  try {
    body = readJsonBody(request)
  } catch {
    throw badRequest('bad_json', 'Could not parse request body as JSON')
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('bad_json', 'Request body must be a JSON object')
  }
  return body as Record<string, unknown>
}

/** Confirmation tokens are stored hashed: a database dump does not hold usable links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Where a confirmation may send the browser: the site URL's origin, a loopback address or the
 * desktop app's own callback (hosted Supabase lists it in additional_redirect_urls), never an
 * arbitrary site (an open redirect would make our links useful to phishers).
 */
export function safeRedirect(candidate: string | null, siteUrl: string): string {
  if (!candidate) return siteUrl
  if (candidate === AUTH_CALLBACK_URL) return candidate
  try {
    const target = new URL(candidate)
    const site = new URL(siteUrl)
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return siteUrl
    if (target.origin === site.origin || LOOPBACK_HOSTS.has(target.hostname)) return target.href
  } catch {
    // Not a URL: fall through to the site.
  }
  return siteUrl
}
