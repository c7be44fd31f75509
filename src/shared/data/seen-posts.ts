// Seen posts: the cards a reader has had in view (seen_posts, through mark_posts_seen, in
// batches). The Following feed selects public.seen with each page, from which caught-up.ts
// places "You're all caught up".

import type { SupabaseClient } from '@supabase/supabase-js'
import { MAX_SEEN_POSTS_PER_CALL } from '../limits'
import { failure } from './failure'

export const MARK_POSTS_SEEN_RPC = 'mark_posts_seen'

/** Marks posts seen by the signed-in reader (at most MAX_SEEN_POSTS_PER_CALL per request). */
export async function markPostsSeen(
  client: SupabaseClient,
  postIds: readonly string[]
): Promise<void> {
  for (let start = 0; start < postIds.length; start += MAX_SEEN_POSTS_PER_CALL) {
    const { error } = await client.rpc(MARK_POSTS_SEEN_RPC, {
      post_ids: postIds.slice(start, start + MAX_SEEN_POSTS_PER_CALL)
    })
    if (error) throw failure('noteSeen', error)
  }
}
