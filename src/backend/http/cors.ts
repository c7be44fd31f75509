// Which web pages may call the backend from a browser. Every page the user visits can send
// requests to 127.0.0.1, so `Access-Control-Allow-Origin: *` would let any of them read the
// local backend's answers; only the app's own origins are allowed: the desktop window (loaded
// from file://, which browsers send as the origin "null"), the dev server, the web build, and
// whatever INSTAFRAME_CORS_ORIGINS adds. A request that carries any other Origin is refused
// before it runs, so a cross-site form post cannot act either.

import type { ApiResponse } from './types'

/** `npm run dev`'s and `npm run start:web`'s default addresses. */
export const DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173']

/** The origin a window loaded from file:// sends (the packaged desktop app). */
export const FILE_ORIGIN = 'null'

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

/** `*`, `null`, or scheme://host[:port] without a path; anything else is a configuration error. */
export function normaliseOrigin(origin: string): string {
  if (origin === '*' || origin === FILE_ORIGIN) return origin
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    throw new Error(`"${origin}" is not an origin like https://app.example.com`)
  }
  if (url.origin === 'null' || (url.pathname !== '/' && url.pathname !== '')) {
    throw new Error(`"${origin}" is not an origin like https://app.example.com (no path)`)
  }
  return url.origin
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
    return origin === undefined || this.origins.has('*') || this.origins.has(origin)
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
