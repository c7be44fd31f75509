// Stories: post one (through the upload pipeline: upload, insert, undo on failure), the strip, a person's live
// stories in viewing order, marking one seen, its viewers, and deleting it with its photos. A
// video story is its poster (a story photo like any other) and its clip in the videos bucket.
// Who may see what, and for how long, is the database's decision (row-level security and the
// story clock); these functions only ask.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { LiveStory, StoryStripEntry, StoryViewer } from '../domain'
import { messageOr } from '../errors'
import { checkImage } from '../image'
import {
  IMAGES_BUCKET,
  MAX_STORY_TEXT_LENGTH,
  MAX_STORY_VIDEO_DURATION_MS,
  VIDEOS_BUCKET
} from '../limits'
import { MESSAGES } from '../messages'
import {
  objectPathFromPublicUrl,
  postThumbnailPath,
  storyImagePath,
  storyVideoPath
} from '../storage-path'
import { checkVideo, type VideoMimeType } from '../video'
import type { PostVideo } from './post-create'
import { failed, failure } from './failure'
import { checkRenditions, type PhotoRenditions } from './renditions'
import { withStorageUrls } from './storage-urls'
import { uploadThenWrite, type ObjectUpload } from './upload-pipeline'

// The author by the stories → profiles key: named, because story_views also links stories to
// profiles (as viewers), which PostgREST would otherwise find ambiguous.
export const STORY_SELECT = '*, profiles!stories_user_id_fkey(username, full_name, avatar_url)'

export interface NewStory {
  userId: string | null
  bytes: Uint8Array
  declaredType: string
  /** Optional; trimmed, at most MAX_STORY_TEXT_LENGTH characters. */
  text: string
  /** Only the author's close friends may see it (the database enforces it). */
  closeFriendsOnly?: boolean
  /** The 9:16 rendition's size, its small thumbnail and placeholder, from the image pipeline. */
  renditions: PhotoRenditions
  /** A video story's clip as converted (at most 60 s); the photo above is its poster frame. */
  video?: PostVideo
  /** Bytes stored so far of the story's objects. */
  onUploadProgress?: (sentBytes: number, totalBytes: number) => void
  /** Aborting before the row is written stops the uploads and removes what they stored. */
  signal?: AbortSignal
}

type StoryRow = Omit<LiveStory, 'seen'>

/** The clip's checked type, or an Error: its container as claimed, its size and length fit. */
function checkStoryVideo(video: PostVideo): VideoMimeType {
  if (video.durationMs > MAX_STORY_VIDEO_DURATION_MS) throw new Error(MESSAGES.storyVideoTooLong)
  const check = checkVideo(video.bytes, video.declaredType, video.durationMs)
  if (!check.ok) throw new Error(check.message)
  return check.type
}

/**
 * Posts a story as `story.userId`: checks the photo as a post's is checked (and a clip as a
 * video post's, up to 60 s), uploads it and its thumbnail under stories/{userId}/ (the clip to
 * the videos bucket's), inserts the row and answers it as the viewer reads it. If anything after
 * the first upload fails, or the signal aborts first, what was uploaded is removed again.
 */
export async function postStory(client: SupabaseClient, story: NewStory): Promise<LiveStory> {
  if (!story.userId) throw new Error(MESSAGES.signInToPostStory)
  const check = checkImage(story.bytes, story.declaredType, 'selected')
  if (!check.ok) throw new Error(check.message)
  const text = story.text.trim()
  if (text.length > MAX_STORY_TEXT_LENGTH) throw new Error(MESSAGES.storyTextTooLong)
  const thumbType = checkRenditions(story.renditions)

  const videoType = story.video ? checkStoryVideo(story.video) : null

  const path = storyImagePath(story.userId, check.type)
  const thumbPath = postThumbnailPath(path, thumbType)
  const userId = story.userId
  const uploads: ObjectUpload[] = [
    { path, bytes: story.bytes, type: check.type },
    { path: thumbPath, bytes: story.renditions.thumbnailBytes, type: thumbType }
  ]
  if (story.video && videoType) {
    const videoPath = storyVideoPath(path, videoType)
    uploads.push({
      bucket: VIDEOS_BUCKET,
      path: videoPath,
      bytes: story.video.bytes,
      type: videoType
    })
  }
  const created = await uploadThenWrite<StoryRow>(client, {
    uploads,
    // A story's path is new on every attempt: nothing found there is ours.
    retryable: false,
    failureMessage: MESSAGES.saveStoryFailed,
    onUploadProgress: story.onUploadProgress,
    signal: story.signal,
    write: async ([imageUrl, thumbUrl, videoUrl]) =>
      client
        .from('stories')
        .insert({
          user_id: userId,
          image_url: imageUrl,
          thumb_url: thumbUrl,
          width: story.renditions.width,
          height: story.renditions.height,
          placeholder: story.renditions.placeholder,
          caption: text || null,
          close_friends_only: story.closeFriendsOnly ?? false,
          ...(videoUrl && { video_url: videoUrl, duration_ms: story.video?.durationMs })
        })
        .select(STORY_SELECT)
        .single()
  })
  // The author has not watched their own new story yet, so their ring shows it as new.
  return withStorageUrls(client, { ...created, seen: false })
}

/** The strip: the reader first, then people they follow with live stories, unseen first. */
export async function fetchStoryStrip(client: SupabaseClient): Promise<StoryStripEntry[]> {
  const { data, error } = await client.rpc('story_strip')
  if (error) throw failure('loadStories', error)
  return withStorageUrls(client, (data ?? []) as StoryStripEntry[])
}

/**
 * A person's live stories in viewing order (oldest first), each with whether `readerId` has seen
 * it. Empty when they have none the reader may see.
 */
export async function fetchUserStories(
  client: SupabaseClient,
  userId: string,
  readerId: string | null
): Promise<LiveStory[]> {
  // The database's clock says which are live: one's own expired stories are readable too (the
  // archive), so a plain select would show them.
  const { data, error } = await client
    .rpc('live_stories_of', { person: userId }, { get: true })
    .select(STORY_SELECT)
  if (error) throw failure('loadStories', error)
  const rows = withStorageUrls(client, (data ?? []) as unknown as StoryRow[])
  if (rows.length === 0 || !readerId) return rows.map((row) => ({ ...row, seen: false }))
  const views = await client
    .from('story_views')
    .select('story_id')
    .eq('viewer_id', readerId)
    .in(
      'story_id',
      rows.map((row) => row.id)
    )
  if (views.error) throw failure('loadStories', views.error)
  const seen = new Set(((views.data ?? []) as { story_id: string }[]).map((view) => view.story_id))
  return rows.map((row) => ({ ...row, seen: seen.has(row.id) }))
}

/** Records that the signed-in reader has seen the story; repeating it changes nothing. */
export async function markStorySeen(client: SupabaseClient, storyId: string): Promise<void> {
  const { error } = await client.rpc('mark_story_seen', { target_story_id: storyId })
  if (error) throw new Error(messageOr(error, MESSAGES.storyGone))
}

/** Who watched the author's story, most recent first (the author's own views left out). */
export async function fetchStoryViewers(
  client: SupabaseClient,
  story: Pick<LiveStory, 'id' | 'user_id'>
): Promise<StoryViewer[]> {
  const { data, error } = await client
    .from('story_views')
    .select(
      'viewer_id, viewed_at, profiles!story_views_viewer_id_fkey(username, full_name, avatar_url)'
    )
    .eq('story_id', story.id)
    .neq('viewer_id', story.user_id)
    .order('viewed_at', { ascending: false })
  if (error) throw failure('loadStories', error)
  return withStorageUrls(client, (data ?? []) as unknown as StoryViewer[])
}

/**
 * Deletes the author's story (live or from the archive) and then its photos and clip. The row goes first, so nobody is left with a
 * story whose photo is missing; an object whose removal fails is left to the backend's removal queue and sweep.
 */
export async function deleteStory(
  client: SupabaseClient,
  story: Pick<LiveStory, 'id' | 'image_url' | 'thumb_url' | 'video_url'>
): Promise<void> {
  const { data, error } = await client.from('stories').delete().eq('id', story.id).select('id')
  if (error) throw failure('deleteStory', error)
  if (!data || data.length === 0)
    throw new Error(failed('deleteStory', { reason: MESSAGES.storyGone }))
  const paths = [story.image_url, story.thumb_url]
    .map((url) => url && objectPathFromPublicUrl(url, IMAGES_BUCKET))
    .filter((path): path is string => Boolean(path))
  const removal = await client.storage.from(IMAGES_BUCKET).remove(paths)
  if (removal.error) console.error('Could not remove story photos', paths, removal.error)
  const clip = story.video_url && objectPathFromPublicUrl(story.video_url, VIDEOS_BUCKET)
  if (!clip) return
  const clipRemoval = await client.storage.from(VIDEOS_BUCKET).remove([clip])
  if (clipRemoval.error) console.error('Could not remove story clip', clip, clipRemoval.error)
}
