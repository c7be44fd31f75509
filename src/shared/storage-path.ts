// Object paths in the `images` bucket. Spec §7: posts/{userId}/{timestamp}-{random}.{extension}.

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
