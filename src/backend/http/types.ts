// The backend's own request and response values: plain data, so handlers are easy to test
// without sockets, and the node:http glue lives in one place (server.ts).

import type { RequestTiming } from './server-timing'

export interface ApiRequest {
  method: string
  url: URL
  /** Header names lower-cased, as node:http gives them. */
  headers: Record<string, string | undefined>
  body: Buffer
  /** The client's address, for rate limits. */
  remoteAddress: string
  /**
   * The path exactly as sent, before URL parsing resolves `.`/`..` and `%2e%2e` segments, so
   * storage can refuse traversal instead of silently rewriting the key.
   */
  rawPath?: string
  /** The request's Server-Timing figures (server-timing.ts), when the HTTP server times it. */
  timing?: RequestTiming
}

export interface ApiResponse {
  status: number
  headers?: Record<string, string>
  body?: string | Uint8Array | null
}

export type Handler = (request: ApiRequest) => Promise<ApiResponse>

export function jsonResponse(
  status: number,
  data: unknown,
  headers: Record<string, string> = {}
): ApiResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(data)
  }
}

/** Parses a JSON body; an empty body is `{}` (logout and DELETE arrive with content-type json and no body). */
export function readJsonBody(request: ApiRequest): unknown {
  const text = request.body.toString('utf8').trim()
  if (!text) return {}
  return JSON.parse(text)
}

export function bearerToken(request: ApiRequest): string | null {
  const header = request.headers['authorization']
  if (!header) return null
  const match = /^Bearer\s+(.+)$/i.exec(header.trim())
  return match ? match[1].trim() : null
}
