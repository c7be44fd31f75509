// Live changes to posts: who posted (for the feed's "New posts" pill), counter changes (so the
// like and comment counts on visible cards move without a reload) and deletions (so a deleted
// post leaves every list that shows it). Row-level security on
// the server decides which rows a subscriber hears about, exactly as a select would.

import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import type { Post } from '../domain'
import { joinWithResync, uniqueTopic } from './live-channel'
import { withStorageUrls } from './storage-urls'

/** A posts row as the database sends it: no embedded author. */
export type PostRow = Omit<Post, 'profiles'>

export interface PostsListener {
  /** A post was created (by anyone, including the user: callers skip their own). */
  onInsert(post: PostRow): void
  /** A post changed, e.g. its likes_count or comments_count. */
  onUpdate(post: PostRow): void
  /** A post was deleted (only its id is sent, as hosted Realtime sends a DELETE). */
  onDelete(postId: string): void
  /** The channel re-joined after a gap (backend restart, sleep): re-read what may be missed. */
  onResync(): void
}

/** Listens for new and changed posts. Returns the function that stops listening. */
export function subscribeToPosts(
  client: SupabaseClient,
  listener: PostsListener
): () => Promise<void> {
  const channel: RealtimeChannel = client
    .channel(uniqueTopic('posts'))
    .on<PostRow>(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'posts' },
      (change) => listener.onInsert(withStorageUrls(client, change.new as PostRow))
    )
    .on<PostRow>(
      'postgres_changes',
      { event: 'UPDATE', schema: 'public', table: 'posts' },
      (change) => listener.onUpdate(withStorageUrls(client, change.new as PostRow))
    )
    .on<PostRow>(
      'postgres_changes',
      { event: 'DELETE', schema: 'public', table: 'posts' },
      (change) => {
        const id = (change.old as Partial<PostRow>).id
        if (id) listener.onDelete(id)
      }
    )
  return joinWithResync(client, channel, () => listener.onResync())
}

/**
 * Makes realtime send the current access token again (it reads it through the client's
 * accessToken callback), so joined channels keep hearing as the signed-in user after a sign-in,
 * sign-out or token refresh.
 */
export async function refreshRealtimeAuth(client: SupabaseClient): Promise<void> {
  await client.realtime.setAuth()
}
