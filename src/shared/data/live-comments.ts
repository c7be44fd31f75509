// One post's comments as they change, for the open post view: new comments and replies (by
// anyone, on any device), deleted ones and like counts. Row-level security decides which new
// comments a subscriber hears of (a comment hidden by the author's words reaches the author
// only). Hosted Realtime cannot filter deletes, so deletes are heard for every comment the
// subscriber is told of and matched by id; a DELETE carries only the primary key.

import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import type { Comment } from '../domain'
import { joinWithResync, uniqueTopic } from './live-channel'

/** What a comment's change carries: its row, without the embedded author. */
export type CommentRow = Omit<Comment, 'profiles'>

export interface PostCommentsListener {
  /** A comment or reply was written on the post (read it back for its author). */
  onAdded(row: CommentRow): void
  /** A comment was deleted (of this post or another: only its id is known). */
  onRemoved(commentId: string): void
  /** A comment of the post changed: its likes_count. */
  onCount(commentId: string, likesCount: number): void
  /** The channel re-joined after a gap: re-read the comments. */
  onResync(): void
}

/** Listens for changes to `postId`'s comments. Returns the function that stops. */
export function subscribeToPostComments(
  client: SupabaseClient,
  postId: string,
  listener: PostCommentsListener
): () => Promise<void> {
  const ofPost = `post_id=eq.${postId}`
  const channel: RealtimeChannel = client
    .channel(uniqueTopic(`comments:${postId}`))
    .on<CommentRow>(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'comments', filter: ofPost },
      (change) => listener.onAdded(change.new as CommentRow)
    )
    .on<CommentRow>(
      'postgres_changes',
      { event: 'UPDATE', schema: 'public', table: 'comments', filter: ofPost },
      (change) => {
        const row = change.new as CommentRow
        listener.onCount(row.id, row.likes_count ?? 0)
      }
    )
    .on<CommentRow>(
      'postgres_changes',
      { event: 'DELETE', schema: 'public', table: 'comments' },
      (change) => {
        const id = (change.old as Partial<CommentRow>).id
        if (id) listener.onRemoved(id)
      }
    )
  return joinWithResync(client, channel, () => listener.onResync())
}
