// Realtime at /realtime/v1/websocket: the Phoenix channel protocol of @supabase/realtime-js,
// with postgres_changes delivered under row-level security, broadcast and presence, and private
// channels authorized by policies on realtime.messages. Module map:
//   capture.ts     triggers on the publication's tables → pg_notify (the source of changes)
//   published-tables.ts  what is streamed: columns, keys, read policies
//   protocol.ts    frames on the wire (vsn 1.0.0 objects, 2.0.0 arrays)
//   auth.ts        apikey and access tokens → the role and claims a channel acts as
//   bindings.ts    a join's postgres_changes: events, tables, filters
//   connection.ts  one socket: joins, leaves, heartbeats, token refreshes
//   channel.ts     one joined topic: its options, identity and policy decisions
//   channel-events.ts  a channel's broadcast and presence messages
//   hub.ts, presence.ts  every topic's joined channels (broadcast fan-out) and presence
//   authorization.ts  private channels: RLS on realtime.messages
//   broadcast-http.ts  POST /realtime/v1/api/broadcast (send without a joined channel)
//   changes.ts     the changes a capture notification stands for
//   delivery.ts    who gets a change, and the payload
//   visibility.ts  whether a change is visible to an identity and which filters it matches
//   limits.ts      caps per socket and per client address; filter patterns that may not run
//
// The upgrade request passes the HTTP layer's origin and gateway stages first (http/server.ts:
// a web page the user visits must not stream new posts from 127.0.0.1, and the apikey must be
// the anon or service_role key); the origin is checked here again.
//
// Changes are delivered one at a time in commit order. When the database connection that
// LISTENs drops, notifications may be lost, so every socket is closed: realtime-js reconnects,
// re-joins, and the app re-reads what it shows (as it does after any reconnect).

import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { BackendContext } from '../context'
import { clientAddress } from '../http/client-address'
import type { CorsPolicy } from '../http/cors'
import type { Handler } from '../http/types'
import { createBroadcastApi } from './broadcast-http'
import { identifyApiKey, RealtimeAuthError } from './auth'
import { CHANGES_CHANNEL, installChangeCapture } from './capture'
import { tableKey } from './published-tables'
import { Connection } from './connection'
import { parseChanges } from './changes'
import { deliverChange } from './delivery'
import { Hub } from './hub'
import { AddressUsage, ConnectionUsage, REALTIME_LIMITS } from './limits'
import { parseVsn, ProtocolError } from './protocol'

export const REALTIME_PATH = '/realtime/v1/websocket'
export const MAX_CONNECTIONS = 10_000
/**
 * A client message is a join, a heartbeat, a token, a broadcast or a presence: past twice the
 * payload cap the socket is closed (1009); below it, a payload over the cap gets an error reply.
 */
const MAX_MESSAGE_BYTES = 2 * REALTIME_LIMITS.payloadBytes
const CLOSE_GRACE_MS = 1_000

export interface RealtimeServer {
  /** Takes over an HTTP upgrade request for the realtime path. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void
  /** POST /realtime/v1/api/broadcast[/<topic>/events/<event>]. */
  broadcastApi: Handler
  connectionCount(): number
  /** Closes every socket (clients reconnect by themselves) and stops listening. */
  close(): Promise<void>
}

function refuse(socket: Duplex, status: number, reason: string, message: string): void {
  const body = JSON.stringify({ message })
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  )
}

export async function startRealtime(
  context: BackendContext,
  cors: CorsPolicy
): Promise<RealtimeServer> {
  const { db } = context
  const tables = await installChangeCapture(db)
  const connections = new Set<Connection>()
  const addresses = new AddressUsage()
  const hub = new Hub()
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })

  let delivering: Promise<void> = Promise.resolve()
  const onNotify = (text: string): void => {
    const changes = parseChanges(text)
    if (changes.length === 0) return
    delivering = delivering.then(async () => {
      if (connections.size === 0) return
      const table = tables.get(tableKey(changes[0].schema, changes[0].table))
      const subscribers = [...connections].flatMap((connection) => connection.subscribers())
      if (!table || subscribers.length === 0) return
      for (const change of changes) {
        try {
          await deliverChange(db, table, change, subscribers)
        } catch (error) {
          console.error('[realtime] delivering a change failed', error)
        }
      }
    })
  }
  const closeAll = (code: number, reason: string): void => {
    for (const connection of connections) connection.close(code, reason)
    connections.clear()
  }
  const unlisten = await db.listen(CHANGES_CHANNEL, onNotify, () => {
    console.warn('[realtime] lost the database connection: clients reconnect and re-read')
    closeAll(1011, 'Changes may have been missed: reconnect')
  })

  return {
    handleUpgrade(request, socket, head) {
      const url = new URL(request.url ?? '/', 'http://localhost')
      if (url.pathname !== REALTIME_PATH) {
        refuse(socket, 404, 'Not Found', `No WebSocket endpoint at ${url.pathname}`)
        return
      }
      const origin = request.headers.origin
      if (!cors.allows(origin)) {
        refuse(socket, 403, 'Forbidden', cors.refusalMessage(origin ?? ''))
        return
      }
      if (connections.size >= MAX_CONNECTIONS) {
        refuse(socket, 503, 'Service Unavailable', 'Too many realtime connections')
        return
      }
      const address = clientAddress(request.socket.remoteAddress)
      const apikey = url.searchParams.get('apikey') ?? request.headers['apikey']?.toString() ?? null
      let vsn: ReturnType<typeof parseVsn>
      try {
        vsn = parseVsn(url.searchParams.get('vsn'))
      } catch (error) {
        refuse(socket, 400, 'Bad Request', (error as ProtocolError).message)
        return
      }
      identifyApiKey(context.keys, apikey)
        .then((identity) => {
          if (!addresses.connect(address)) {
            refuse(
              socket,
              429,
              'Too Many Requests',
              `At most ${REALTIME_LIMITS.connectionsPerAddress} realtime connections per client address`
            )
            return
          }
          wss.handleUpgrade(request, socket, head, (ws: WebSocket) => {
            const connection = new Connection(ws, vsn, identity, {
              keys: context.keys,
              db,
              hub,
              tables: async () => tables,
              usage: new ConnectionUsage(address, addresses)
            })
            connections.add(connection)
            ws.on('close', () => connections.delete(connection))
          })
        })
        .catch((error: unknown) => {
          if (error instanceof RealtimeAuthError) refuse(socket, 401, 'Unauthorized', error.message)
          else {
            console.error('[realtime] upgrade failed', error)
            refuse(socket, 500, 'Internal Server Error', 'Internal error')
          }
        })
    },
    broadcastApi: createBroadcastApi(context, hub),
    connectionCount: () => connections.size,
    async close() {
      const open = [...wss.clients]
      closeAll(1012, 'The backend is restarting')
      // Give clients a moment to answer the close, then drop whoever did not.
      await Promise.race([
        Promise.all(open.map((ws) => new Promise((resolve) => ws.once('close', resolve)))),
        new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())
      ])
      for (const ws of wss.clients) ws.terminate()
      await unlisten()
      await delivering
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    }
  }
}
