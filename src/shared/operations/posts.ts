// Creating a post: validate, upload, insert, and undo the upload if the insert fails, so no
// orphaned object and no half-created post is ever left behind.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Post } from '../domain'
import { messageOr } from '../errors'
import { checkImage } from '../image'
import { IMAGES_BUCKET, MAX_CAPTION_LENGTH, UPLOAD_CACHE_CONTROL_SECONDS } from '../limits'
import { MESSAGES } from '../messages'
import { postImagePath } from '../storage-path'

export interface NewPost {
  userId: string
  bytes: Uint8Array
  declaredType: string
  caption: string
}

export class CaptionTooLongError extends Error {
  constructor() {
    super(`Caption must be at most ${MAX_CAPTION_LENGTH} characters`)
  }
}

export async function createPost(client: SupabaseClient, post: NewPost): Promise<Post> {
  const check = checkImage(post.bytes, post.declaredType, 'selected')
  if (!check.ok) throw new Error(check.message)
  const caption = post.caption.trim()
  if (caption.length > MAX_CAPTION_LENGTH) throw new CaptionTooLongError()

  const bucket = client.storage.from(IMAGES_BUCKET)
  const path = postImagePath(post.userId, check.type)
  const upload = await bucket.upload(path, post.bytes, {
    cacheControl: String(UPLOAD_CACHE_CONTROL_SECONDS),
    contentType: check.type,
    upsert: false
  })
  if (upload.error) throw new Error(MESSAGES.uploadFailed(messageOr(upload.error, 'unknown error')))

  const { publicUrl } = bucket.getPublicUrl(path).data
  const insert = await client
    .from('posts')
    .insert({ user_id: post.userId, image_url: publicUrl, caption })
    .select()
    .single()
  if (insert.error || !insert.data) {
    // Compensate: the object must not outlive the post it was uploaded for.
    const removal = await bucket.remove([path])
    if (removal.error) console.error('Could not remove orphaned upload', path, removal.error)
    throw new Error(MESSAGES.savePostFailed(messageOr(insert.error, 'no row returned')))
  }
  return insert.data as Post
}
