// Helpers for broadcast and presence tests: a supabase-js channel joined with a config, and
// everything it heard (broadcasts, presence events, its subscribe statuses), awaitable.

import { randomUUID } from 'node:crypto'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { vi } from 'vitest'

export interface Heard {
  event: string
  payload: unknown
}

export interface RoomConfig {
  broadcast?: { self?: boolean; ack?: boolean }
  presence?: { key?: string; enabled?: boolean }
  private?: boolean
}

export class Room {
  readonly broadcasts: Heard[] = []
  readonly presence: Record<string, unknown>[] = []
  readonly statuses: { status: string; error?: string }[] = []

  constructor(readonly channel: RealtimeChannel) {
    channel.on('broadcast', { event: '*' }, (message: { event: string; payload: unknown }) => {
      this.broadcasts.push({ event: message.event, payload: message.payload })
    })
  }

  /** Listens to presence sync/join/leave (realtime-js then asks for presence at join). */
  watchPresence(): this {
    for (const event of ['sync', 'join', 'leave'] as const) {
      this.channel.on('presence', { event } as never, (payload?: Record<string, unknown>) =>
        this.presence.push({ ...(payload ?? {}), event })
      )
    }
    return this
  }

  /** Subscribes; resolves with the first status other than a pending one. */
  async subscribe(): Promise<string> {
    this.channel.subscribe((status, error) => {
      this.statuses.push({ status, error: error?.message })
    })
    await vi.waitFor(() => {
      if (this.statuses.length === 0) throw new Error('no status yet')
    }, 10_000)
    return this.statuses[0].status
  }

  /** Payloads of the broadcasts heard with `event`. */
  heard(event: string): unknown[] {
    return this.broadcasts.filter((message) => message.event === event).map((m) => m.payload)
  }
}

export function room(client: SupabaseClient, name: string, config: RoomConfig = {}): Room {
  return new Room(client.channel(name, { config: config as never }))
}

export const roomName = (prefix: string): string => `${prefix}-${randomUUID()}`

/** Waits until `check` passes (vi.waitFor with a realtime-sized timeout). */
export function eventually(check: () => void, timeout = 5_000): Promise<void> {
  return vi.waitFor(check, { timeout, interval: 20 })
}
