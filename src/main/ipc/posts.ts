// posts:create — upload and insert with main's authenticated client, through the shared
// createPostAs (which removes the uploads again when the insert fails).
import type { SupabaseClient } from '@supabase/supabase-js'
import type { CreatePostInput, CreatePostStage, EventChannel } from '../../shared/bridge-contract'
import { createPostAs } from '../../shared/data/post-create'
import type { Post } from '../../shared/domain'
import { MESSAGES } from '../../shared/messages'
import type { Handle, InvokeEventLike } from './handle'
import { createPostSchema } from './schemas'

export interface PostsDeps {
  client(): SupabaseClient
  currentUserId(): string | null
}

export function createPostAsCurrentUser(
  deps: PostsDeps,
  input: CreatePostInput,
  onStage?: (stage: CreatePostStage) => void
): Promise<Post> {
  return createPostAs(deps.client(), deps.currentUserId(), input, onStage)
}

/** Progress goes back to the window that asked (the handle wrapper has already checked it). */
function sendStage(event: InvokeEventLike, stage: CreatePostStage): void {
  const sender = event.sender as { send?: (channel: string, payload: unknown) => void } | null
  const channel: EventChannel = 'posts:progress'
  try {
    sender?.send?.(channel, stage)
  } catch {
    // The window closed mid-upload: progress has no one to tell, the upload carries on.
  }
}

export function registerPostsIpc(handle: Handle, deps: PostsDeps): void {
  handle(
    'posts:create',
    createPostSchema,
    (input, event) => createPostAsCurrentUser(deps, input, (stage) => sendStage(event, stage)),
    { fallbackMessage: MESSAGES.createPostFailed }
  )
}
