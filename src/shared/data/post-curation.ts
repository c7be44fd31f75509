// The author's curation of their own posts: archiving one (then only they see it, in their
// Archive), showing it on the profile again, and pinning up to three to the top of the grid.
// The database holds every rule (who may, the three pin slots); this names the calls and their
// failures.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Post } from '../domain'
import { messageOr } from '../errors'
import { PROFILE_GRID_PAGE_SIZE } from '../limits'
import { failure } from './failure'
import { REFUSED } from './refusal'
import { afterCursorFilter, boundedPageSize, toPage, type Page, type PageCursor } from './keyset'
import { withCurrentStorageOrigin } from './storage-urls'

export const CURATION_MESSAGES = {
  pinLimit: REFUSED.pinLimit
} as const

/** Archives the signed-in user's post (true) or shows it on their profile again (false). */
export async function setPostArchived(
  client: SupabaseClient,
  postId: string,
  archived: boolean
): Promise<Post> {
  const { data, error } = await client
    .rpc('set_post_archived', { target_post_id: postId, archived })
    .single()
  if (error || !data) {
    throw failure(archived ? 'archivePost' : 'restorePost', error)
  }
  return data as Post
}

/**
 * Pins the signed-in user's post to the top of their grid (true) or unpins it (false). A fourth
 * pin is refused by the database (its three slots; two pins at once race for the last slot and
 * one loses): either way the person reads the limit.
 */
export async function setPostPinned(
  client: SupabaseClient,
  postId: string,
  pinned: boolean
): Promise<Post> {
  const { data, error } = await client
    .rpc('set_post_pinned', { target_post_id: postId, pinned })
    .single()
  if (error?.code === '23505' || messageOr(error, '') === CURATION_MESSAGES.pinLimit) {
    throw new Error(CURATION_MESSAGES.pinLimit)
  }
  if (error || !data) {
    throw failure(pinned ? 'pinPost' : 'unpinPost', error)
  }
  return data as Post
}

/** The signed-in user's archived posts, newest first, keyset-paged like the grid. */
export async function archivedPage(
  client: SupabaseClient,
  userId: string,
  options: { after?: PageCursor | null; limit?: number } = {}
): Promise<Page<Post>> {
  const limit = boundedPageSize(options.limit, PROFILE_GRID_PAGE_SIZE)
  let query = client.from('posts').select('*').eq('user_id', userId).not('archived_at', 'is', null)
  if (options.after) query = query.or(afterCursorFilter(options.after, 'newest'))
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit + 1)
  if (error) throw failure('loadArchive', error)
  const page = toPage((data ?? []) as Post[], limit, (post) => ({
    created_at: post.created_at,
    id: post.id
  }))
  return { items: withCurrentStorageOrigin(client, page.items), next: page.next }
}
