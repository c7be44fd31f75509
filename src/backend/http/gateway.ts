// The gateway stage, as hosted Supabase's API gateway (Kong's key-auth) runs it in front of
// every service: a request to REST, auth, storage or realtime must carry the project's API key
// (the anon or service_role key this backend signed) in the `apikey` header or query parameter,
// or it is answered 401 before any service, and so any SQL, sees it. A web page the person
// visits can send requests to 127.0.0.1 without CORS (`<img>`, forms, no-cors fetch), but it
// cannot set a header and does not know the key.
//
// Hosted's exceptions stay open, because a browser reaches them with no header at all: public
// and signed object URLs (download and image render), the links an auth mail opens (verify),
// the OAuth redirects (authorize, callback) and the JWKS. `/health` and the root are outside
// the services.

import { JwtError, verifyJwt, type JwtKeys } from '../jwt'
import type { ApiResponse } from './types'

/** What the gateway reads of a request: method, path (parsed and as sent) and the key. */
export interface GatewayRequest {
  method: string
  url: URL
  /** The path exactly as sent; a route is only open when it is also the parsed path. */
  rawPath?: string
  headers: Record<string, string | string[] | undefined>
}

/** Path prefixes of the services behind the gateway. */
const SERVICES = ['/rest/v1/', '/auth/v1/', '/storage/v1/', '/realtime/v1/']

/** Auth routes Kong serves without key-auth (supabase/supabase docker/volumes/api/kong.yml). */
const OPEN_AUTH = new Set(['/verify', '/authorize', '/callback', '/.well-known/jwks.json'])

/** Storage routes a browser loads from `<img>` or a link: public and signed objects. */
const OPEN_STORAGE = [
  '/storage/v1/object/public/',
  '/storage/v1/object/sign/',
  '/storage/v1/render/image/public/',
  '/storage/v1/render/image/sign/'
]

/** Kong's words (key-auth), as hosted Supabase answers them. */
export const MISSING_KEY = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.'
}
export const INVALID_KEY = {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.'
}

const isService = (path: string): boolean =>
  SERVICES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix))

/**
 * The routes a browser reaches without a key. Only GET and HEAD, and only when the path as sent
 * is the path as parsed, so `..`, `%2e` or backslash tricks never turn a guarded route open.
 */
export function isOpenRoute(request: GatewayRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const path = request.url.pathname
  if (request.rawPath !== undefined && request.rawPath !== path) return false
  if (path.startsWith('/auth/v1/')) {
    return request.method === 'GET' && OPEN_AUTH.has(path.slice(8).replace(/\/+$/, ''))
  }
  return OPEN_STORAGE.some((prefix) => path.startsWith(prefix))
}

/** Whether this request must carry the API key. */
export function needsApiKey(request: GatewayRequest): boolean {
  return isService(request.url.pathname) && !isOpenRoute(request)
}

function header(request: GatewayRequest, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** The key as Kong's key-auth finds it: the `apikey` header, else the `apikey` query parameter. */
export function apiKeyOf(request: GatewayRequest): string | null {
  return header(request, 'apikey') || request.url.searchParams.get('apikey') || null
}

function unauthorized(body: { message: string; hint: string }): ApiResponse {
  return {
    status: 401,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'www-authenticate': 'Key realm="kong"'
    },
    body: JSON.stringify(body)
  }
}

/** True when `key` is an API key of this backend: a JWT it signed for anon or service_role. */
async function isApiKey(keys: JwtKeys, key: string): Promise<boolean> {
  try {
    const claims = await verifyJwt(keys, key)
    // A user's access token is a JWT this backend signed too, but Kong knows only the two keys.
    return claims.role === 'anon' || claims.role === 'service_role'
  } catch (error) {
    if (error instanceof JwtError) return false
    throw error
  }
}

export interface Gateway {
  /** The 401 for a request the gateway refuses, or null to let it through. */
  refusal(request: GatewayRequest): Promise<ApiResponse | null>
}

export function createGateway(keys: JwtKeys): Gateway {
  return {
    async refusal(request) {
      if (!needsApiKey(request)) return null
      const key = apiKeyOf(request)
      if (!key) return unauthorized(MISSING_KEY)
      return (await isApiKey(keys, key)) ? null : unauthorized(INVALID_KEY)
    }
  }
}
