// Spec §7 "Read posts": every post with its author, newest first.

import type { Post } from '@shared/domain'
import { queryError, type ClientProvider } from './types'

export const FEED_SELECT = '*, profiles(username, full_name, avatar_url)'

/** Keyset cursor: the last post of the previous page. */
export interface FeedCursor {
  created_at: string
  id: string
}

export interface FeedService {
  /** The spec's behaviour: all posts, no page size. */
  fetchAll(): Promise<Post[]>
  /** Ready for infinite scroll: `limit` posts older than `before` (ties broken by id). */
  fetchPage(options: { before?: FeedCursor; limit: number }): Promise<Post[]>
}

export function createFeedService(getClient: ClientProvider): FeedService {
  return {
    async fetchAll() {
      const client = await getClient()
      const { data, error } = await client
        .from('posts')
        .select(FEED_SELECT)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
      if (error) throw queryError('posts', error)
      return (data ?? []) as Post[]
    },
    async fetchPage({ before, limit }) {
      const client = await getClient()
      let query = client.from('posts').select(FEED_SELECT)
      if (before) {
        query = query.or(
          `created_at.lt.${before.created_at},and(created_at.eq.${before.created_at},id.lt.${before.id})`
        )
      }
      const { data, error } = await query
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(limit)
      if (error) throw queryError('posts', error)
      return (data ?? []) as Post[]
    }
  }
}
