// Live follower and following counts of one person. The database keeps both counts on the
// person's profiles row (a trigger on follows), so every follow or unfollow, by anyone, is one
// UPDATE of that row: listening to it is how an open profile page stays right.

import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import type { Profile } from '../domain'
import { joinWithResync, uniqueTopic } from './live-channel'

export interface ProfileCounts {
  id: string
  followers_count: number
  following_count: number
}

export interface ProfileCountsListener {
  onCounts(counts: ProfileCounts): void
  /** The channel re-joined after a gap (backend restart, sleep): re-read the counts. */
  onResync(): void
}

/** Listens for changes to `profileId`'s counts. Returns the function that stops listening. */
export function subscribeToProfileCounts(
  client: SupabaseClient,
  profileId: string,
  listener: ProfileCountsListener
): () => Promise<void> {
  const channel: RealtimeChannel = client
    .channel(uniqueTopic(`profile:${profileId}`))
    .on<Profile>(
      'postgres_changes',
      { event: 'UPDATE', schema: 'public', table: 'profiles', filter: `id=eq.${profileId}` },
      (change) => {
        const row = change.new as Profile
        listener.onCounts({
          id: row.id,
          followers_count: row.followers_count ?? 0,
          following_count: row.following_count ?? 0
        })
      }
    )
  return joinWithResync(client, channel, () => listener.onResync())
}
