// Spec §7: the own profile, own posts newest first, and three count-only queries.

import type { Post, Profile, ProfileStats } from '@shared/domain'
import { fetchProfile } from '@shared/operations/auth'
import { withCurrentStorageOrigin } from './storage-urls'
import { queryError, type ClientProvider } from './types'

export interface ProfileService {
  /** Null when it cannot be read (spec §8: the error is only logged). */
  fetchProfile(userId: string): Promise<Profile | null>
  fetchOwnPosts(userId: string): Promise<Post[]>
  fetchStats(userId: string): Promise<ProfileStats>
}

export function createProfileService(getClient: ClientProvider): ProfileService {
  async function count(
    table: 'posts' | 'follows',
    column: string,
    userId: string
  ): Promise<number> {
    const client = await getClient()
    const { count: total, error } = await client
      .from(table)
      .select('*', { count: 'exact', head: true })
      .eq(column, userId)
    if (error) throw queryError(`${table} count`, error)
    return total ?? 0
  }

  return {
    async fetchProfile(userId) {
      return fetchProfile(await getClient(), userId)
    },
    async fetchOwnPosts(userId) {
      const client = await getClient()
      const { data, error } = await client
        .from('posts')
        .select('*')
        .eq('user_id', userId)
        .order('created_at', { ascending: false })
      if (error) throw queryError('own posts', error)
      return withCurrentStorageOrigin(client, (data ?? []) as Post[])
    },
    async fetchStats(userId) {
      const [posts, followers, following] = await Promise.all([
        count('posts', 'user_id', userId),
        count('follows', 'following_id', userId),
        count('follows', 'follower_id', userId)
      ])
      return { posts, followers, following }
    }
  }
}
