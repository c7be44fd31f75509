// The home feed, one page at a time: keyset pages on (created_at, id) through the feed_page rpc,
// whose row comparison the database answers from posts_feed_order_idx at any depth. PostgREST's
// `or=(created_at.lt…,and(…))` form is planned as a filter that scans every newer row first, so
// page 400 would cost 400 times page 1.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Post } from '../domain'
import { queryError } from '../errors'
import { POST_SELECT } from './post-reads'
import { withCurrentStorageOrigin } from './storage-urls'

// Every photo of a carousel comes with its post, so the card can page through them.
export const FEED_SELECT = POST_SELECT
export const FEED_PAGE_RPC = 'feed_page'
export const FEED_PAGE_NEWER_RPC = 'feed_page_newer'

/** Keyset cursor: the last post of the previous page. */
export interface FeedCursor {
  created_at: string
  id: string
}

export function cursorOf(post: Pick<Post, 'created_at' | 'id'>): FeedCursor {
  return { created_at: post.created_at, id: post.id }
}

/** `limit` posts older than `before` (ties broken by id), newest first, authors embedded. */
export async function fetchFeedPage(
  client: SupabaseClient,
  options: { before?: FeedCursor; limit: number }
): Promise<Post[]> {
  const { before, limit } = options
  const { data, error } = await client
    .rpc(
      FEED_PAGE_RPC,
      // GET sends arguments as query parameters, where null would arrive as the text 'null':
      // leave them out on the first page and the function's defaults apply.
      before
        ? { before_created_at: before.created_at, before_id: before.id, page_size: limit }
        : { page_size: limit },
      // A read: GET lets the server run it in a read-only transaction.
      { get: true }
    )
    .select(FEED_SELECT)
  if (error) throw queryError('posts', error)
  return withCurrentStorageOrigin(client, (data ?? []) as unknown as Post[])
}

/** `limit` posts just newer than `after`, newest first (for scrolling back up). */
export async function fetchFeedNewer(
  client: SupabaseClient,
  options: { after: FeedCursor; limit: number }
): Promise<Post[]> {
  const { after, limit } = options
  const { data, error } = await client
    .rpc(
      FEED_PAGE_NEWER_RPC,
      { after_created_at: after.created_at, after_id: after.id, page_size: limit },
      { get: true }
    )
    .select(FEED_SELECT)
  if (error) throw queryError('posts', error)
  return withCurrentStorageOrigin(client, (data ?? []) as unknown as Post[]).reverse()
}
