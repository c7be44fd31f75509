// Creating a post: validate, upload the feed image and its grid thumbnail, insert, and undo the
// uploads if anything later fails, so no orphaned object and no half-created post is left behind.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { CreatePostInput, CreatePostStage } from '../bridge-contract'
import type { Post } from '../domain'
import { messageOr } from '../errors'
import { checkImage } from '../image'
import { IMAGES_BUCKET, MAX_CAPTION_LENGTH, UPLOAD_CACHE_CONTROL_SECONDS } from '../limits'
import { MESSAGES } from '../messages'
import { postImagePath, postThumbnailPath } from '../storage-path'
import { FEED_SELECT } from './feed'
import {
  checkRenditions,
  INVALID_RENDITION_MESSAGE,
  renditionsFromBridge,
  type PhotoRenditions
} from './renditions'

export type NewPostRenditions = PhotoRenditions

export interface NewPost {
  userId: string
  bytes: Uint8Array
  declaredType: string
  caption: string
  /** From the renderer's image pipeline; without it the post renders square with no thumbnail. */
  renditions?: NewPostRenditions
  /** Told when the upload starts and when the row is being saved. */
  onStage?: (stage: Exclude<CreatePostStage, 'processing'>) => void
}

export class CaptionTooLongError extends Error {
  constructor() {
    super(`Caption must be at most ${MAX_CAPTION_LENGTH} characters`)
  }
}

export { checkRenditions, INVALID_RENDITION_MESSAGE }

export async function createPost(client: SupabaseClient, post: NewPost): Promise<Post> {
  const check = checkImage(post.bytes, post.declaredType, 'selected')
  if (!check.ok) throw new Error(check.message)
  const caption = post.caption.trim()
  if (caption.length > MAX_CAPTION_LENGTH) throw new CaptionTooLongError()
  const thumbType = post.renditions ? checkRenditions(post.renditions) : null

  const bucket = client.storage.from(IMAGES_BUCKET)
  const options = (contentType: string): Record<string, unknown> => ({
    cacheControl: String(UPLOAD_CACHE_CONTROL_SECONDS),
    contentType,
    upsert: false
  })
  const uploaded: string[] = []
  // Compensate: no object may outlive the post it was uploaded for.
  const removeUploaded = async (): Promise<void> => {
    if (uploaded.length === 0) return
    const removal = await bucket.remove(uploaded)
    if (removal.error) console.error('Could not remove orphaned upload', uploaded, removal.error)
  }

  post.onStage?.('uploading')
  const path = postImagePath(post.userId, check.type)
  const upload = await bucket.upload(path, post.bytes, options(check.type))
  if (upload.error) throw new Error(MESSAGES.uploadFailed(messageOr(upload.error, 'unknown error')))
  uploaded.push(path)

  let thumbUrl: string | null = null
  if (post.renditions && thumbType) {
    const thumbPath = postThumbnailPath(path, thumbType)
    const thumb = await bucket.upload(thumbPath, post.renditions.thumbnailBytes, options(thumbType))
    if (thumb.error) {
      await removeUploaded()
      throw new Error(MESSAGES.uploadFailed(messageOr(thumb.error, 'unknown error')))
    }
    uploaded.push(thumbPath)
    thumbUrl = bucket.getPublicUrl(thumbPath).data.publicUrl
  }

  post.onStage?.('saving')
  const { publicUrl } = bucket.getPublicUrl(path).data
  const row: Record<string, unknown> = { user_id: post.userId, image_url: publicUrl, caption }
  if (post.renditions) {
    row.thumb_url = thumbUrl
    row.width = post.renditions.width
    row.height = post.renditions.height
    row.placeholder = post.renditions.placeholder
  }
  let insert: { data: unknown; error: { message?: string } | null }
  try {
    // The author comes back embedded in the same request, so the feed can show the new post
    // as it is, with nothing re-read.
    insert = await client.from('posts').insert(row).select(FEED_SELECT).single()
  } catch (error) {
    insert = { data: null, error: { message: messageOr(error, 'network error') } }
  }
  if (insert.error || !insert.data) {
    await removeUploaded()
    throw new Error(MESSAGES.savePostFailed(messageOr(insert.error, 'no row returned')))
  }
  return insert.data as Post
}

export const SIGN_IN_TO_POST_MESSAGE = 'You must be logged in to create a post'

/**
 * The bridge's posts:create, as both platforms run it: as whoever is signed in on `client`'s
 * session (`userId`, null when signed out), from the renderer's image and renditions.
 */
export async function createPostAs(
  client: SupabaseClient,
  userId: string | null,
  input: CreatePostInput,
  onStage?: NewPost['onStage']
): Promise<Post> {
  if (!userId) throw new Error(SIGN_IN_TO_POST_MESSAGE)
  const { image, caption, renditions } = input
  return createPost(client, {
    userId,
    bytes: image.bytes,
    declaredType: image.type,
    caption,
    renditions: renditions && renditionsFromBridge(renditions),
    onStage
  })
}
