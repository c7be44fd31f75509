// Whose post an id is: a retried create finds the post its earlier attempt made, and only the
// author's own post may be read back as that answer.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Post } from '../domain'
import { failure } from './failure'
import { FEED_SELECT } from './feed'
import { REFUSED } from './refusal'

export { POST_ID_TAKEN_MESSAGE } from './upload-pipeline'

export const SIGN_IN_TO_POST_MESSAGE = REFUSED.signInToPost
export const POST_ACCOUNT_SWITCHED_MESSAGE = REFUSED.postAccountSwitched

/** The post `postId` when `userId` wrote it, null otherwise (or when it does not exist). */
export async function ownPost(
  client: SupabaseClient,
  postId: string,
  userId: string
): Promise<Post | null> {
  const { data, error } = await client
    .from('posts')
    .select(FEED_SELECT)
    .eq('id', postId)
    .eq('user_id', userId)
    .maybeSingle()
  if (error) throw failure('createPost', error)
  return (data as Post | null) ?? null
}
