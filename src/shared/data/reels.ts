// Reels: video posts one per screen, newest first, from the people the reader follows and from
// strangers the rules allow, filtered by the database (reels_page, migration 20261130030000) and
// keyset-paged on (created_at, id) as the feeds are; and a profile's Reels tab, the person's video
// posts as the posts policy lets the reader see them.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Post } from '../domain'
import { PROFILE_GRID_PAGE_SIZE, REELS_PAGE_SIZE } from '../limits'
import { failure } from './failure'
import { cursorOf, type FeedCursor } from './feed'
import { afterCursorFilter, boundedPageSize, toPage, type Page, type PageCursor } from './keyset'
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
  if (error) throw failure('loadReels', error)
  const items = withCurrentStorageOrigin(client, (data ?? []) as unknown as Post[])
  const last = items[items.length - 1]
  return { items, next: items.length === limit && last ? cursorOf(last) : null }
}

/** A profile's Reels tab: the person's video posts, newest first (archived ones are only theirs). */
export async function fetchProfileReels(
  client: SupabaseClient,
  userId: string,
  options: { after?: PageCursor | null; limit?: number } = {}
): Promise<Page<Post>> {
  const limit = boundedPageSize(options.limit, PROFILE_GRID_PAGE_SIZE)
  let query = client
    .from('posts')
    .select('*')
    .eq('user_id', userId)
    .not('video_url', 'is', null)
    .is('archived_at', null)
  if (options.after) query = query.or(afterCursorFilter(options.after, 'newest'))
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit + 1)
  if (error) throw failure('loadReels', error)
  const page = toPage((data ?? []) as Post[], limit, (post) => ({
    created_at: post.created_at,
    id: post.id
  }))
  return { ...page, items: withCurrentStorageOrigin(client, page.items) }
}
