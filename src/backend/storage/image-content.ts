// The `check_image_content` bucket rule (config.ts): an upload must be a whole image of the
// type it declares. Its magic bytes must say that type (HTML or SVG labelled image/jpeg is
// refused), and its structure must be whole and within MAX_IMAGE_PIXELS (image-structure.ts),
// before anything stores or decodes it. A type we cannot sniff is left to the bucket's
// allowed_mime_types.

import { sniffImageType, type ImageMimeType } from '../../shared/image'
import { invalidImage, invalidMimeType, type StorageError } from './errors'
import { imageStructureProblem } from './image-structure'

/** Declared types we can check against the bytes; `image/jpg` is a common alias. */
const SNIFFABLE: Record<string, ImageMimeType> = {
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/png': 'image/png',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp'
}

/** Why `bytes`, declared as `type` (bare, lower case), break the rule; null when they do not. */
export function imageContentProblem(bytes: Uint8Array, type: string): StorageError | null {
  const expected = SNIFFABLE[type]
  if (!expected) return null
  if (sniffImageType(bytes) !== expected) {
    return invalidMimeType(`mime type ${type} does not match the file content`)
  }
  const problem = imageStructureProblem(bytes, expected)
  return problem ? invalidImage(problem) : null
}
