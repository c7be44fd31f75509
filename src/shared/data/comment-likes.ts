// Likes on comments: which of a page of comments the user likes (one query), a like or unlike
// in one request (set, not toggle, so a retry lands on the same state), and the live like
// counts of one post's comments. comments.likes_count is kept by a database trigger.

import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import type { Comment } from '../domain'
import { queryError } from '../errors'
import { joinWithResync, uniqueTopic } from './live-channel'

export const COMMENT_GONE_MESSAGE = 'This comment no longer exists'

export interface CommentLikeState {
  liked: boolean
  likes_count: number
}

/** Which of `commentIds` the user likes: one `.in` query for a whole page with its replies. */
export async function likedCommentIds(
  client: SupabaseClient,
  userId: string,
  commentIds: readonly string[]
): Promise<Set<string>> {
  if (commentIds.length === 0) return new Set()
  const { data, error } = await client
    .from('comment_likes')
    .select('comment_id')
    .eq('user_id', userId)
    .in('comment_id', [...commentIds])
  if (error) throw queryError('comment likes', error)
  return new Set((data ?? []).map((row: { comment_id: string }) => row.comment_id))
}

/** Likes or unlikes `commentId` as the signed-in user and returns its new state. */
export async function setCommentLike(
  client: SupabaseClient,
  commentId: string,
  liked: boolean
): Promise<CommentLikeState> {
  const { data, error } = await client
    .rpc('set_comment_like', { target_comment_id: commentId, should_like: liked })
    .single()
  if (error) {
    // 23503: the comment was deleted meanwhile; P0002: raised by the function for the same reason.
    if (error.code === '23503' || error.code === 'P0002') throw new Error(COMMENT_GONE_MESSAGE)
    throw queryError(liked ? "Couldn't like the comment" : "Couldn't unlike the comment", error)
  }
  return data as CommentLikeState
}

export interface CommentCountsListener {
  /** A comment of the post changed: its likes_count. */
  onCount(commentId: string, likesCount: number): void
  /** The channel re-joined after a gap: re-read the comments. */
  onResync(): void
}

/** Listens for like-count changes of `postId`'s comments. Returns the function that stops. */
export function subscribeToCommentCounts(
  client: SupabaseClient,
  postId: string,
  listener: CommentCountsListener
): () => Promise<void> {
  const channel: RealtimeChannel = client
    .channel(uniqueTopic(`comments:${postId}`))
    .on<Comment>(
      'postgres_changes',
      { event: 'UPDATE', schema: 'public', table: 'comments', filter: `post_id=eq.${postId}` },
      (change) => {
        const row = change.new as Comment
        listener.onCount(row.id, row.likes_count ?? 0)
      }
    )
  return joinWithResync(client, channel, () => listener.onResync())
}
