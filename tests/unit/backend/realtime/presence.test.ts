// A topic's presence state and the diffs realtime-js merges (see presence.ts for why tracking
// again keeps the ref), and the cap on presences per topic.

import { describe, expect, it } from 'vitest'
import { PresenceRoom } from '../../../../src/backend/realtime/presence'

describe('presence room', () => {
  it('joins, replaces under the same ref, and leaves', () => {
    const room = new PresenceRoom<string>(10)
    const joined = room.track('a', 'user-1', { status: 'typing' })
    const ref = joined?.joins['user-1'].metas[0].phx_ref
    expect(joined).toEqual({
      joins: { 'user-1': { metas: [{ status: 'typing', phx_ref: ref }] } },
      leaves: {}
    })
    expect(room.track('a', 'user-1', { status: 'idle' })).toEqual({
      joins: { 'user-1': { metas: [{ status: 'idle', phx_ref: ref }] } },
      leaves: {}
    })
    room.track('b', 'user-1', { status: 'on phone' })
    expect(room.state()['user-1'].metas.map((meta) => meta.status)).toEqual(['idle', 'on phone'])
    expect(room.untrack('a')).toEqual({
      joins: {},
      leaves: { 'user-1': { metas: [{ status: 'idle', phx_ref: ref }] } }
    })
    expect(room.untrack('a')).toBeNull()
    expect(room.size).toBe(1)
  })

  it('refuses a presence past its capacity, but not a replacement', () => {
    const room = new PresenceRoom<string>(1)
    expect(room.track('a', 'k', {})).not.toBeNull()
    expect(room.track('b', 'k2', {})).toBeNull()
    expect(room.track('a', 'k', { again: true })).not.toBeNull()
  })

  it('never lets a payload choose its phx_ref', () => {
    const room = new PresenceRoom<string>(1)
    const diff = room.track('a', 'k', { phx_ref: 'forged' })
    expect(diff?.joins.k.metas[0].phx_ref).not.toBe('forged')
  })
})
