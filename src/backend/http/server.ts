// node:http glue: every request passes the same named stages before a service sees it:
//   origin   the CORS allow-list (cors.ts): a page of another origin is refused, preflights end here
//   gateway  the API key, as hosted Supabase's gateway requires it (gateway.ts)
//   body     collected with a cap
//   handler  the services; a thrown error becomes a 500 with a JSON body, not a dropped connection
// WebSocket upgrades pass the origin and gateway stages too (admitUpgrades).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { clientAddress, forwardedHeaders } from './client-address'
import type { CorsPolicy } from './cors'
import type { Gateway, GatewayRequest } from './gateway'
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

export interface HttpStages {
  cors: CorsPolicy
  gateway: Gateway
  /** Paths answered without any CORS header, preflights included (the mailbox). */
  withoutCors?: (path: string) => boolean
}

/** A request's Origin when it is the backend's own (`http://<Host>`): not a cross-origin call. */
function isSameOrigin(origin: string, host: string | undefined): boolean {
  return host !== undefined && origin === `http://${host}`
}

/** The origin stage: the refusal for an Origin that may not call, or null. */
function originRefusal(stages: HttpStages, req: IncomingMessage): ApiResponse | null {
  const origin = req.headers.origin
  if (origin === undefined || isSameOrigin(origin, req.headers.host)) return null
  return stages.cors.allows(origin) ? null : stages.cors.refusal(origin)
}

function gatewayRequest(req: IncomingMessage, method: string, url: URL): GatewayRequest {
  return { method, url, rawPath: (req.url ?? '/').split('?')[0], headers: req.headers }
}

export function createHttpServer(handler: Handler, stages: HttpStages): Server {
  return createServer(async (req, res) => {
    const method = (req.method ?? 'GET').toUpperCase()
    const url = new URL(req.url ?? '/', 'http://localhost')
    const origin = req.headers.origin
    const sameOrigin = origin !== undefined && isSameOrigin(origin, req.headers.host)
    const cors =
      stages.withoutCors?.(url.pathname) || sameOrigin
        ? { vary: 'Origin' }
        : stages.cors.headersFor(origin)
    const refusedOrigin = originRefusal(stages, req)
    if (refusedOrigin) {
      req.resume()
      send(res, refusedOrigin, method, cors)
      return
    }
    if (method === 'OPTIONS') {
      send(res, { status: 204 }, method, cors)
      return
    }
    const started = performance.now()
    const timing: RequestTiming = { dbMs: 0 }
    try {
      // Before the body is read: a refused upload is not even received.
      const refusedKey = await stages.gateway.refusal(gatewayRequest(req, method, url))
      if (refusedKey) {
        req.resume()
        send(res, refusedKey, method, cors)
        return
      }
      // The key is the gateway's: a service never sees it as a filter or an argument, and
      // finds it where supabase-js puts it, in the header.
      const queryKey = url.searchParams.get('apikey')
      if (queryKey !== null) {
        url.searchParams.delete('apikey')
        req.headers.apikey ??= queryKey
      }
      const body = await collectBody(req)
      const remoteAddress = clientAddress(req.socket.remoteAddress)
      const request: ApiRequest = {
        method,
        url,
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

/** Ends an upgrade that a stage refused with an HTTP answer (a browser sees the status). */
function refuseUpgrade(socket: Duplex, response: ApiResponse): void {
  const body = String(response.body ?? '')
  const head = [
    `HTTP/1.1 ${response.status} ${response.status === 401 ? 'Unauthorized' : 'Forbidden'}`,
    'connection: close',
    ...Object.entries(response.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    `content-length: ${Buffer.byteLength(body)}`
  ]
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`)
}

/**
 * Passes WebSocket upgrades (Realtime) through the origin and gateway stages before `accept`
 * sees them: realtime-js sends the key as the `apikey` query parameter.
 */
export function admitUpgrades(
  server: Server,
  stages: HttpStages,
  accept: (request: IncomingMessage, socket: Duplex, head: Buffer) => void
): void {
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusedOrigin = originRefusal(stages, req)
    if (refusedOrigin) {
      refuseUpgrade(socket, refusedOrigin)
      return
    }
    const url = new URL(req.url ?? '/', 'http://localhost')
    stages.gateway.refusal(gatewayRequest(req, 'GET', url)).then(
      (refusedKey) => (refusedKey ? refuseUpgrade(socket, refusedKey) : accept(req, socket, head)),
      (error: unknown) => {
        console.error('[backend] upgrade failed', error)
        socket.destroy()
      }
    )
  })
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
