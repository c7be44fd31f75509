// What one client may ask realtime to do, in one place. Every binding's filter is evaluated in
// SQL for every change of its table, so their number and size are the cost each change carries;
// one socket used to be able to hold 10,000 filters (~14 MB) and seven of them stopped delivery
// for every anonymous subscriber. Caps apply per connection and per client address (a shared
// server's users each have their own; the app's own windows share 127.0.0.1 and use a handful).
// Filters take only hosted Realtime's operators (bindings.ts), none of them a pattern.

export const REALTIME_LIMITS = {
  /** Sockets one address may hold open at once (an idle socket costs ~6 KB). */
  connectionsPerAddress: 2_000,
  /** Channels (topics) per socket. */
  channelsPerConnection: 100,
  /**
   * postgres_changes bindings per channel, per socket, and over every socket of an address.
   * A binding without a filter shares one check per change with every other such binding of
   * its identity, so it is cheap; bindings with a filter are capped harder below.
   */
  bindingsPerChannel: 100,
  bindingsPerConnection: 200,
  bindingsPerAddress: 5_000,
  /** Bindings with a filter over every socket of an address: each may be a check per change. */
  filtersPerAddress: 500,
  /** Bytes (UTF-8) of filter text per binding, per socket, and over every socket of an address. */
  filterBytesPerBinding: 1_024,
  filterBytesPerConnection: 16 * 1024,
  filterBytesPerAddress: 64 * 1024,
  /** Distinct filters evaluated in one SQL statement when a change is checked (delivery). */
  filtersPerStatement: 50,
  /** Bytes of one broadcast payload or presence payload (hosted's Free plan: 256 KB). */
  payloadBytes: 256 * 1024,
  /** Broadcasts and presence messages per socket (or per address over REST) per second. */
  messagesPerSecond: 100,
  /** Presence track/untrack per socket per second (hosted's Free plan: 20). */
  presenceEventsPerSecond: 20,
  /** Keys of one presence payload (hosted's "presence keys per object"). */
  presenceKeysPerObject: 10,
  /** Presences tracked on one topic, so one room's state stays small enough to send at join. */
  presencesPerTopic: 1_000,
  /** Messages one REST broadcast request may carry. */
  messagesPerRequest: 100,
  /**
   * Bytes queued for a socket that does not read them: past this it is closed (realtime-js
   * reconnects), so a stalled reader costs bounded memory and never delays the others.
   */
  sendBufferBytes: 8 * 1024 * 1024
} as const

/** Counts events in one-second windows: at most `max` per window. */
export class PerSecond {
  private windowStart = 0
  private count = 0

  constructor(private readonly max: number) {}

  /** Counts `n` events now; false (and nothing counted) when they would pass the maximum. */
  take(n = 1, now = Date.now()): boolean {
    if (now - this.windowStart >= 1_000) {
      this.windowStart = now
      this.count = 0
    }
    if (this.count + n > this.max) return false
    this.count += n
    return true
  }
}

/** What one socket or one address holds: bindings, those with a filter, and the filters' bytes. */
export interface Usage {
  bindings: number
  filters: number
  filterBytes: number
}

/** The sockets of each client address and what they hold together. */
export class AddressUsage {
  private readonly byAddress = new Map<string, Usage & { connections: number }>()

  /** Counts a new socket from `address`; false when the address already holds its maximum. */
  connect(address: string): boolean {
    const usage = this.byAddress.get(address) ?? {
      connections: 0,
      bindings: 0,
      filters: 0,
      filterBytes: 0
    }
    if (usage.connections >= REALTIME_LIMITS.connectionsPerAddress) return false
    usage.connections++
    this.byAddress.set(address, usage)
    return true
  }

  disconnect(address: string, held: Usage): void {
    const usage = this.byAddress.get(address)
    if (!usage) return
    this.release(address, held)
    usage.connections--
    if (usage.connections <= 0) this.byAddress.delete(address)
  }

  /** Which cap `address` would pass by taking `wanted`, or null. */
  refusal(address: string, wanted: Usage): string | null {
    const usage = this.byAddress.get(address)
    if (!usage) return 'the connection is closed'
    if (usage.bindings + wanted.bindings > REALTIME_LIMITS.bindingsPerAddress) {
      return `At most ${REALTIME_LIMITS.bindingsPerAddress} postgres_changes bindings per client address`
    }
    if (usage.filters + wanted.filters > REALTIME_LIMITS.filtersPerAddress) {
      return `At most ${REALTIME_LIMITS.filtersPerAddress} filtered postgres_changes bindings per client address`
    }
    if (usage.filterBytes + wanted.filterBytes > REALTIME_LIMITS.filterBytesPerAddress) {
      return `At most ${REALTIME_LIMITS.filterBytesPerAddress} bytes of filters per client address`
    }
    return null
  }

  /** Takes `wanted` for `address`, or says which cap it would pass (and takes nothing). */
  reserve(address: string, wanted: Usage): string | null {
    const refused = this.refusal(address, wanted)
    const usage = this.byAddress.get(address)
    if (refused || !usage) return refused
    usage.bindings += wanted.bindings
    usage.filters += wanted.filters
    usage.filterBytes += wanted.filterBytes
    return null
  }

  release(address: string, held: Usage): void {
    const usage = this.byAddress.get(address)
    if (!usage) return
    usage.bindings = Math.max(0, usage.bindings - held.bindings)
    usage.filters = Math.max(0, usage.filters - held.filters)
    usage.filterBytes = Math.max(0, usage.filterBytes - held.filterBytes)
  }
}

/** What one socket holds, within its own caps and its address's. */
export class ConnectionUsage {
  private readonly held: Usage = { bindings: 0, filters: 0, filterBytes: 0 }
  private closed = false

  constructor(
    private readonly address: string,
    private readonly addresses: AddressUsage
  ) {}

  /**
   * Which cap a new channel holding `wanted` would pass, or null. Asked before a join's
   * bindings are parsed too, so a flood of joins over the caps costs no parsing.
   */
  refusal(wanted: Usage): string | null {
    if (this.held.bindings + wanted.bindings > REALTIME_LIMITS.bindingsPerConnection) {
      return `At most ${REALTIME_LIMITS.bindingsPerConnection} postgres_changes bindings per connection`
    }
    if (this.held.filterBytes + wanted.filterBytes > REALTIME_LIMITS.filterBytesPerConnection) {
      return `At most ${REALTIME_LIMITS.filterBytesPerConnection} bytes of filters per connection`
    }
    return this.addresses.refusal(this.address, wanted)
  }

  /** Takes `wanted` for a new channel, or says which cap it would pass (and takes nothing). */
  take(wanted: Usage): string | null {
    const over = this.refusal(wanted)
    if (over) return over
    const refused = this.addresses.reserve(this.address, wanted)
    if (refused) return refused
    this.held.bindings += wanted.bindings
    this.held.filters += wanted.filters
    this.held.filterBytes += wanted.filterBytes
    return null
  }

  give(taken: Usage): void {
    this.held.bindings -= taken.bindings
    this.held.filters -= taken.filters
    this.held.filterBytes -= taken.filterBytes
    this.addresses.release(this.address, taken)
  }

  /** The socket is gone: everything it held, and the socket itself, leave its address's count. */
  close(): void {
    if (this.closed) return
    this.closed = true
    this.addresses.disconnect(this.address, this.held)
  }
}

/** What a channel's bindings hold. */
export function usageOf(bindings: readonly { filterText: string }[]): Usage {
  return {
    bindings: bindings.length,
    filters: bindings.filter((b) => b.filterText !== '').length,
    filterBytes: bindings.reduce((sum, b) => sum + Buffer.byteLength(b.filterText), 0)
  }
}

/** What a join's raw `config.postgres_changes` would hold, before it is parsed (or null). */
export function claimedUsage(raw: unknown): Usage | null {
  if (!Array.isArray(raw)) return null
  const filters = raw
    .map((entry) => (entry as { filter?: unknown } | null)?.filter)
    .map((filter) => (typeof filter === 'string' ? filter.trim() : ''))
    .filter((filter) => filter !== '')
  return {
    bindings: raw.length,
    filters: filters.length,
    filterBytes: filters.reduce((sum, filter) => sum + Buffer.byteLength(filter), 0)
  }
}
