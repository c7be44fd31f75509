// A person's profile, their posts newest first, and the three counts on the profile page.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Post, Profile, ProfileStats } from '../domain'
import { queryError } from '../errors'
import { withCurrentStorageOrigin } from './storage-urls'

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
  return data as Profile
}

export async function fetchUserPosts(client: SupabaseClient, userId: string): Promise<Post[]> {
  const { data, error } = await client
    .from('posts')
    .select('*')
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
  if (error) throw queryError('user posts', error)
  return withCurrentStorageOrigin(client, (data ?? []) as Post[])
}

async function countRows(
  client: SupabaseClient,
  table: 'posts' | 'follows',
  column: string,
  userId: string
): Promise<number> {
  const { count, error } = await client
    .from(table)
    .select('*', { count: 'exact', head: true })
    .eq(column, userId)
  if (error) throw queryError(`${table} count`, error)
  return count ?? 0
}

/** Posts, followers and following, as three count-only queries. */
export async function fetchProfileStats(
  client: SupabaseClient,
  userId: string
): Promise<ProfileStats> {
  const [posts, followers, following] = await Promise.all([
    countRows(client, 'posts', 'user_id', userId),
    countRows(client, 'follows', 'following_id', userId),
    countRows(client, 'follows', 'follower_id', userId)
  ])
  return { posts, followers, following }
}
