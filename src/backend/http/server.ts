// node:http glue: collects the body (with a cap), answers CORS, and turns a thrown error into
// a 500 with a JSON body instead of a dropped connection.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ApiRequest, ApiResponse, Handler } from './types'

/** Uploads are at most 10 MB; the rest is multipart overhead. */
export const MAX_BODY_BYTES = 11 * 1024 * 1024

const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, apikey, x-client-info, content-type, accept, accept-profile, content-profile, ' +
    'prefer, range, x-supabase-api-version, x-upsert, cache-control, x-metadata, x-retry-count, ' +
    'traceparent, tracestate, baggage',
  // Without this, browsers hide Content-Range and supabase-js reports count as null.
  'access-control-expose-headers': 'Content-Range, X-Supabase-Api-Version, Content-Length, ETag',
  'access-control-max-age': '600'
}

class BodyTooLargeError extends Error {}

function collectBody(message: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    message.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLargeError())
        message.resume()
        return
      }
      chunks.push(chunk)
    })
    message.on('end', () => resolve(Buffer.concat(chunks)))
    message.on('error', reject)
  })
}

function send(res: ServerResponse, response: ApiResponse, method: string): void {
  const headers = { ...CORS_HEADERS, ...response.headers }
  const body = response.body ?? null
  if (body !== null && headers['content-length'] === undefined) {
    headers['content-length'] = String(Buffer.byteLength(body))
  }
  res.writeHead(response.status, headers)
  res.end(method === 'HEAD' ? undefined : (body ?? undefined))
}

export function createHttpServer(handler: Handler): Server {
  return createServer(async (req, res) => {
    const method = (req.method ?? 'GET').toUpperCase()
    if (method === 'OPTIONS') {
      send(res, { status: 204 }, method)
      return
    }
    try {
      const body = await collectBody(req)
      const request: ApiRequest = {
        method,
        url: new URL(req.url ?? '/', 'http://localhost'),
        headers: req.headers as Record<string, string | undefined>,
        body,
        remoteAddress: req.socket.remoteAddress ?? 'unknown',
        rawPath: (req.url ?? '/').split('?')[0]
      }
      send(res, await handler(request), method)
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        send(
          res,
          jsonError(413, 'Payload too large', 'The object exceeded the maximum allowed size'),
          method
        )
        return
      }
      console.error('[backend] unhandled error', error)
      send(res, jsonError(500, 'internal_error', 'Internal server error'), method)
    }
  })
}

function jsonError(status: number, code: string, message: string): ApiResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ statusCode: String(status), code, error: code, message })
  }
}

export function listen(server: Server, port: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}
