// Profiles: read anyone's (by id or username) with their posts and counts, and search people.
// Editing one's own is profile-edits.ts, which the app loads when first used.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { PersonSummary, Post, Profile } from '../domain'
import {
  AVATAR_SIZE,
  MAX_BIO_LENGTH,
  MAX_SEARCH_QUERY_LENGTH,
  PROFILE_GRID_PAGE_SIZE,
  USERNAME_PATTERN
} from '../limits'
import { failure } from './failure'
import { refused, REFUSED } from './refusal'
import { withCurrentAvatarOrigin, withCurrentStorageOrigin } from './storage-urls'
import { afterCursorFilter, boundedPageSize, toPage, type PageCursor } from './keyset'

export const PROFILE_COLUMNS =
  'id, username, full_name, avatar_url, bio, created_at, followers_count, following_count, posts_count, is_private, manually_approve_tags'
export const PERSON_COLUMNS = 'id, username, full_name, avatar_url, followers_count'

export const PROFILE_MESSAGES = {
  usernameFormat: REFUSED.usernameFormat,
  usernameTaken: REFUSED.usernameTaken,
  bioTooLong: refused('bioTooLong', { max: MAX_BIO_LENGTH }),
  avatarTooLarge: refused('avatarTooLarge', { width: AVATAR_SIZE, height: AVATAR_SIZE })
} as const

/** The profile row, or null when it cannot be read (the caller shows the page without it). */
export async function fetchProfile(
  client: SupabaseClient,
  userId: string
): Promise<Profile | null> {
  const { data, error } = await client.from('profiles').select('*').eq('id', userId).single()
  if (error) {
    // A missing profile is not the user's problem to solve: logged, and the UI carries on.
    console.error('Error fetching profile', error)
    return null
  }
  return withCurrentAvatarOrigin(client, data as Profile)
}

/** The form a username is stored in; the database only accepts this form. */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase()
}

/** A person's profile, or null when no one has that username. */
export async function fetchProfileByUsername(
  client: SupabaseClient,
  username: string
): Promise<Profile | null> {
  const wanted = normaliseUsername(username)
  if (!USERNAME_PATTERN.test(wanted)) return null
  const { data, error } = await client
    .from('profiles')
    .select(PROFILE_COLUMNS)
    .eq('username', wanted)
    .maybeSingle()
  if (error) throw failure('loadProfile', error)
  return data ? withCurrentAvatarOrigin(client, data as Profile) : null
}

export interface ProfilePosts {
  posts: Post[]
  /** Where the next page of the grid starts; null after the oldest post. */
  next: PageCursor | null
}

/**
 * A page of a person's grid: the first starts with their pinned posts (newest pin first), then
 * every other post newest first, keyset-paged like the feed. Archived posts are in the author's
 * Archive only. How many they have is the profile's posts_count.
 */
export async function fetchProfilePosts(
  client: SupabaseClient,
  userId: string,
  options: { after?: PageCursor | null; limit?: number } = {}
): Promise<ProfilePosts> {
  const limit = boundedPageSize(options.limit, PROFILE_GRID_PAGE_SIZE)
  let query = client
    .from('posts')
    .select('*')
    .eq('user_id', userId)
    .is('archived_at', null)
    .is('pin_slot', null)
  if (options.after) query = query.or(afterCursorFilter(options.after, 'newest'))
  const [pinned, { data, error }] = await Promise.all([
    options.after ? [] : pinnedPosts(client, userId),
    query
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(limit + 1)
  ])
  if (error) throw failure('loadProfile', error)
  const page = toPage((data ?? []) as Post[], limit, (post) => ({
    created_at: post.created_at,
    id: post.id
  }))
  return {
    posts: withCurrentStorageOrigin(client, [...pinned, ...page.items]),
    next: page.next
  }
}

/** A person's pinned posts (at most three), newest pin first. */
async function pinnedPosts(client: SupabaseClient, userId: string): Promise<Post[]> {
  const { data, error } = await client
    .from('posts')
    .select('*')
    .eq('user_id', userId)
    .not('pin_slot', 'is', null)
    .order('pinned_at', { ascending: false })
    .limit(3)
  if (error) throw failure('loadProfile', error)
  return (data ?? []) as Post[]
}

/**
 * People whose username or full name contains `query`, ignoring case and accents, best matches
 * first (exact username, then prefixes, then the most followed). Queries of one or two
 * characters match only the start of a name.
 */
export async function searchPeople(
  client: SupabaseClient,
  query: string,
  limit: number
): Promise<PersonSummary[]> {
  const trimmed = query.trim().slice(0, MAX_SEARCH_QUERY_LENGTH)
  if (!trimmed) return []
  const { data, error } = await client
    .rpc('search_profiles', { query: trimmed, max_rows: limit }, { get: true })
    .select(PERSON_COLUMNS)
  if (error) throw failure('search', error)
  return ((data ?? []) as unknown as PersonSummary[]).map((row) =>
    withCurrentAvatarOrigin(client, row)
  )
}
