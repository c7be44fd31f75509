// Reels: video posts one per screen, newest first, from the people the reader follows and from
// strangers the rules allow, filtered by the database (reels_page, migration 20261130030000) and
// keyset-paged on (created_at, id) as the feeds are.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Post } from '../domain'
import { REELS_PAGE_SIZE } from '../limits'
import { failure } from './failure'
import { cursorOf, type FeedCursor } from './feed'
import { boundedPageSize } from './keyset'
import { POST_SELECT } from './post-reads'
import { withCurrentStorageOrigin } from './storage-urls'

export const REELS_PAGE_RPC = 'reels_page'

export interface ReelsPage {
  items: Post[]
  /** The last reel of this page; null once a page comes back short (no more reels). */
  next: FeedCursor | null
}

/** One page of Reels: the first without `after`, then from the cursor the last one gave. */
export async function fetchReelsPage(
  client: SupabaseClient,
  options: { after?: FeedCursor | null; limit?: number } = {}
): Promise<ReelsPage> {
  // The database serves at most 30 a page: asking for more would look like the last page.
  const limit = Math.min(boundedPageSize(options.limit, REELS_PAGE_SIZE), 30)
  const after = options.after ?? null
  // GET sends arguments as query parameters, where null would arrive as the text 'null':
  // leave the cursor out on the first page and the function's defaults apply.
  const args: Record<string, unknown> = after
    ? { before_created_at: after.created_at, before_id: after.id, page_size: limit }
    : { page_size: limit }
  const { data, error } = await client.rpc(REELS_PAGE_RPC, args, { get: true }).select(POST_SELECT)
  if (error) throw failure("Couldn't load Reels", error)
  const items = withCurrentStorageOrigin(client, (data ?? []) as unknown as Post[])
  const last = items[items.length - 1]
  return { items, next: items.length === limit && last ? cursorOf(last) : null }
}
