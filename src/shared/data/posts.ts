// Creating a post: validate, upload the feed image and its grid thumbnail, insert, and undo the
// uploads if the server refuses the insert, so no orphaned object and no half-created post is
// left behind. The post's id is chosen here (or by the caller, who retries with the same one):
// its objects' paths derive from it, so a retry after a lost answer re-finds its uploads and its
// row and never makes a second post.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { CreatePostInput, CreatePostStage } from '../bridge-contract'
import type { Post } from '../domain'
import { messageOr } from '../errors'
import { checkImage } from '../image'
import { IMAGES_BUCKET, MAX_CAPTION_LENGTH, UPLOAD_CACHE_CONTROL_SECONDS } from '../limits'
import { MESSAGES } from '../messages'
import { postPhotoPath, postThumbnailPath } from '../storage-path'
import { FEED_SELECT } from './feed'
import {
  checkRowId,
  isAlreadyUploaded,
  isUniqueViolation,
  newRowId,
  serverAnswered
} from './idempotent'
import {
  checkRenditions,
  INVALID_RENDITION_MESSAGE,
  renditionsFromBridge,
  type PhotoRenditions
} from './renditions'

export type NewPostRenditions = PhotoRenditions

export interface NewPost {
  userId: string
  /** The new post's id; a retry of the same post passes the same one. New when absent. */
  id?: string
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
  const postId = checkRowId(post.id ?? newRowId())

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
  // An object already at this post's path was uploaded by an earlier attempt of this post.
  const upload = async (path: string, bytes: Uint8Array, type: string): Promise<void> => {
    const { error } = await bucket.upload(path, bytes, options(type))
    if (error && !isAlreadyUploaded(error)) {
      await removeUploaded()
      throw new Error(MESSAGES.uploadFailed(messageOr(error, 'unknown error')))
    }
    // Only what this attempt created is undone: an object found there may belong to a post
    // an earlier attempt already made.
    if (!error) uploaded.push(path)
  }

  post.onStage?.('uploading')
  const path = postPhotoPath(post.userId, postId, 0, check.type)
  await upload(path, post.bytes, check.type)

  let thumbUrl: string | null = null
  if (post.renditions && thumbType) {
    const thumbPath = postThumbnailPath(path, thumbType)
    await upload(thumbPath, post.renditions.thumbnailBytes, thumbType)
    thumbUrl = bucket.getPublicUrl(thumbPath).data.publicUrl
  }

  post.onStage?.('saving')
  const { publicUrl } = bucket.getPublicUrl(path).data
  const row: Record<string, unknown> = {
    id: postId,
    user_id: post.userId,
    image_url: publicUrl,
    caption
  }
  if (post.renditions) {
    row.thumb_url = thumbUrl
    row.width = post.renditions.width
    row.height = post.renditions.height
    row.placeholder = post.renditions.placeholder
  }
  let insert: { data: unknown; error: unknown }
  try {
    // The author comes back embedded in the same request, so the feed can show the new post
    // as it is, with nothing re-read.
    insert = await client.from('posts').insert(row).select(FEED_SELECT).single()
  } catch (error) {
    insert = { data: null, error: { message: messageOr(error, 'network error') } }
  }
  if (isUniqueViolation(insert.error)) {
    // An earlier attempt made this post; only one's own post may be read back as the result.
    const existing = await ownPost(client, postId, post.userId)
    if (existing) return existing
    await removeUploaded()
    throw new Error(MESSAGES.savePostFailed(POST_ID_TAKEN_MESSAGE))
  }
  if (insert.error || !insert.data) {
    // Unanswered, the insert may have landed: its objects stay (a retry finds them).
    if (serverAnswered(insert.error)) await removeUploaded()
    throw new Error(MESSAGES.savePostFailed(messageOr(insert.error, 'no row returned')))
  }
  return insert.data as Post
}

export const POST_ID_TAKEN_MESSAGE = 'this post id belongs to another post'

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
  if (error) throw new Error(MESSAGES.savePostFailed(messageOr(error, 'unknown error')))
  return (data as Post | null) ?? null
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
  const { id, image, caption, renditions } = input
  return createPost(client, {
    userId,
    id,
    bytes: image.bytes,
    declaredType: image.type,
    caption,
    renditions: renditions && renditionsFromBridge(renditions),
    onStage
  })
}
