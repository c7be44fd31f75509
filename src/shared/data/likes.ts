// Likes: the liked state of a page of posts in one query, and a like or unlike in one request.
// The counter is kept by a database trigger; set_post_like answers with it, so the optimistic
// ±1 is reconciled without a second read.

import type { SupabaseClient } from '@supabase/supabase-js'
import { queryError } from '../errors'

export const POST_GONE_MESSAGE = 'This post no longer exists'

export interface LikeState {
  liked: boolean
  likes_count: number
}

/** Which of `postIds` the user likes: one `.in` query for a whole page. */
export async function likedPostIds(
  client: SupabaseClient,
  userId: string,
  postIds: readonly string[]
): Promise<Set<string>> {
  if (postIds.length === 0) return new Set()
  const { data, error } = await client
    .from('likes')
    .select('post_id')
    .eq('user_id', userId)
    .in('post_id', [...postIds])
  if (error) throw queryError('likes', error)
  return new Set((data ?? []).map((row: { post_id: string }) => row.post_id))
}

/**
 * Likes or unlikes `postId` as the signed-in user and returns the post's new state. Setting (not
 * toggling) makes a retry harmless: it lands on the same state.
 */
export async function setPostLike(
  client: SupabaseClient,
  postId: string,
  liked: boolean
): Promise<LikeState> {
  const { data, error } = await client
    .rpc('set_post_like', { target_post_id: postId, should_like: liked })
    .single()
  if (error) {
    // 23503: the like's post was deleted; P0002: raised by the function for the same reason.
    if (error.code === '23503' || error.code === 'P0002') throw new Error(POST_GONE_MESSAGE)
    throw queryError(liked ? 'like' : 'unlike', error)
  }
  return data as LikeState
}
