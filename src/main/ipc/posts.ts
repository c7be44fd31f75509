// posts:create — upload and insert with main's authenticated client, through the shared
// createPost (which removes the upload again when the insert fails).

import type { SupabaseClient } from '@supabase/supabase-js'
import type { CreatePostInput } from '../../shared/bridge-contract'
import type { Post } from '../../shared/domain'
import { CaptionTooLongError, createPost } from '../../shared/operations/posts'
import { MAX_CAPTION_LENGTH } from '../../shared/limits'
import { MESSAGES } from '../../shared/messages'
import type { Handle } from './handle'
import { createPostSchema } from './schemas'

export const SIGN_IN_TO_POST_MESSAGE = 'You must be logged in to create a post'

export interface PostsDeps {
  client(): SupabaseClient
  currentUserId(): string | null
}

export async function createPostAsCurrentUser(
  deps: PostsDeps,
  input: CreatePostInput
): Promise<Post> {
  const userId = deps.currentUserId()
  if (!userId) throw new Error(SIGN_IN_TO_POST_MESSAGE)
  // Checked here too so an over-long caption is refused before anything is uploaded.
  if (input.caption.trim().length > MAX_CAPTION_LENGTH) throw new CaptionTooLongError()
  return createPost(deps.client(), {
    userId,
    bytes: input.image.bytes,
    declaredType: input.image.type,
    caption: input.caption
  })
}

export function registerPostsIpc(handle: Handle, deps: PostsDeps): void {
  handle('posts:create', createPostSchema, (input) => createPostAsCurrentUser(deps, input), {
    fallbackMessage: MESSAGES.createPostFailed
  })
}
