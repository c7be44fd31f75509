// The author's changes to their own post: the caption, alt text and location, and deleting it
// with every row and stored object that belongs to it.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Post } from '../domain'
import {
  IMAGES_BUCKET,
  MAX_ALT_TEXT_LENGTH,
  MAX_CAPTION_HASHTAGS,
  MAX_CAPTION_LENGTH,
  MAX_CAROUSEL_PHOTOS,
  MAX_LOCATION_LENGTH,
  VIDEOS_BUCKET
} from '../limits'
import { MESSAGES } from '../messages'
import { hashtagCount } from '../text-links'
import { objectPathFromPublicUrl } from '../storage-path'
import { failed, failure, FAILURE_REASONS } from './failure'
import { postById, sortedImages } from './post-reads'
import { refused } from './refusal'

const characters = (text: string): number => [...text].length

/** The caption as stored (trimmed), or an Error when it is too long or has too many hashtags. */
export function checkCaption(caption: string): string {
  const trimmed = caption.trim()
  if (characters(trimmed) > MAX_CAPTION_LENGTH) {
    throw new Error(refused('captionTooLong', { max: MAX_CAPTION_LENGTH }))
  }
  if (hashtagCount(trimmed) > MAX_CAPTION_HASHTAGS) throw new Error(MESSAGES.tooManyHashtags)
  return trimmed
}

/** Alt texts as stored (trimmed), or an Error naming the photo whose text is too long. */
export function checkAltTexts(altTexts: string[]): string[] {
  if (altTexts.length > MAX_CAROUSEL_PHOTOS) throw new Error(MESSAGES.tooManyPhotos)
  return altTexts.map((text, index) => {
    const trimmed = text.trim()
    if (characters(trimmed) > MAX_ALT_TEXT_LENGTH)
      throw new Error(MESSAGES.altTextTooLong(index + 1))
    return trimmed
  })
}

/**
 * The location as stored: one line (runs of white space become one space), trimmed, '' for
 * none; or an Error when it is too long. The database tidies and checks it the same way.
 */
export function checkLocation(location: string): string {
  const tidied = location.replace(/\s+/g, ' ').trim()
  if (characters(tidied) > MAX_LOCATION_LENGTH) throw new Error(MESSAGES.locationTooLong)
  return tidied
}

export interface PostEdit {
  caption: string
  /** One per photo in display order; omitted to leave every alt text as it is. */
  altTexts?: string[]
  /** The new location, '' to clear it; omitted to leave it as it is. */
  location?: string
}

/**
 * Changes the caption, alt texts and location of the signed-in user's post in one statement. The database
 * stamps edited_at when the caption changed and refuses anyone but the author.
 */
export async function editPost(
  client: SupabaseClient,
  postId: string,
  edit: PostEdit
): Promise<Post> {
  const caption = checkCaption(edit.caption)
  const altTexts = edit.altTexts ? checkAltTexts(edit.altTexts) : null
  // edit_post leaves the location as it is when it gets null, and clears it on ''.
  const location = edit.location === undefined ? null : checkLocation(edit.location)
  const { data, error } = await client
    .rpc('edit_post', { post_id: postId, caption, alt_texts: altTexts, location })
    .single()
  if (error || !data) throw failure('saveChanges', error)
  return data as Post
}

/** Every object path in `bucket` that a post's rows point at (photos, clips, captions). */
function storagePathsOf(post: Post, bucket: string): string[] {
  const urls = [post.image_url, post.thumb_url, post.video_url]
  for (const image of sortedImages(post))
    urls.push(image.image_url, image.thumb_url, image.video_url, image.captions_url)
  const paths = urls.flatMap((url) => {
    const path = url ? objectPathFromPublicUrl(url, bucket) : null
    return path ? [path] : []
  })
  return [...new Set(paths)]
}

export interface DeletedPost {
  /** The objects removed from storage (photos and thumbnails). */
  removedPaths: string[]
}

/**
 * Deletes the signed-in user's post: the row first (its likes, comments, saves, photos and tags
 * go with it through the foreign keys), then its stored photos and thumbnails. In that order a
 * failure never leaves a post pointing at missing images; an object whose removal failed is no
 * longer referenced by any row, so the local backend's orphan sweep removes it later.
 */
export async function deletePost(client: SupabaseClient, postId: string): Promise<DeletedPost> {
  const post = await postById(client, postId)
  const { data, error } = await client.from('posts').delete().eq('id', postId).select('id')
  if (error) throw failure('deletePost', error)
  if (!data || data.length === 0) {
    throw new Error(failed('deletePost', { reason: FAILURE_REASONS.goneOrNotYours }))
  }
  const removedPaths: string[] = []
  for (const bucket of [IMAGES_BUCKET, VIDEOS_BUCKET]) {
    const paths = storagePathsOf(post, bucket)
    if (paths.length === 0) continue
    const removal = await client.storage.from(bucket).remove(paths)
    if (removal.error) {
      console.error('Could not remove the media of a deleted post', paths, removal.error)
      continue
    }
    removedPaths.push(...(removal.data ?? []).map((object) => object.name))
  }
  return { removedPaths }
}
