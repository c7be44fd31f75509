// Who is in a thread right now and who is typing, over Realtime broadcast and presence on the
// thread's private channel (`direct:<thread id>`): the same realtime-js calls run against hosted
// Supabase and the local backend, and the channel's authorization (row-level security on
// realtime.messages) lets only the thread's participants join, send or track.

import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'

/** How long "typing…" shows after the last keystroke it heard of. */
export const TYPING_SHOWN_MS = 4000
/** A typist says so at most this often. */
export const TYPING_SEND_EVERY_MS = 1500

export const directTopic = (threadId: string): string => `direct:${threadId}`

export interface ThreadRoomListener {
  /** The people (ids) present in the thread now, the reader included. */
  onPresent(userIds: string[]): void
  /** Someone else is typing. */
  onTyping(userId: string): void
}

export interface ThreadRoom {
  /** Tells the others the reader is typing (throttled here). */
  typing(): void
  leave(): Promise<void>
}

export function joinThreadRoom(
  client: SupabaseClient,
  threadId: string,
  userId: string,
  listener: ThreadRoomListener
): ThreadRoom {
  const channel: RealtimeChannel = client.channel(directTopic(threadId), {
    config: { private: true, presence: { key: userId }, broadcast: { self: false } }
  })
  channel
    .on('presence', { event: 'sync' }, () => {
      listener.onPresent(Object.keys(channel.presenceState()))
    })
    .on('broadcast', { event: 'typing' }, ({ payload }) => {
      const from = (payload as { user_id?: unknown }).user_id
      if (typeof from === 'string' && from !== userId) listener.onTyping(from)
    })
    .subscribe((status) => {
      if (status === 'SUBSCRIBED') void channel.track({ online_at: new Date().toISOString() })
    })
  let lastSent = 0
  return {
    typing() {
      const now = Date.now()
      if (now - lastSent < TYPING_SEND_EVERY_MS) return
      lastSent = now
      void channel.send({ type: 'broadcast', event: 'typing', payload: { user_id: userId } })
    },
    leave: async () => {
      await client.removeChannel(channel)
    }
  }
}
