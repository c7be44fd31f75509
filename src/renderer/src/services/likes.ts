// Spec §7 likes: a lookup, an insert and a delete by (user_id, post_id). The counter itself is
// kept by a database trigger; we only read it back to reconcile the optimistic ±1.

import { queryError, type ClientProvider } from './types'

export interface LikesService {
  isLiked(userId: string, postId: string): Promise<boolean>
  /** One query for a whole feed instead of one per post. */
  likedPostIds(userId: string, postIds: readonly string[]): Promise<Set<string>>
  like(userId: string, postId: string): Promise<void>
  unlike(userId: string, postId: string): Promise<void>
  /** The server's counter after a toggle. */
  readLikesCount(postId: string): Promise<number>
}

export function createLikesService(getClient: ClientProvider): LikesService {
  return {
    async isLiked(userId, postId) {
      const client = await getClient()
      const { data, error } = await client
        .from('likes')
        .select('id')
        .eq('user_id', userId)
        .eq('post_id', postId)
        .maybeSingle()
      if (error) throw queryError('like lookup', error)
      return data !== null
    },
    async likedPostIds(userId, postIds) {
      if (postIds.length === 0) return new Set()
      const client = await getClient()
      const { data, error } = await client
        .from('likes')
        .select('post_id')
        .eq('user_id', userId)
        .in('post_id', [...postIds])
      if (error) throw queryError('likes', error)
      return new Set((data ?? []).map((row: { post_id: string }) => row.post_id))
    },
    async like(userId, postId) {
      const client = await getClient()
      const { error } = await client.from('likes').insert({ user_id: userId, post_id: postId })
      if (error) throw queryError('like', error)
    },
    async unlike(userId, postId) {
      const client = await getClient()
      const { error } = await client
        .from('likes')
        .delete()
        .eq('user_id', userId)
        .eq('post_id', postId)
      if (error) throw queryError('unlike', error)
    },
    async readLikesCount(postId) {
      const client = await getClient()
      const { data, error } = await client
        .from('posts')
        .select('likes_count')
        .eq('id', postId)
        .single()
      if (error || !data) throw queryError('likes_count', error)
      return (data as { likes_count: number }).likes_count
    }
  }
}
