// The social graph: follow and unfollow, who follows whom (paged and searchable), suggestions,
// and the Following feed. Counts are kept by the database; follow and unfollow return the
// followed person's count as the server has it, so an optimistic UI can reconcile with it.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Connection, ConnectionDirection, Post, SuggestedPerson } from '../domain'
import { MAX_SEARCH_QUERY_LENGTH } from '../limits'
import { failure } from './failure'
import { REFUSED } from './refusal'
import { FEED_SELECT, type FeedCursor } from './feed'

/**
 * The feed's columns and, per post, the followed hashtag that brought it (public.followed_tag)
 * and whether the reader has seen it (public.seen).
 */
export const FOLLOWING_FEED_SELECT = `${FEED_SELECT}, followed_tag, seen`
import { withCurrentAvatarOrigin, withCurrentStorageOrigin } from './storage-urls'

export const FOLLOW_MESSAGES = {
  signInToFollow: REFUSED.signInToFollow,
  notYourself: REFUSED.followSelf
} as const

const UNIQUE_VIOLATION = '23505'
const CHECK_VIOLATION = '23514'

export interface FollowResult {
  /** The followed person's followers_count after the change. */
  followersCount: number
  /** A private account was asked instead (follow_profile): nothing changes until it approves. */
  requested?: boolean
}

async function followersCountOf(client: SupabaseClient, userId: string): Promise<number> {
  const { data, error } = await client
    .from('profiles')
    .select('followers_count')
    .eq('id', userId)
    .maybeSingle()
  if (error || !data) return 0
  return (data as { followers_count: number }).followers_count
}

/** `followerId` (the signed-in user) follows `followingId`. Following twice is not an error. */
export async function follow(
  client: SupabaseClient,
  followerId: string | null,
  followingId: string
): Promise<FollowResult> {
  if (!followerId) throw new Error(FOLLOW_MESSAGES.signInToFollow)
  if (followerId === followingId) throw new Error(FOLLOW_MESSAGES.notYourself)
  // follow_profile follows a public account and asks a private one (a follow request).
  const { data, error } = await client.rpc('follow_profile', { target: followingId })
  if (error && error.code !== UNIQUE_VIOLATION) {
    if (error.code === CHECK_VIOLATION) throw new Error(FOLLOW_MESSAGES.notYourself)
    throw failure('follow', error)
  }
  const followersCount = await followersCountOf(client, followingId)
  return data === 'requested' ? { followersCount, requested: true } : { followersCount }
}

/** `followerId` (the signed-in user) stops following `followingId`; a no-op when not following. */
export async function unfollow(
  client: SupabaseClient,
  followerId: string | null,
  followingId: string
): Promise<FollowResult> {
  if (!followerId) throw new Error(FOLLOW_MESSAGES.signInToFollow)
  const { error } = await client
    .from('follows')
    .delete()
    .eq('follower_id', followerId)
    .eq('following_id', followingId)
  if (error) throw failure('unfollow', error)
  // Unfollowing a private account one only asked to follow withdraws the request.
  const withdrawn = await client
    .from('follow_requests')
    .delete()
    .eq('requester_id', followerId)
    .eq('target_id', followingId)
  if (withdrawn.error) {
    throw failure('unfollow', withdrawn.error)
  }
  return { followersCount: await followersCountOf(client, followingId) }
}

/** Which of `userIds` the signed-in `followerId` follows (empty for a visitor). */
export async function followedAmong(
  client: SupabaseClient,
  followerId: string | null,
  userIds: string[]
): Promise<Set<string>> {
  if (!followerId || userIds.length === 0) return new Set()
  const { data, error } = await client
    .from('follows')
    .select('following_id')
    .eq('follower_id', followerId)
    .in('following_id', [...new Set(userIds)])
  if (error) throw failure('loadList', error)
  return new Set((data ?? []).map((row) => (row as { following_id: string }).following_id))
}

/** Which of `userIds` follow `followingId` (the signed-in user): "Follows you", "Follow back". */
export async function followersAmong(
  client: SupabaseClient,
  followingId: string | null,
  userIds: string[]
): Promise<Set<string>> {
  if (!followingId || userIds.length === 0) return new Set()
  const { data, error } = await client
    .from('follows')
    .select('follower_id')
    .eq('following_id', followingId)
    .in('follower_id', [...new Set(userIds)])
  if (error) throw failure('loadList', error)
  return new Set((data ?? []).map((row) => (row as { follower_id: string }).follower_id))
}

/** Keyset cursor of a followers/following list: its last row. */
export interface ConnectionCursor {
  followed_at: string
  id: string
}

export interface ConnectionsPageRequest {
  profileId: string
  direction: ConnectionDirection
  /** Only people whose username or full name contains this (case and accents ignored). */
  query?: string
  before?: ConnectionCursor
  limit: number
}

/** One page of a person's followers or of the people they follow, newest follow first. */
export async function fetchConnections(
  client: SupabaseClient,
  request: ConnectionsPageRequest
): Promise<Connection[]> {
  const query = request.query?.trim().slice(0, MAX_SEARCH_QUERY_LENGTH)
  // GET sends arguments as query parameters, where null would arrive as the text 'null':
  // leave unset ones out and the function's defaults apply.
  const args: Record<string, string | number> = {
    profile_id: request.profileId,
    direction: request.direction,
    page_size: request.limit
  }
  if (query) args.query = query
  if (request.before) {
    args.before_followed_at = request.before.followed_at
    args.before_id = request.before.id
  }
  const { data, error } = await client
    .rpc('profile_connections', args, { get: true })
    .select('id, username, full_name, avatar_url, followers_count, followed_at')
  if (error) throw failure('loadList', error)
  return ((data ?? []) as unknown as Connection[]).map((row) =>
    withCurrentAvatarOrigin(client, row)
  )
}

/**
 * People to follow: for a signed-in user, those followed by the people they follow first, then
 * the recently active and the most followed; for a visitor, the last two.
 */
export async function fetchSuggestions(
  client: SupabaseClient,
  limit: number
): Promise<SuggestedPerson[]> {
  const { data, error } = await client
    .rpc('suggested_profiles', { max_rows: limit }, { get: true })
    .select('id, username, full_name, avatar_url, followers_count, followed_by_count')
  if (error) throw failure('loadSuggestions', error)
  return ((data ?? []) as unknown as SuggestedPerson[]).map((row) =>
    withCurrentAvatarOrigin(client, row)
  )
}

export interface FeedPageRequest {
  /** The last post of the previous page. */
  before?: FeedCursor
  limit: number
}

/**
 * One page of the signed-in user's Following feed, newest first: posts of people they follow
 * and of hashtags they follow (those marked with `followed_tag`).
 */
export async function fetchFollowingFeedPage(
  client: SupabaseClient,
  { before, limit }: FeedPageRequest
): Promise<Post[]> {
  const { data, error } = await client
    .rpc(
      'following_feed_page',
      before
        ? { before_created_at: before.created_at, before_id: before.id, page_size: limit }
        : { page_size: limit },
      { get: true }
    )
    .select(FOLLOWING_FEED_SELECT)
  if (error) throw failure('loadFollowingFeed', error)
  return withCurrentOrigins(client, (data ?? []) as unknown as Post[])
}

/** The `limit` Following-feed posts just newer than `after`, newest first (for scrolling up). */
export async function fetchFollowingFeedNewer(
  client: SupabaseClient,
  { after, limit }: { after: FeedCursor; limit: number }
): Promise<Post[]> {
  const { data, error } = await client
    .rpc(
      'following_feed_page_newer',
      { after_created_at: after.created_at, after_id: after.id, page_size: limit },
      { get: true }
    )
    .select(FOLLOWING_FEED_SELECT)
  if (error) throw failure('loadFollowingFeed', error)
  return withCurrentOrigins(client, (data ?? []) as unknown as Post[]).reverse()
}

function withCurrentOrigins(client: SupabaseClient, posts: Post[]): Post[] {
  return withCurrentStorageOrigin(client, posts).map((post) => ({
    ...post,
    profiles: post.profiles ? withCurrentAvatarOrigin(client, post.profiles) : post.profiles
  }))
}
