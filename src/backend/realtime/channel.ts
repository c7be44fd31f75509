// One joined topic of a socket: what its join asked for (postgres_changes bindings, broadcast
// `self`/`ack`, presence key, private), who it acts as, and what its policies let it do. It
// is a postgres_changes subscriber (delivery.ts) and a member of its topic's room (hub.ts).

import { randomUUID } from 'node:crypto'
import type { RequestIdentity } from '../jwt'
import type { Database } from '../db/database'
import { identityKey } from './auth'
import { mayWrite, type Extension, type Readable } from './authorization'
import type { Binding } from './bindings'
import type { PostgresChangesPayload, Subscriber } from './delivery'
import type { Member } from './hub'
import { REALTIME_LIMITS, type Usage } from './limits'
import { serverPush, type BroadcastMessage, type Frame } from './protocol'

/** What a join's `config` asks for besides postgres_changes. */
export interface JoinOptions {
  /** The sender receives its own broadcasts. */
  self: boolean
  /** Broadcasts are answered with `phx_reply` ok once handled. */
  ack: boolean
  presenceKey: string
  presenceEnabled: boolean
  isPrivate: boolean
}

export function joinOptions(config: Record<string, unknown>): JoinOptions {
  const broadcast = (config.broadcast ?? {}) as Record<string, unknown>
  const presence = (config.presence ?? {}) as Record<string, unknown>
  const key = typeof presence.key === 'string' ? presence.key : ''
  return {
    self: broadcast.self === true,
    ack: broadcast.ack === true,
    // realtime-js sends '' when the app set none; each join then is a presence of its own.
    presenceKey: key || randomUUID(),
    presenceEnabled: presence.enabled === true,
    isPrivate: config.private === true
  }
}

/** Where a channel's frames go: its socket. */
export interface Outlet {
  frame(frame: Frame): void
  broadcast(topic: string, message: BroadcastMessage): void
}

export class Channel implements Subscriber, Member {
  identityKey: string
  expiry: NodeJS.Timeout | null = null
  presenceEnabled: boolean
  /**
   * A private channel's write decisions with when they were asked: asked on first use, again
   * once older than REALTIME_LIMITS.writeDecisionMs, and forgotten on a new token.
   */
  private writes: Map<Extension, { decision: Promise<boolean>; askedAt: number }> | null = null

  constructor(
    readonly topic: string,
    readonly joinRef: string | null,
    public identity: RequestIdentity,
    readonly bindings: Binding[],
    readonly usage: Usage,
    readonly options: JoinOptions,
    public receives: Readable,
    private readonly outlet: Outlet
  ) {
    this.identityKey = identityKey(identity)
    this.presenceEnabled = options.presenceEnabled
  }

  get isPrivate(): boolean {
    return this.options.isPrivate
  }

  /** The topic as the app named it (and as `realtime.topic()` returns it). */
  get subtopic(): string {
    return this.topic.replace(/^realtime:/, '')
  }

  /** A new token: identity changes, cached write decisions are forgotten. */
  actAs(identity: RequestIdentity, receives: Readable): void {
    this.identity = identity
    this.identityKey = identityKey(identity)
    this.receives = receives
    this.writes = null
  }

  /** Whether this channel may send or track: always on a public channel, else its policies. */
  mayWrite(db: Database, extension: Extension, event: string, now = Date.now()): Promise<boolean> {
    if (!this.isPrivate) return Promise.resolve(true)
    const writes = (this.writes ??= new Map())
    const kept = writes.get(extension)
    if (kept && now - kept.askedAt < REALTIME_LIMITS.writeDecisionMs) return kept.decision
    const decision = mayWrite(db, this.identity, this.subtopic, extension, event)
    const entry = { decision, askedAt: now }
    // A failed check is not a decision: the next message asks again.
    decision.catch(() => {
      if (writes.get(extension) === entry) writes.delete(extension)
    })
    writes.set(extension, entry)
    return decision
  }

  send(change: PostgresChangesPayload): void {
    this.outlet.frame(serverPush(this.topic, 'postgres_changes', change))
  }

  pushBroadcast(message: BroadcastMessage): void {
    this.outlet.broadcast(this.topic, message)
  }

  pushPresence(event: 'presence_state' | 'presence_diff', payload: unknown): void {
    this.outlet.frame(serverPush(this.topic, event, payload))
  }
}
