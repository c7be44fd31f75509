// Object paths in the `images` bucket: posts/{userId}/… and stories/{userId}/…, each
// {timestamp}-{random}.{extension} (or {postId}-{position}.{extension} for a post whose id the
// client chose). The folder is the uploader's id, which is what the storage
// policies check.

import { IMAGE_EXTENSION_BY_TYPE, type ImageMimeType } from './image'
import { VIDEO_EXTENSION_BY_TYPE, type VideoMimeType } from './video'

const RANDOM_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

function randomToken(length: number, random: () => number): string {
  let token = ''
  for (let i = 0; i < length; i++) {
    token += RANDOM_ALPHABET[Math.floor(random() * RANDOM_ALPHABET.length)]
  }
  return token
}

export function postImagePath(
  userId: string,
  type: ImageMimeType,
  now: number = Date.now(),
  random: () => number = Math.random
): string {
  return `posts/${userId}/${now}-${randomToken(10, random)}.${IMAGE_EXTENSION_BY_TYPE[type]}`
}

/**
 * A photo of a post whose id the client chose: posts/{userId}/{postId}-{position}.{extension}.
 * The same post always gets the same paths, so a retried upload finds the object it already
 * made instead of leaving a second one behind.
 */
export function postPhotoPath(
  userId: string,
  postId: string,
  position: number,
  type: ImageMimeType
): string {
  return `posts/${userId}/${postId}-${position}.${IMAGE_EXTENSION_BY_TYPE[type]}`
}

/**
 * A post's video clip in the videos bucket, named like its photo (its poster) in images:
 * posts/{userId}/{postId}-{position}.{mp4|webm}, so a retry finds the clip it already sent.
 */
export function postVideoPath(
  userId: string,
  postId: string,
  position: number,
  type: VideoMimeType
): string {
  return `posts/${userId}/${postId}-${position}.${VIDEO_EXTENSION_BY_TYPE[type]}`
}

/** A clip's WebVTT captions beside it in the videos bucket: posts/{userId}/{postId}-{position}.vtt. */
export function postCaptionsPath(userId: string, postId: string, position: number): string {
  return `posts/${userId}/${postId}-${position}.vtt`
}

/** A story photo: stories/{userId}/{timestamp}-{random}.{extension}, the folder its policy checks. */
export function storyImagePath(
  userId: string,
  type: ImageMimeType,
  now: number = Date.now(),
  random: () => number = Math.random
): string {
  return `stories/${userId}/${now}-${randomToken(10, random)}.${IMAGE_EXTENSION_BY_TYPE[type]}`
}

/**
 * A story's clip in the videos bucket, named like its poster in images:
 * stories/{userId}/{timestamp}-{random}.{mp4|webm}, the folder the videos policy checks.
 */
export function storyVideoPath(posterPath: string, type: VideoMimeType): string {
  return `${posterPath.replace(/\.[a-z0-9]+$/, '')}.${VIDEO_EXTENSION_BY_TYPE[type]}`
}

/** The grid thumbnail's path, next to its feed image: `…/{timestamp}-{random}-thumb.{ext}`. */
export function postThumbnailPath(imagePath: string, type: ImageMimeType): string {
  return `${imagePath.replace(/\.[a-z0-9]+$/, '')}-thumb.${IMAGE_EXTENSION_BY_TYPE[type]}`
}

/** The object path inside the bucket, read back from a public URL; null when it is not ours. */
export function objectPathFromPublicUrl(publicUrl: string, bucket: string): string | null {
  const marker = `/storage/v1/object/public/${bucket}/`
  const at = publicUrl.indexOf(marker)
  if (at < 0) return null
  return decodeURI(publicUrl.slice(at + marker.length).split('?')[0])
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])
const PUBLIC_OBJECT_PATH = '/storage/v1/object/public/'

/**
 * A stored photo URL made loadable from the backend in use now (`currentBase`: any URL of its
 * storage, such as getPublicUrl's). The database stores a photo as its path on the API
 * (`/storage/v1/object/public/images/...`, no host: the baseline's Photo paths), which is resolved
 * against the backend's storage. A full URL that points at a loopback backend's public storage
 * (stored before, by a desktop backend that has since moved to another port) is moved onto the
 * current loopback backend. Anything else is left alone.
 */
export function resolveStorageUrl(stored: string, currentBase: string): string {
  const base = currentBase.indexOf(PUBLIC_OBJECT_PATH)
  if (stored.startsWith(PUBLIC_OBJECT_PATH)) {
    if (base >= 0) return currentBase.slice(0, base) + stored
    try {
      return new URL(stored, currentBase).href
    } catch {
      return stored
    }
  }
  let url: URL
  let current: URL
  try {
    url = new URL(stored)
    current = new URL(currentBase)
  } catch {
    return stored
  }
  if (!LOOPBACK_HOSTS.has(url.hostname) || !LOOPBACK_HOSTS.has(current.hostname)) return stored
  if (!url.pathname.startsWith(PUBLIC_OBJECT_PATH) || url.origin === current.origin) return stored
  return current.origin + url.pathname + url.search
}
