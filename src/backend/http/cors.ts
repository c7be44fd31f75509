// Which web pages may call the backend from a browser. Every page the user visits can send
// requests to 127.0.0.1, so `Access-Control-Allow-Origin: *` would let any of them read the
// local backend's answers; only the app's own origins are allowed: the desktop window
// (app://instaframe, a privileged scheme of its own), the dev server, the web build, and
// whatever INSTAFRAME_CORS_ORIGINS adds. A request that carries any other Origin is refused
// before it runs, so a cross-site form post cannot act either. `null` is never an app's origin:
// every sandboxed iframe, data: URL and file:// page sends it, so allowing it allows them all.

import type { ApiResponse } from './types'

/** `npm run dev`'s and `npm run start:web`'s default addresses. */
export const DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173']

/** The Origin header of sandboxed frames, data: URLs and file:// pages: never allowed. */
const OPAQUE_ORIGIN = 'null'

const ALLOWED_HEADERS =
  'authorization, apikey, x-client-info, content-type, accept, accept-profile, content-profile, ' +
  'prefer, range, x-supabase-api-version, x-upsert, cache-control, x-metadata, x-retry-count, ' +
  'traceparent, tracestate, baggage, ' +
  // What tus-js-client sends for resumable uploads (storage/resumable.ts).
  'tus-resumable, upload-length, upload-metadata, upload-offset, upload-defer-length, ' +
  'upload-concat, x-http-method-override'

/** `INSTAFRAME_CORS_ORIGINS=https://a.example,http://localhost:3000` → the origins, checked. */
export function corsOriginsFromEnv(value: string | undefined): string[] {
  const origins: string[] = []
  for (const entry of (value ?? '').split(',')) {
    const trimmed = entry.trim()
    if (!trimmed) continue
    origins.push(normaliseOrigin(trimmed))
  }
  return origins
}

/**
 * `*`, or scheme://host[:port] without a path (app://instaframe included); anything else, `null`
 * first, is a configuration error.
 */
export function normaliseOrigin(origin: string): string {
  if (origin === '*') return origin
  if (origin.trim() === OPAQUE_ORIGIN) {
    throw new Error(
      '"null" is not an origin that can be allowed: every sandboxed iframe and file:// page sends it'
    )
  }
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    throw new Error(`"${origin}" is not an origin like https://app.example.com`)
  }
  if (url.host === '' || (url.pathname !== '/' && url.pathname !== '')) {
    throw new Error(`"${origin}" is not an origin like https://app.example.com (no path)`)
  }
  // Node gives non-web schemes (app:) the opaque origin; browsers serialise a standard scheme's
  // origin as scheme://host, and that is what they send.
  return url.origin !== OPAQUE_ORIGIN ? url.origin : `${url.protocol}//${url.host}`
}

export class CorsPolicy {
  private readonly origins: Set<string>

  constructor(origins: Iterable<string>) {
    this.origins = new Set([...origins].map(normaliseOrigin))
  }

  allow(origin: string): void {
    this.origins.add(normaliseOrigin(origin))
  }

  /** Requests without an Origin header (not from a browser page) are not CORS requests. */
  allows(origin: string | undefined): boolean {
    if (origin === undefined) return true
    if (origin === OPAQUE_ORIGIN) return false
    return this.origins.has('*') || this.origins.has(origin)
  }

  /** The listed origins themselves, never `*`: the mailbox serves these and no others. */
  lists(origin: string): boolean {
    return origin !== '*' && this.origins.has(origin)
  }

  /** The CORS headers for a response to a request from `origin` (none when not allowed). */
  headersFor(origin: string | undefined): Record<string, string> {
    if (origin === undefined || !this.allows(origin)) return { vary: 'Origin' }
    return {
      'access-control-allow-origin': origin,
      vary: 'Origin',
      'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers': ALLOWED_HEADERS,
      // Without this, browsers hide Content-Range and supabase-js reports count as null.
      'access-control-expose-headers':
        'Content-Range, X-Supabase-Api-Version, Content-Length, ETag, X-Total-Count, Link, ' +
        // Resumable uploads: tus-js-client reads where to send the bytes and how many arrived.
        'Location, Upload-Offset, Upload-Length, Upload-Expires, Tus-Resumable',
      'access-control-max-age': '600'
    }
  }

  refusalMessage(origin: string): string {
    return (
      `Requests from ${origin} are not allowed. Add the origin to INSTAFRAME_CORS_ORIGINS ` +
      'to allow it.'
    )
  }

  refusal(origin: string): ApiResponse {
    return {
      status: 403,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({
        statusCode: '403',
        code: 'origin_not_allowed',
        error: 'origin_not_allowed',
        message: this.refusalMessage(origin)
      })
    }
  }
}
