// Who is present on one topic, kept the way Phoenix.Presence keeps it so realtime-js's client
// (its RealtimePresence) can merge it: a state `{ key: { metas: [{ phx_ref, ...payload }] } }`
// sent at join, then diffs `{ joins, leaves }` in the same shape. Each joined channel holds at
// most one presence (its key, from `config.presence.key` or one made up per join); tracking
// again replaces it: the diff leaves the old meta and joins the new one with `phx_ref_prev`.

import { randomBytes } from 'node:crypto'

export type Meta = Record<string, unknown> & { phx_ref: string }
export type PresenceMap = Record<string, { metas: Meta[] }>
export interface PresenceDiff {
  joins: PresenceMap
  leaves: PresenceMap
}

interface Entry {
  key: string
  meta: Meta
}

const newRef = (): string => randomBytes(9).toString('base64url')

function single(key: string, meta: Meta): PresenceMap {
  return { [key]: { metas: [meta] } }
}

export class PresenceRoom<Owner> {
  private readonly entries = new Map<Owner, Entry>()

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size
  }

  /** Everyone present, for a channel that just joined. */
  state(): PresenceMap {
    const state: PresenceMap = {}
    for (const { key, meta } of this.entries.values()) {
      ;(state[key] ??= { metas: [] }).metas.push(meta)
    }
    return state
  }

  /** `owner` is present under `key` with `payload`; null when the room is full. */
  track(owner: Owner, key: string, payload: Record<string, unknown>): PresenceDiff | null {
    const previous = this.entries.get(owner)
    if (!previous && this.entries.size >= this.capacity) return null
    const sameKey = previous?.key === key
    const meta: Meta = { ...payload, phx_ref: sameKey ? previous.meta.phx_ref : newRef() }
    this.entries.set(owner, { key, meta })
    return {
      joins: single(key, meta),
      leaves: previous && !sameKey ? single(previous.key, previous.meta) : {}
    }
  }

  /** `owner` is no longer present; null when it was not. */
  untrack(owner: Owner): PresenceDiff | null {
    const previous = this.entries.get(owner)
    if (!previous) return null
    this.entries.delete(owner)
    return { joins: {}, leaves: single(previous.key, previous.meta) }
  }
}
