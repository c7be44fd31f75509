// What every live subscription of the data layer shares: a topic of its own (realtime-js hands
// back the existing channel for a topic it already has) and a resync after every join but the
// first, since a re-join follows a gap (backend restart, sleep) in which changes were missed.

import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'

let subscriptionCount = 0

/** A topic no other subscription of this page uses. */
export function uniqueTopic(name: string): string {
  subscriptionCount += 1
  return `${name}:${subscriptionCount}`
}

/**
 * Joins `channel`, calling `onResync` on every join after the first (the first follows the
 * caller's own read). Returns the function that leaves it.
 */
export function joinWithResync(
  client: SupabaseClient,
  channel: RealtimeChannel,
  onResync: () => void
): () => Promise<void> {
  let joins = 0
  channel.subscribe((status) => {
    if (status !== 'SUBSCRIBED') return
    joins += 1
    if (joins > 1) onResync()
  })
  return async () => {
    await client.removeChannel(channel)
  }
}
