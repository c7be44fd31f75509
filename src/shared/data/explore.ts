// Explore: posts from people the reader does not follow, ranked and filtered by the database
// (explore_page, migration 20261129170000). Keyset-paged on the rank as of the visit's first
// page: the cursor is the smallest (rank, id) of the last page and that page's authors, so the
// next page neither repeats a post nor shows an author a third time across the page break.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Post } from '../domain'
import { EXPLORE_PAGE_SIZE } from '../limits'
import { failure } from './failure'
import { boundedPageSize } from './keyset'
import { POST_SELECT } from './post-reads'
import { withCurrentStorageOrigin } from './storage-urls'

export const EXPLORE_PAGE_RPC = 'explore_page'

/** Where a visit stands: its moment, the lowest-ranked post shown, and the last page's authors. */
export interface ExploreCursor {
  asOf: string
  rank: string
  id: string
  authors: string[]
}

export interface ExplorePage {
  items: Post[]
  /** The next page's cursor; null once a page comes back empty. */
  next: ExploreCursor | null
}

/** The visit's moment: whole seconds, as the database ranks. */
export function exploreMoment(now: number = Date.now()): string {
  return new Date(Math.floor(now / 1000) * 1000).toISOString()
}

const seconds = (iso: string): bigint => BigInt(Math.floor(Date.parse(iso) / 1000))

/**
 * app_rules.explore_rank, exactly: (likes + 2 × comments + 1) × 1e9 / (age in seconds + 7200),
 * integer division, with both moments cut to whole seconds. The cursor needs the rank of a row
 * the database sent; a rank computed differently would repeat or skip posts.
 */
export function exploreRank(
  post: Pick<Post, 'likes_count' | 'comments_count' | 'created_at'>,
  asOf: string
): bigint {
  const engagement =
    BigInt(Math.max(post.likes_count ?? 0, 0)) +
    2n * BigInt(Math.max(post.comments_count ?? 0, 0)) +
    1n
  let age = seconds(asOf) - seconds(post.created_at)
  if (age < 0n) age = 0n
  return (engagement * 1_000_000_000n) / (age + 7200n)
}

/** The cursor after `items`: their lowest (rank, id) and their authors in order. */
export function exploreCursorAfter(items: Post[], asOf: string): ExploreCursor | null {
  let lowest: { rank: bigint; id: string } | null = null
  for (const post of items) {
    const rank = exploreRank(post, asOf)
    if (!lowest || rank < lowest.rank || (rank === lowest.rank && post.id < lowest.id)) {
      lowest = { rank, id: post.id }
    }
  }
  if (!lowest) return null
  return {
    asOf,
    rank: lowest.rank.toString(),
    id: lowest.id,
    authors: items.map((post) => post.user_id)
  }
}

/** One page of Explore: the first without `after`, then from the cursor the last one gave. */
export async function fetchExplorePage(
  client: SupabaseClient,
  options: { after?: ExploreCursor | null; limit?: number } = {}
): Promise<ExplorePage> {
  const limit = boundedPageSize(options.limit, EXPLORE_PAGE_SIZE)
  const after = options.after ?? null
  const asOf = after?.asOf ?? exploreMoment()
  const args: Record<string, unknown> = { as_of: asOf, page_size: limit }
  if (after) {
    args.after_rank = after.rank
    args.after_id = after.id
    args.recent_authors = after.authors
  }
  // A read: GET lets the server run it in a read-only transaction.
  const { data, error } = await client
    .rpc(EXPLORE_PAGE_RPC, args, { get: true })
    .select(POST_SELECT)
  if (error) throw failure('loadExplore', error)
  const items = withCurrentStorageOrigin(client, (data ?? []) as unknown as Post[])
  return { items, next: exploreCursorAfter(items, asOf) }
}
