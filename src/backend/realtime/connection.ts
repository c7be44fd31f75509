// One WebSocket: its channels (one per topic), heartbeats, joins and leaves, token refreshes.
// Mirrors what hosted Realtime answers, so realtime-js behaves the same against both:
// - `phx_join` with `config.postgres_changes` → `phx_reply` ok listing the bindings with ids,
//   then a `system` message; a bad token or binding → `phx_reply` error with the reason.
// - `heartbeat` on topic `phoenix` → `phx_reply` ok.
// - `access_token` → the channel acts as the new token from then on; an invalid or expired
//   token closes the channel (`system` error, then `phx_close`), as does the token expiring.
// - `phx_leave` → `phx_reply` ok and the channel is gone.
// - `broadcast` and `presence` pushes (channel-events.ts) reach the topic's room (hub.ts); a
//   private channel's join and token refreshes ask its read policies (authorization.ts).

import type { WebSocket } from 'ws'
import type { Database } from '../db/database'
import type { JwtKeys, RequestIdentity } from '../jwt'
import { identifyAccessToken, msUntilExpiry, RealtimeAuthError } from './auth'
import { channelAccess, type Readable } from './authorization'
import { BindingError, parseBindings, type Binding } from './bindings'
import { Channel, joinOptions } from './channel'
import { eventContext, onBroadcast, onPresence, type EventContext } from './channel-events'
import type { Hub } from './hub'
import { claimedUsage, REALTIME_LIMITS, usageOf, type ConnectionUsage } from './limits'
import type { PublishedTable } from './published-tables'
import {
  decodeFrame,
  encodeBroadcast,
  encodeFrame,
  ProtocolError,
  reply,
  serverPush,
  type Frame,
  type Vsn
} from './protocol'

/** Hosted Realtime closes a socket that sent nothing (not even a heartbeat) for a minute. */
export const IDLE_TIMEOUT_MS = 60_000
/** setTimeout's limit; tokens expiring later than this (the API keys) need no timer. */
const MAX_TIMER_MS = 2_147_483_647

export interface ConnectionDeps {
  keys: JwtKeys
  db: Database
  hub: Hub
  /** The tables of the publication, read when a join needs them. */
  tables(): Promise<Map<string, PublishedTable>>
  /** This socket's share of the realtime limits (limits.ts). */
  usage: ConnectionUsage
}

export class Connection {
  private readonly channels = new Map<string, Channel>()
  private idleTimer: NodeJS.Timeout | null = null
  private nextBindingId = 1
  /** Messages are handled one at a time, in order (a leave never overtakes its join). */
  private queue: Promise<void> = Promise.resolve()
  private readonly events: EventContext

  constructor(
    private readonly socket: WebSocket,
    private readonly vsn: Vsn,
    private readonly socketIdentity: RequestIdentity,
    private readonly deps: ConnectionDeps
  ) {
    this.events = eventContext(deps.db, deps.hub, (frame, status, response) =>
      this.send(reply(frame, status, response))
    )
    this.touch()
    socket.on('message', (data, isBinary) => {
      this.touch()
      const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer)
      this.queue = this.queue
        .then(() => this.receive(bytes, isBinary))
        .catch((error: unknown) => console.error('[realtime] a message broke the socket', error))
    })
    socket.on('close', () => this.dispose())
    socket.on('error', () => this.dispose())
  }

  /** The joined channels that listen to postgres changes. */
  subscribers(): Channel[] {
    return [...this.channels.values()].filter((channel) => channel.bindings.length > 0)
  }

  close(code: number, reason: string): void {
    this.dispose()
    this.socket.close(code, reason)
  }

  private dispose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer)
    this.idleTimer = null
    for (const channel of [...this.channels.values()]) this.remove(channel)
    this.deps.usage.close()
  }

  private touch(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer)
    this.idleTimer = setTimeout(
      () => this.close(1000, 'No heartbeat for a minute'),
      IDLE_TIMEOUT_MS
    )
    this.idleTimer.unref()
  }

  private send(frame: Frame): void {
    this.write(encodeFrame(this.vsn, frame))
  }

  /** Queues data for the client; a client that stopped reading is dropped, not waited for. */
  private write(data: string | Buffer): void {
    if (this.socket.readyState !== this.socket.OPEN) return
    if (this.socket.bufferedAmount > REALTIME_LIMITS.sendBufferBytes) {
      this.dispose()
      this.socket.terminate()
      return
    }
    this.socket.send(data)
  }

  private async receive(data: Buffer, isBinary: boolean): Promise<void> {
    let frame: Frame
    try {
      frame = decodeFrame(this.vsn, data, isBinary)
    } catch (error) {
      if (error instanceof ProtocolError) {
        this.close(1003, error.message.slice(0, 120))
        return
      }
      throw error
    }
    try {
      await this.handle(frame)
    } catch (error) {
      console.error('[realtime] handling a message failed', error)
      this.send(reply(frame, 'error', { reason: 'Internal error' }))
    }
  }

  private async handle(frame: Frame): Promise<void> {
    if (frame.topic === 'phoenix' && frame.event === 'heartbeat') {
      this.send(reply(frame, 'ok'))
      return
    }
    if (frame.event === 'phx_join') return this.join(frame)
    const channel = this.channels.get(frame.topic)
    if (!channel) {
      // What Phoenix answers for a push on a topic this socket has not joined.
      this.send(reply(frame, 'error', { reason: 'unmatched topic' }))
      return
    }
    switch (frame.event) {
      case 'phx_leave':
        this.remove(channel)
        this.send(reply(frame, 'ok'))
        return
      case 'access_token':
        return this.refreshToken(channel, frame)
      case 'broadcast':
        return onBroadcast(this.events, channel, frame)
      case 'presence':
        return onPresence(this.events, channel, frame)
      default:
        this.send(reply(frame, 'error', { reason: `Unknown event ${frame.event}` }))
    }
  }

  private async join(frame: Frame): Promise<void> {
    const payload = (frame.payload ?? {}) as Record<string, unknown>
    const config = (payload.config ?? {}) as Record<string, unknown>
    const existing = this.channels.get(frame.topic)
    // A second join of the same topic replaces the first, as in Phoenix.
    if (existing) this.remove(existing)
    if (!existing && this.channels.size >= REALTIME_LIMITS.channelsPerConnection) {
      this.send(
        reply(frame, 'error', {
          reason: `At most ${REALTIME_LIMITS.channelsPerConnection} channels per connection`
        })
      )
      return
    }
    const claimed = claimedUsage(config.postgres_changes)
    const overLimitEarly = claimed && this.deps.usage.refusal(claimed)
    if (overLimitEarly) {
      this.send(reply(frame, 'error', { reason: overLimitEarly }))
      return
    }
    const options = joinOptions(config)
    let identity: RequestIdentity
    let bindings: Binding[]
    let receives: Readable
    try {
      identity = await identifyAccessToken(
        this.deps.keys,
        payload.access_token,
        this.socketIdentity
      )
      bindings = parseBindings(
        config.postgres_changes,
        await this.deps.tables(),
        () => this.nextBindingId++
      )
      receives = await channelAccess(this.deps.db, identity, frame.topic, options.isPrivate)
    } catch (error) {
      if (error instanceof RealtimeAuthError || error instanceof BindingError) {
        this.send(reply(frame, 'error', { reason: error.message }))
        return
      }
      throw error
    }
    const usage = usageOf(bindings)
    const overLimit = this.deps.usage.take(usage)
    if (overLimit) {
      this.send(reply(frame, 'error', { reason: overLimit }))
      return
    }
    const topic = frame.topic
    const channel = new Channel(
      topic,
      frame.joinRef,
      identity,
      bindings,
      usage,
      options,
      receives,
      {
        frame: (out) => this.send(out),
        broadcast: (to, message) => {
          const data = encodeBroadcast(this.vsn, to, message)
          if (data !== null) this.write(data)
        }
      }
    )
    this.channels.set(topic, channel)
    this.scheduleExpiry(channel)
    this.send(reply(frame, 'ok', { postgres_changes: bindings.map((binding) => binding.reply) }))
    if (bindings.length > 0) {
      this.system(channel, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL')
    }
    this.deps.hub.join(channel)
  }

  private async refreshToken(channel: Channel, frame: Frame): Promise<void> {
    const token = (frame.payload as Record<string, unknown> | null)?.access_token
    try {
      const identity = await identifyAccessToken(this.deps.keys, token, channel.identity)
      // A private channel's policies may answer differently for the new token's user.
      const { db } = this.deps
      channel.actAs(identity, await channelAccess(db, identity, channel.topic, channel.isPrivate))
    } catch (error) {
      if (error instanceof RealtimeAuthError) {
        this.shut(channel, error.message)
        return
      }
      throw error
    }
    this.scheduleExpiry(channel)
  }

  private scheduleExpiry(channel: Channel): void {
    if (channel.expiry) clearTimeout(channel.expiry)
    channel.expiry = null
    const remaining = msUntilExpiry(channel.identity)
    if (remaining === null || remaining > MAX_TIMER_MS) return
    channel.expiry = setTimeout(
      () => this.shut(channel, 'Token has expired: refresh it with setAuth and subscribe again'),
      Math.max(remaining, 0)
    )
    channel.expiry.unref()
  }

  /** Ends a channel from the server side: realtime-js reports it CLOSED. */
  private shut(channel: Channel, message: string): void {
    this.system(channel, 'system', 'error', message)
    this.send(serverPush(channel.topic, 'phx_close', {}, channel.joinRef))
    this.remove(channel)
  }

  private remove(channel: Channel): void {
    if (channel.expiry) clearTimeout(channel.expiry)
    if (this.channels.get(channel.topic) !== channel) return
    this.channels.delete(channel.topic)
    this.deps.usage.give(channel.usage)
    this.deps.hub.leave(channel)
  }

  private system(
    channel: Channel,
    extension: string,
    status: 'ok' | 'error',
    message: string
  ): void {
    const subtopic = channel.topic.replace(/^realtime:/, '')
    this.send(
      serverPush(channel.topic, 'system', { extension, status, message, channel: subtopic })
    )
  }
}
