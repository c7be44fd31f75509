// posts:create — upload and insert with main's authenticated client, through the shared
// createPost (which removes the upload again when the insert fails).

import type { SupabaseClient } from '@supabase/supabase-js'
import type {
  CreateCarouselInput,
  CreatePostInput,
  CreatePostStage,
  EventChannel
} from '../../shared/bridge-contract'
import { carouselPhotosFromInput, createCarouselPost } from '../../shared/data/carousel'
import type { Post } from '../../shared/domain'
import { CaptionTooLongError, createPost } from '../../shared/operations/posts'
import { MAX_CAPTION_LENGTH } from '../../shared/limits'
import { MESSAGES } from '../../shared/messages'
import type { Handle, InvokeEventLike } from './handle'
import { createCarouselSchema, createPostSchema } from './schemas'

export const SIGN_IN_TO_POST_MESSAGE = 'You must be logged in to create a post'

export interface PostsDeps {
  client(): SupabaseClient
  currentUserId(): string | null
}

export async function createPostAsCurrentUser(
  deps: PostsDeps,
  input: CreatePostInput,
  onStage?: (stage: CreatePostStage) => void
): Promise<Post> {
  const userId = deps.currentUserId()
  if (!userId) throw new Error(SIGN_IN_TO_POST_MESSAGE)
  // Checked here too so an over-long caption is refused before anything is uploaded.
  if (input.caption.trim().length > MAX_CAPTION_LENGTH) throw new CaptionTooLongError()
  return createPost(deps.client(), {
    userId,
    bytes: input.image.bytes,
    declaredType: input.image.type,
    caption: input.caption,
    renditions: input.renditions && {
      thumbnailBytes: input.renditions.thumbnail.bytes,
      thumbnailType: input.renditions.thumbnail.type,
      width: input.renditions.width,
      height: input.renditions.height,
      placeholder: input.renditions.placeholder
    },
    onStage
  })
}

export async function createCarouselAsCurrentUser(
  deps: PostsDeps,
  input: CreateCarouselInput,
  onStage?: (stage: CreatePostStage) => void
): Promise<Post> {
  const userId = deps.currentUserId()
  if (!userId) throw new Error(SIGN_IN_TO_POST_MESSAGE)
  return createCarouselPost(deps.client(), {
    userId,
    caption: input.caption,
    photos: carouselPhotosFromInput(input.photos),
    onStage
  })
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
  handle(
    'posts:create-carousel',
    createCarouselSchema,
    (input, event) => createCarouselAsCurrentUser(deps, input, (stage) => sendStage(event, stage)),
    { fallbackMessage: MESSAGES.createPostFailed }
  )
}
