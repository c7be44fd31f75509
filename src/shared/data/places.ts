// Places (docs/product.md, "Location"): the place search behind the location picker and the
// search box's Places tab, and a place page's header and posts. A place is added by the
// database when a post names one that does not exist yet (its location text); anyone reads
// places, and search_places, place_summary and place_page read posts under their policies.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Place, PlaceSummary, Post } from '../domain'
import { PLACE_PAGE_SIZE, PLACE_SEARCH_RESULTS } from '../limits'
import { failure } from './failure'
import type { Page, PageCursor } from './keyset'
import { rpcPostsPage } from './post-reads'

/** What a place result carries: enough to show it and to open its page. */
export type PlaceResult = Pick<Place, 'id' | 'name'>

/** Places whose name starts with (first) or contains `query`, case and accents ignored. */
export async function searchPlaces(
  client: SupabaseClient,
  query: string,
  limit = PLACE_SEARCH_RESULTS
): Promise<PlaceResult[]> {
  if (query.trim() === '') return []
  const { data, error } = await client
    .rpc('search_places', { query, max_rows: limit }, { get: true })
    .select('id, name')
  if (error) throw failure('searchPlaces', error)
  return (data ?? []) as PlaceResult[]
}

/** A place page's header, or null when no such place exists. */
export async function placeSummary(
  client: SupabaseClient,
  placeId: string
): Promise<PlaceSummary | null> {
  const { data, error } = await client.rpc('place_summary', { place: placeId }, { get: true })
  if (error) throw failure('loadPlace', error)
  const row = ((data ?? []) as (PlaceSummary & { posts: number | string })[])[0]
  return row ? { ...row, posts: Number(row.posts) } : null
}

/** A place's posts the reader may see, newest first, keyset-paged like the feed. */
export async function placePage(
  client: SupabaseClient,
  placeId: string,
  options: { after?: PageCursor | null; limit?: number } = {}
): Promise<Page<Post>> {
  return rpcPostsPage(
    client,
    'place_page',
    { place: placeId },
    {
      ...options,
      fallback: PLACE_PAGE_SIZE,
      failed: 'loadPlacePosts'
    }
  )
}
