// node:http glue: collects the body (with a cap), answers CORS (cors.ts), and turns a thrown
// error into a 500 with a JSON body instead of a dropped connection.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { clientAddress, forwardedHeaders } from './client-address'
import type { CorsPolicy } from './cors'
import { serverTiming, type RequestTiming } from './server-timing'
import type { ApiRequest, ApiResponse, Handler } from './types'

/** Uploads are at most 10 MB; the rest is multipart overhead. */
export const MAX_BODY_BYTES = 11 * 1024 * 1024

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

function send(
  res: ServerResponse,
  response: ApiResponse,
  method: string,
  cors: Record<string, string>
): void {
  const headers = { ...cors, ...response.headers }
  const body = response.body ?? null
  if (body !== null && headers['content-length'] === undefined) {
    headers['content-length'] = String(Buffer.byteLength(body))
  }
  res.writeHead(response.status, headers)
  res.end(method === 'HEAD' ? undefined : (body ?? undefined))
}

export function createHttpServer(handler: Handler, policy: CorsPolicy): Server {
  return createServer(async (req, res) => {
    const method = (req.method ?? 'GET').toUpperCase()
    const origin = req.headers.origin
    const cors = policy.headersFor(origin)
    if (origin !== undefined && !policy.allows(origin)) {
      req.resume()
      send(res, policy.refusal(origin), method, cors)
      return
    }
    if (method === 'OPTIONS') {
      send(res, { status: 204 }, method, cors)
      return
    }
    const started = performance.now()
    const timing: RequestTiming = { dbMs: 0 }
    try {
      const body = await collectBody(req)
      const remoteAddress = clientAddress(req.socket.remoteAddress)
      const request: ApiRequest = {
        method,
        url: new URL(req.url ?? '/', 'http://localhost'),
        headers: forwardedHeaders(req.headers, remoteAddress),
        body,
        remoteAddress,
        rawPath: (req.url ?? '/').split('?')[0],
        timing
      }
      const response = await handler(request)
      const timed = { ...cors, 'server-timing': serverTiming(timing, performance.now() - started) }
      send(res, response, method, timed)
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        send(
          res,
          jsonError(413, 'Payload too large', 'The object exceeded the maximum allowed size'),
          method,
          cors
        )
        return
      }
      // A client that hung up mid-body (a dropped resumable upload chunk) needs no answer.
      if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' && req.destroyed) return
      console.error('[backend] unhandled error', error)
      send(res, jsonError(500, 'internal_error', 'Internal server error'), method, cors)
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
