// Making a post of one to ten photos, all or nothing: every photo is checked before the first
// byte is sent, then the upload pipeline uploads every photo and thumbnail and create_post
// inserts the post and its photos in one transaction; if any upload or the insert fails, what
// was uploaded is removed again. The post's id is chosen before the first upload and names every
// object, so a retry after a lost answer finds the objects and the post it already made
// (create_post returns one's own post of that id). A single photo is a post of one: there is no
// other way in. A video item is its poster (a photo like any other, with its thumbnail) and its
// clip, uploaded to the videos bucket beside it and undone with it, and the clip's WebVTT
// captions when given (checked like the rest, stored beside the clip as text/vtt). A post
// canceled before it is saved (its signal aborted) leaves nothing behind either.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { CreatePostInput, PostPhotoInput } from '../bridge-contract'
import { CAPTIONS_MIME_TYPE, checkCaptions } from '../captions'
import type { Post, PostImage } from '../domain'
import { checkImage, type ImageMimeType } from '../image'
import { MAX_CAROUSEL_PHOTOS, VIDEOS_BUCKET } from '../limits'
import { MESSAGES } from '../messages'
import { postCaptionsPath, postPhotoPath, postThumbnailPath, postVideoPath } from '../storage-path'
import { checkVideo, type VideoMimeType } from '../video'
import { checkRowId, newRowId } from './idempotent'
import { checkAltTexts, checkCaption, checkLocation } from './post-edits'
import { ownPost, POST_ACCOUNT_SWITCHED_MESSAGE, SIGN_IN_TO_POST_MESSAGE } from './post-owner'
import { checkRenditions, renditionsFromBridge, type PhotoRenditions } from './renditions'
import { withCurrentImageOrigin } from './storage-urls'
import { uploadThenWrite, type ObjectUpload } from './upload-pipeline'

export interface PostPhoto {
  bytes: Uint8Array
  declaredType: string
  altText?: string
  /** From the renderer's image pipeline; without it the photo renders square, no thumbnail. */
  renditions?: PhotoRenditions
  /** A video item's clip as converted (MP4 or WebM); the photo above is its poster frame. */
  video?: PostVideo
}

export interface PostVideo {
  bytes: Uint8Array
  declaredType: string
  durationMs: number
  /** The clip's captions as a WebVTT file's text; absent for none. */
  captions?: string
}

export interface NewPost {
  userId: string
  /** The new post's id; a retry of the same post passes the same one. New when absent. */
  id?: string
  caption: string
  /** Free text shown under the author's name; '' or absent for none. */
  location?: string
  /** In display order; the first is the one the grid and older readers show. */
  photos: PostPhoto[]
  /** An imported post's original date (ISO 8601): made through import_post, which dates it. */
  takenAt?: string
  onStage?: (stage: 'uploading' | 'saving') => void
  /** Bytes stored so far of all the post's objects. */
  onUploadProgress?: (sentBytes: number, totalBytes: number) => void
  /** Aborting before the post is saved stops its uploads and removes what they stored. */
  signal?: AbortSignal
}

/** What the caller hears of a post being made, and how it stops it. */
export type PostCreateEvents = Pick<NewPost, 'onStage' | 'onUploadProgress' | 'signal'>

/** The bridge's photos (bytes as the renderer's pipeline made them) as this module takes them. */
export function postPhotosFromInput(photos: PostPhotoInput[]): PostPhoto[] {
  return photos.map(({ image, altText, renditions, video }) => ({
    bytes: image.bytes,
    declaredType: image.type,
    altText,
    renditions: renditions && renditionsFromBridge(renditions),
    video: video && {
      bytes: video.file.bytes,
      declaredType: video.file.type,
      durationMs: video.durationMs,
      captions: video.captions
    }
  }))
}

interface CheckedPhoto {
  photo: PostPhoto
  type: ImageMimeType
  thumbType: ImageMimeType | null
  videoType: VideoMimeType | null
  /** The captions file's bytes, checked; null for none. */
  captions: Uint8Array | null
  altText: string
}

/**
 * Every photo checked, or an Error naming the first bad one; nothing is uploaded before. A post
 * of one photo keeps the plain reason (there is no "photo 1" to name).
 */
function checkPhotos(photos: PostPhoto[]): CheckedPhoto[] {
  if (photos.length === 0) throw new Error(MESSAGES.noPhotos)
  if (photos.length > MAX_CAROUSEL_PHOTOS) throw new Error(MESSAGES.tooManyPhotos)
  const altTexts = checkAltTexts(photos.map((photo) => photo.altText ?? ''))
  return photos.map((photo, index) => {
    const check = checkImage(photo.bytes, photo.declaredType, 'selected')
    if (!check.ok) {
      throw new Error(
        photos.length === 1 ? check.message : MESSAGES.photoNotAnImage(index + 1, check.message)
      )
    }
    const thumbType = photo.renditions ? checkRenditions(photo.renditions) : null
    let videoType: VideoMimeType | null = null
    let captions: Uint8Array | null = null
    if (photo.video) {
      const { bytes, declaredType, durationMs } = photo.video
      const video = checkVideo(bytes, declaredType, durationMs)
      const captionsOk =
        photo.video.captions === undefined ||
        checkCaptions((captions = new TextEncoder().encode(photo.video.captions))).ok
      const message = !video.ok ? video.message : !captionsOk ? MESSAGES.captionsInvalid : null
      if (message) {
        throw new Error(
          photos.length === 1 ? message : MESSAGES.photoNotAnImage(index + 1, message)
        )
      }
      if (video.ok) videoType = video.type
    }
    return { photo, type: check.type, thumbType, videoType, captions, altText: altTexts[index] }
  })
}

type ImageRow = Omit<PostImage, 'post_id' | 'position'>

/**
 * Each item's objects in upload order: its clip first when it is a video, then its captions when
 * it has them, then the photo (a video's poster) and, when it has renditions, its thumbnail.
 */
function photoUploads(photos: CheckedPhoto[], userId: string, postId: string): ObjectUpload[][] {
  return photos.map(({ photo, type, thumbType, videoType, captions }, position) => {
    const path = postPhotoPath(userId, postId, position, type)
    const uploads: ObjectUpload[] = []
    if (photo.video && videoType) {
      const videoPath = postVideoPath(userId, postId, position, videoType)
      uploads.push({
        bucket: VIDEOS_BUCKET,
        path: videoPath,
        bytes: photo.video.bytes,
        type: videoType
      })
      if (captions) {
        uploads.push({
          bucket: VIDEOS_BUCKET,
          path: postCaptionsPath(userId, postId, position),
          bytes: captions,
          type: CAPTIONS_MIME_TYPE
        })
      }
    }
    uploads.push({ path, bytes: photo.bytes, type })
    if (photo.renditions && thumbType) {
      const thumbPath = postThumbnailPath(path, thumbType)
      uploads.push({ path: thumbPath, bytes: photo.renditions.thumbnailBytes, type: thumbType })
    }
    return uploads
  })
}

/**
 * The rows create_post takes, from each item's uploaded URLs ([clip, [captions,]] photo,
 * thumbnail).
 */
function imageRows(photos: CheckedPhoto[], urls: string[][]): ImageRow[] {
  return photos.map(({ photo, captions, altText }, position) => {
    const own = [...urls[position]]
    const videoUrl = photo.video ? own.shift()! : null
    const captionsUrl = captions ? own.shift()! : null
    const [imageUrl, thumbUrl = null] = own
    const renditions = photo.renditions
    return {
      video_url: videoUrl,
      duration_ms: photo.video?.durationMs ?? null,
      captions_url: captionsUrl,
      image_url: imageUrl,
      thumb_url: thumbUrl,
      width: renditions?.width ?? null,
      height: renditions?.height ?? null,
      placeholder: renditions?.placeholder ?? null,
      alt_text: altText || null
    }
  })
}

/**
 * The one way a post is made, of one photo or of ten: through the upload pipeline, then
 * create_post. The answer always carries image URLs on the current backend's origin, whether
 * the post was made now or found from an earlier attempt.
 */
export async function createPost(client: SupabaseClient, input: NewPost): Promise<Post> {
  const caption = checkCaption(input.caption)
  const location = checkLocation(input.location ?? '') || null
  const photos = checkPhotos(input.photos)
  const postId = checkRowId(input.id ?? newRowId())
  const groups = photoUploads(photos, input.userId, postId)
  const post = await uploadThenWrite<Post>(client, {
    uploads: groups.flat(),
    retryable: true,
    onStage: input.onStage,
    onUploadProgress: input.onUploadProgress,
    signal: input.signal,
    failureMessage: MESSAGES.savePostFailed,
    findExisting: () => ownPost(client, postId, input.userId),
    write: async (urls) => {
      let next = 0
      const images = imageRows(
        photos,
        groups.map((group) => group.map(() => urls[next++]))
      )
      // The new row comes back with its author embedded (its photos are the ones just sent: an
      // embed in the same statement cannot see rows the function wrote), so nothing is re-read.
      const created = await client
        .rpc(
          input.takenAt ? 'import_post' : 'create_post',
          input.takenAt
            ? { caption, images, post_id: postId, taken_at: input.takenAt, location }
            : { caption, images, post_id: postId, location }
        )
        .select('*, profiles(username, full_name, avatar_url)')
        .single()
      const row = created.data as Post | null
      return {
        error: created.error,
        data: row && {
          ...row,
          post_images: images.map((image, position) => ({ ...image, post_id: row.id, position }))
        }
      }
    }
  })
  return withCurrentImageOrigin(client, post)
}

/** The bridge's posts:create, as whoever is signed in on `client`'s session. */
export async function createPostAs(
  client: SupabaseClient,
  userId: string | null,
  input: CreatePostInput,
  events: PostCreateEvents = {}
): Promise<Post> {
  if (!userId) throw new Error(SIGN_IN_TO_POST_MESSAGE)
  if (input.authorId && input.authorId !== userId) throw new Error(POST_ACCOUNT_SWITCHED_MESSAGE)
  const { id, caption, location, photos, takenAt } = input
  return createPost(client, {
    userId,
    id,
    caption,
    location,
    takenAt,
    photos: postPhotosFromInput(photos),
    ...events
  })
}
