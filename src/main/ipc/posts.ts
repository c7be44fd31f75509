// posts:create — upload and insert with main's authenticated client, through the shared
// createPostAs (which removes the uploads again when the insert fails); posts:cancel stops one
// while it uploads, removing what it stored.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { CreatePostInput, EventContract } from '../../shared/bridge-contract'
import { createPostAs, type PostCreateEvents } from '../../shared/data/post-create'
import type { Post } from '../../shared/domain'
import { MESSAGES } from '../../shared/messages'
import type { Handle, InvokeEventLike } from './handle'
import { createPostSchema, postIdSchema } from './schemas'

export interface PostsDeps {
  client(): SupabaseClient
  currentUserId(): string | null
}

export function createPostAsCurrentUser(
  deps: PostsDeps,
  input: CreatePostInput,
  events: PostCreateEvents = {}
): Promise<Post> {
  return createPostAs(deps.client(), deps.currentUserId(), input, events)
}

/** Events go back to the window that asked (the handle wrapper has already checked it). */
function sendTo<C extends 'posts:progress' | 'posts:upload-progress'>(
  event: InvokeEventLike,
  channel: C,
  payload: EventContract[C]
): void {
  const sender = event.sender as { send?: (channel: string, payload: unknown) => void } | null
  try {
    sender?.send?.(channel, payload)
  } catch {
    // The window closed mid-upload: progress has no one to tell, the upload carries on.
  }
}

export function registerPostsIpc(handle: Handle, deps: PostsDeps): void {
  // The posts being uploaded, by the id their window chose, so that window can cancel one.
  const uploading = new Map<string, AbortController>()
  handle(
    'posts:create',
    createPostSchema,
    async (input, event) => {
      const abort = new AbortController()
      if (input.id) uploading.set(input.id, abort)
      try {
        return await createPostAsCurrentUser(deps, input, {
          signal: abort.signal,
          onStage: (stage) => sendTo(event, 'posts:progress', stage),
          onUploadProgress: (sentBytes, totalBytes) =>
            sendTo(event, 'posts:upload-progress', { sentBytes, totalBytes })
        })
      } finally {
        if (input.id && uploading.get(input.id) === abort) uploading.delete(input.id)
      }
    },
    { fallbackMessage: MESSAGES.createPostFailed }
  )
  handle('posts:cancel', postIdSchema, (postId) => {
    uploading.get(postId)?.abort()
  })
}
