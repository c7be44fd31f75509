// Likes: the liked state of a page of posts in one query, and a like or unlike in one request.
// The counter is kept by a database trigger; set_post_like answers with it, so the optimistic
// ±1 is reconciled without a second read. Who liked a post: the likers list, keyset-paged, and
// the one liker a card names ("Liked by jane and others") for a page of posts in one request.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { PersonSummary } from '../domain'
import { queryError } from '../errors'
import { failure } from './failure'
import { afterCursorFilter, boundedPageSize, toPage, type Page, type PageCursor } from './keyset'
import { withStorageUrls } from './storage-urls'
import { REFUSED } from './refusal'

export const LIKERS_PAGE_SIZE = 30

export const POST_GONE_MESSAGE = REFUSED.postGone

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
    // PT404: the likes guard finds no post the caller may see (deleted, or its author blocked or
    // went private); P0002: raised by the function when the post went while unliking; 23503: the
    // post was deleted between the guard and the insert.
    if (['PT404', 'P0002', '23503'].includes(error.code)) throw new Error(POST_GONE_MESSAGE)
    throw queryError(liked ? 'like' : 'unlike', error)
  }
  return data as LikeState
}

/** Someone who liked a post, with the like's cursor (`like_id`, `liked_at`) for paging. */
export interface Liker extends Pick<
  PersonSummary,
  'id' | 'username' | 'full_name' | 'avatar_url' | 'followers_count'
> {
  like_id: string
  liked_at: string
}

interface LikeRow {
  id: string
  created_at: string
  profiles: Omit<Liker, 'like_id' | 'liked_at'> | null
}

/** The people who liked `postId`, newest like first, a page at a time. */
export async function likersPage(
  client: SupabaseClient,
  postId: string,
  options: { after?: PageCursor | null; limit?: number } = {}
): Promise<Page<Liker>> {
  const limit = boundedPageSize(options.limit, LIKERS_PAGE_SIZE)
  let query = client
    .from('likes')
    .select('id, created_at, profiles(id, username, full_name, avatar_url, followers_count)')
    .eq('post_id', postId)
  if (options.after) query = query.or(afterCursorFilter(options.after, 'newest'))
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit + 1)
  if (error) throw failure('loadLikes', error)
  const rows = withStorageUrls(client, (data ?? []) as unknown as LikeRow[])
  const page = toPage(rows, limit, (row) => ({ created_at: row.created_at, id: row.id }))
  return {
    next: page.next,
    items: page.items.flatMap((row) =>
      row.profiles
        ? [
            {
              ...row.profiles,
              followers_count: row.profiles.followers_count ?? 0,
              like_id: row.id,
              liked_at: row.created_at
            }
          ]
        : []
    )
  }
}

/**
 * For each of `postIds` that has likes, the liker its card names: someone the reader follows
 * when one of them liked it, or else the latest liker (like_highlights in the database).
 */
export async function likeHighlights(
  client: SupabaseClient,
  postIds: readonly string[]
): Promise<Map<string, string>> {
  const named = new Map<string, string>()
  if (postIds.length === 0) return named
  const { data, error } = await client.rpc(
    'like_highlights',
    { post_ids: [...postIds] },
    // GET: a read, run by the server in a read-only transaction.
    { get: true }
  )
  if (error) throw failure('loadLikers', error)
  for (const row of (data ?? []) as { post_id: string; username: string | null }[]) {
    if (row.username) named.set(row.post_id, row.username)
  }
  return named
}
