// Live direct messages: new and unsent messages, hearts, read marks and thread order, from
// Realtime's postgres_changes. No filter is needed for privacy: the server delivers a change
// only to subscribers whose row-level security lets them read the row, which for these tables
// means participants of its thread.

import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js'
import { joinWithResync, uniqueTopic } from '../live-channel'

type Row = Record<string, unknown>

export interface DirectListener {
  /** A message arrived in one of the reader's threads (fetch it for its embeds). */
  onMessage(row: { id: string; thread_id: string; sender_id: string; created_at: string }): void
  /** A message was unsent. */
  onUnsend(row: { id: string; thread_id: string }): void
  /** A heart was given (`hearted`) or taken back. */
  onHeart(row: { message_id: string; user_id: string; thread_id: string }, hearted: boolean): void
  /** Someone's read mark or state in a thread changed. */
  onParticipant(row: {
    thread_id: string
    user_id: string
    last_read_at: string | null
    state: string
    left_at: string | null
  }): void
  /** The channel re-joined after a gap: re-read the inbox and the open thread. */
  onResync(): void
}

function rowOf<T>(payload: RealtimePostgresChangesPayload<Row>): T {
  return (payload.eventType === 'DELETE' ? payload.old : payload.new) as T
}

/** Subscribes the reader to every direct-message change they may see; returns the unsubscribe. */
export function subscribeToDirect(
  client: SupabaseClient,
  listener: DirectListener
): () => Promise<void> {
  const channel = client
    .channel(uniqueTopic('direct'))
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'direct_messages' }, (p) =>
      listener.onMessage(rowOf(p))
    )
    .on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'direct_messages' }, (p) =>
      listener.onUnsend(rowOf(p))
    )
    .on('postgres_changes', { event: '*', schema: 'public', table: 'direct_reactions' }, (p) =>
      listener.onHeart(rowOf(p), p.eventType === 'INSERT')
    )
    .on('postgres_changes', { event: '*', schema: 'public', table: 'direct_participants' }, (p) =>
      listener.onParticipant(rowOf(p))
    )
  return joinWithResync(client, channel, listener.onResync)
}
