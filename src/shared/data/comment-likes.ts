// Likes on comments: which of a page of comments the user likes (one query), a like or unlike
// in one request (set, not toggle, so a retry lands on the same state). comments.likes_count is
// kept by a database trigger; live-comments.ts follows it.

import type { SupabaseClient } from '@supabase/supabase-js'
import { queryError } from '../errors'
import { failure } from './failure'
import { REFUSED } from './refusal'

export const COMMENT_GONE_MESSAGE = REFUSED.commentGone

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
    throw failure(liked ? 'likeComment' : 'unlikeComment', error)
  }
  return data as CommentLikeState
}
