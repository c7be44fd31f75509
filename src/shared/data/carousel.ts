// Publishing a post of one to ten photos, all or nothing: every photo is checked before the
// first byte is sent, every photo and thumbnail is uploaded, and create_post inserts the post
// and its photos in one transaction. If any upload or the insert fails, every upload made so
// far is removed again, so neither a half post nor an orphaned object remains. The post's id is
// chosen before the first upload and names every object, so a retry after a lost answer finds
// the objects and the post it already made (create_post returns one's own post of that id).

import type { SupabaseClient } from '@supabase/supabase-js'
import type { CarouselPhotoInput, CreateCarouselInput } from '../bridge-contract'
import type { Post, PostImage } from '../domain'
import { messageOr } from '../errors'
import { checkImage, type ImageMimeType } from '../image'
import { IMAGES_BUCKET, MAX_CAROUSEL_PHOTOS, UPLOAD_CACHE_CONTROL_SECONDS } from '../limits'
import { MESSAGES } from '../messages'
import { postPhotoPath, postThumbnailPath } from '../storage-path'
import {
  checkRowId,
  isAlreadyUploaded,
  isUniqueViolation,
  newRowId,
  serverAnswered
} from './idempotent'
import { checkAltTexts, checkCaption } from './post-edits'
import { withCurrentImageOrigin } from './storage-urls'
import { ownPost, POST_ID_TAKEN_MESSAGE, SIGN_IN_TO_POST_MESSAGE } from './posts'
import { checkRenditions, renditionsFromBridge, type PhotoRenditions } from './renditions'

export interface CarouselPhoto {
  bytes: Uint8Array
  declaredType: string
  altText?: string
  /** From the renderer's image pipeline; without it the photo renders square, no thumbnail. */
  renditions?: PhotoRenditions
}

export interface NewCarouselPost {
  userId: string
  /** The new post's id; a retry of the same post passes the same one. New when absent. */
  id?: string
  caption: string
  /** In display order; the first is the one the grid and older readers show. */
  photos: CarouselPhoto[]
  onStage?: (stage: 'uploading' | 'saving') => void
}

/** The bridge's photos (bytes as the renderer's pipeline made them) as this module takes them. */
export function carouselPhotosFromInput(photos: CarouselPhotoInput[]): CarouselPhoto[] {
  return photos.map(({ image, altText, renditions }) => ({
    bytes: image.bytes,
    declaredType: image.type,
    altText,
    renditions: renditions && renditionsFromBridge(renditions)
  }))
}

interface CheckedPhoto {
  photo: CarouselPhoto
  type: ImageMimeType
  thumbType: ImageMimeType | null
  altText: string
}

/** Every photo checked, or an Error naming the first bad one; nothing is uploaded before. */
function checkPhotos(photos: CarouselPhoto[]): CheckedPhoto[] {
  if (photos.length === 0) throw new Error(MESSAGES.noPhotos)
  if (photos.length > MAX_CAROUSEL_PHOTOS) throw new Error(MESSAGES.tooManyPhotos)
  const altTexts = checkAltTexts(photos.map((photo) => photo.altText ?? ''))
  return photos.map((photo, index) => {
    const check = checkImage(photo.bytes, photo.declaredType, 'selected')
    if (!check.ok) throw new Error(MESSAGES.photoNotAnImage(index + 1, check.message))
    const thumbType = photo.renditions ? checkRenditions(photo.renditions) : null
    return { photo, type: check.type, thumbType, altText: altTexts[index] }
  })
}

type ImageRow = Omit<PostImage, 'post_id' | 'position'>

export async function createCarouselPost(
  client: SupabaseClient,
  input: NewCarouselPost
): Promise<Post> {
  const caption = checkCaption(input.caption)
  const photos = checkPhotos(input.photos)
  const postId = checkRowId(input.id ?? newRowId())
  const bucket = client.storage.from(IMAGES_BUCKET)
  const uploaded: string[] = []

  const upload = async (path: string, bytes: Uint8Array, type: string): Promise<string> => {
    const { error } = await bucket.upload(path, bytes, {
      cacheControl: String(UPLOAD_CACHE_CONTROL_SECONDS),
      contentType: type,
      upsert: false
    })
    // An object already there was uploaded by an earlier attempt of this same post.
    if (error && !isAlreadyUploaded(error)) {
      throw new Error(MESSAGES.uploadFailed(messageOr(error, 'unknown error')))
    }
    // Only what this attempt created is undone: an object found there may belong to a post
    // an earlier attempt already made.
    if (!error) uploaded.push(path)
    return bucket.getPublicUrl(path).data.publicUrl
  }

  const uploadPhoto = async (
    { photo, type, thumbType, altText }: CheckedPhoto,
    position: number
  ): Promise<ImageRow> => {
    const path = postPhotoPath(input.userId, postId, position, type)
    const imageUrl = await upload(path, photo.bytes, type)
    const renditions = photo.renditions
    const thumbUrl =
      renditions && thumbType
        ? await upload(postThumbnailPath(path, thumbType), renditions.thumbnailBytes, thumbType)
        : null
    return {
      image_url: imageUrl,
      thumb_url: thumbUrl,
      width: renditions?.width ?? null,
      height: renditions?.height ?? null,
      placeholder: renditions?.placeholder ?? null,
      alt_text: altText || null
    }
  }

  // Compensation: no object may outlive the post it was uploaded for.
  const removeUploaded = async (): Promise<void> => {
    if (uploaded.length === 0) return
    const removal = await bucket.remove(uploaded)
    if (removal.error) console.error('Could not remove orphaned uploads', uploaded, removal.error)
  }

  input.onStage?.('uploading')
  // All photos upload at once; every upload is waited for before undoing, so none lands after
  // the removal and survives it.
  const results = await Promise.allSettled(photos.map((photo, i) => uploadPhoto(photo, i)))
  const failed = results.find((result) => result.status === 'rejected')
  if (failed) {
    await removeUploaded()
    throw failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason))
  }
  const images = results.map((result) => (result as PromiseFulfilledResult<ImageRow>).value)

  input.onStage?.('saving')
  let created: { data: unknown; error: unknown }
  try {
    // The new row comes back with its author embedded (its photos are the ones just sent: an
    // embed in the same statement cannot see rows the function wrote), so nothing is re-read.
    created = await client
      .rpc('create_post', { caption, images, post_id: postId })
      .select('*, profiles(username, full_name, avatar_url)')
      .single()
  } catch (error) {
    created = { data: null, error }
  }
  if (isUniqueViolation(created.error)) {
    // Two attempts raced; the other one made the post (if the id is ours at all).
    const existing = await ownPost(client, postId, input.userId)
    if (existing) return withCurrentImageOrigin(client, existing)
    await removeUploaded()
    throw new Error(MESSAGES.savePostFailed(POST_ID_TAKEN_MESSAGE))
  }
  if (created.error || !created.data) {
    // Unanswered, the post may exist: its objects stay for the retry to find.
    if (serverAnswered(created.error)) await removeUploaded()
    throw new Error(MESSAGES.savePostFailed(messageOr(created.error, 'no row returned')))
  }
  const post = created.data as Post
  return withCurrentImageOrigin(client, {
    ...post,
    post_images: images.map((image, position) => ({ ...image, post_id: post.id, position }))
  })
}

/**
 * The bridge's posts:create-carousel, as both platforms run it: as whoever is signed in on
 * `client`'s session (`userId`, null when signed out).
 */
export async function createCarouselAs(
  client: SupabaseClient,
  userId: string | null,
  input: CreateCarouselInput,
  onStage?: NewCarouselPost['onStage']
): Promise<Post> {
  if (!userId) throw new Error(SIGN_IN_TO_POST_MESSAGE)
  return createCarouselPost(client, {
    userId,
    id: input.id,
    caption: input.caption,
    photos: carouselPhotosFromInput(input.photos),
    onStage
  })
}
