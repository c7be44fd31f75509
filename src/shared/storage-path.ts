// Object paths in the `images` bucket: posts/{userId}/… and stories/{userId}/…, each
// {timestamp}-{random}.{extension} (or {postId}-{position}.{extension} for a post whose id the
// client chose). The folder is the uploader's id, which is what the storage
// policies check.

import { IMAGE_EXTENSION_BY_TYPE, type ImageMimeType } from './image'

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

/** A story photo: stories/{userId}/{timestamp}-{random}.{extension}, the folder its policy checks. */
export function storyImagePath(
  userId: string,
  type: ImageMimeType,
  now: number = Date.now(),
  random: () => number = Math.random
): string {
  return `stories/${userId}/${now}-${randomToken(10, random)}.${IMAGE_EXTENSION_BY_TYPE[type]}`
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
 * The embedded local backend listens on whatever loopback port was free when it started, but
 * posts store absolute public URLs. A URL that points at a loopback backend's public storage is
 * therefore moved onto the backend in use now (`currentBase`, e.g. http://127.0.0.1:51234), so
 * photos survive a restart on a new port. Hosted URLs, and anything else, are left alone.
 */
export function rebaseLoopbackStorageUrl(url: string, currentBase: string): string {
  let stored: URL
  let current: URL
  try {
    stored = new URL(url)
    current = new URL(currentBase)
  } catch {
    return url
  }
  if (!LOOPBACK_HOSTS.has(stored.hostname) || !LOOPBACK_HOSTS.has(current.hostname)) return url
  if (!stored.pathname.startsWith(PUBLIC_OBJECT_PATH) || stored.origin === current.origin)
    return url
  return current.origin + stored.pathname + stored.search
}
