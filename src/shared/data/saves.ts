// Saved posts: a private bookmark list. The saves policies let a user see and change only
// their own rows, so these functions never need to filter by anyone but the signed-in user.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Post } from '../domain'
import { SAVED_PAGE_SIZE } from '../limits'
import { failure, type FailureKey } from './failure'
import { afterCursorFilter, boundedPageSize, toPage, type Page, type PageCursor } from './keyset'
import { POST_SELECT } from './post-reads'
import { withStorageUrls } from './storage-urls'

const UNIQUE_VIOLATION = '23505'

/** Saves a post for `userId`; saving one already saved is not an error. */
export async function savePost(
  client: SupabaseClient,
  userId: string,
  postId: string
): Promise<void> {
  const { error } = await client.from('saves').insert({ user_id: userId, post_id: postId })
  if (error && error.code !== UNIQUE_VIOLATION) throw failure('savePost', error)
}

/** Removes a post from `userId`'s saved list; removing one not saved is not an error. */
export async function unsavePost(
  client: SupabaseClient,
  userId: string,
  postId: string
): Promise<void> {
  const { error } = await client.from('saves').delete().eq('user_id', userId).eq('post_id', postId)
  if (error) throw failure('unsavePost', error)
}

/** Which of `postIds` the signed-in user has saved (for the bookmark icons of a feed page). */
export async function savedPostIds(
  client: SupabaseClient,
  postIds: string[]
): Promise<Set<string>> {
  if (postIds.length === 0) return new Set()
  const { data, error } = await client.from('saves').select('post_id').in('post_id', postIds)
  if (error) throw failure('loadSaved', error)
  return new Set((data ?? []).map((row: { post_id: string }) => row.post_id))
}

interface FiledPostRow {
  post_id: string
  created_at: string
  posts: Post | null
}

/**
 * The posts filed in `table` (rows with `post_id` and `created_at`, as saves and a collection's
 * items are) where `column` is `value`, last filed first, keyset-paged on the filing. A post the
 * reader no longer sees (deleted, blocked, private) comes back without its row and is left out.
 */
export async function filedPostsPage(
  client: SupabaseClient,
  filed: { table: string; column: string; value: string; failure: FailureKey },
  limit: number,
  after: PageCursor | null | undefined
): Promise<Page<Post>> {
  let query = client
    .from(filed.table)
    .select(`post_id, created_at, posts(${POST_SELECT})`)
    .eq(filed.column, filed.value)
  if (after) {
    query = query.or(afterCursorFilter(after, 'newest', { time: 'created_at', id: 'post_id' }))
  }
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('post_id', { ascending: false })
    .limit(limit + 1)
  if (error) throw failure(filed.failure, error)
  const page = toPage(
    withStorageUrls(client, (data ?? []) as unknown as FiledPostRow[]),
    limit,
    (row) => ({ created_at: row.created_at, id: row.post_id })
  )
  return {
    next: page.next,
    items: page.items.flatMap((row) => (row.posts ? [row.posts] : []))
  }
}

/** The signed-in user's saved posts, most recently saved first, keyset-paged on the save. */
export function savedPage(
  client: SupabaseClient,
  userId: string,
  options: { after?: PageCursor | null; limit?: number } = {}
): Promise<Page<Post>> {
  return filedPostsPage(
    client,
    {
      table: 'saves',
      column: 'user_id',
      value: userId,
      failure: 'loadSaved'
    },
    boundedPageSize(options.limit, SAVED_PAGE_SIZE),
    options.after
  )
}
