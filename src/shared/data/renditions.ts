// The layout hints an upload carries (thumbnail, size, placeholder), checked against the same
// rules as the database so a bad one is refused before any upload is wasted.

import type { PostRenditions } from '../bridge-contract'
import { checkImage, type ImageMimeType } from '../image'
import { MAX_IMAGE_DIMENSION, MAX_PLACEHOLDER_LENGTH } from '../limits'
import { REFUSED } from './refusal'

export interface PhotoRenditions {
  thumbnailBytes: Uint8Array
  thumbnailType: string
  width: number
  height: number
  /** A thumbhash, base64. */
  placeholder: string | null
}

export const INVALID_RENDITION_MESSAGE = REFUSED.imageInvalid

const PLACEHOLDER_PATTERN = /^[A-Za-z0-9+/]{4,64}={0,2}$/

const isDimension = (value: number): boolean =>
  Number.isInteger(value) && value >= 1 && value <= MAX_IMAGE_DIMENSION

/** The thumbnail's image type, or an Error when any hint breaks a database check. */
export function checkRenditions(renditions: PhotoRenditions): ImageMimeType {
  const thumb = checkImage(renditions.thumbnailBytes, renditions.thumbnailType)
  if (!thumb.ok) throw new Error(INVALID_RENDITION_MESSAGE)
  if (!isDimension(renditions.width) || !isDimension(renditions.height)) {
    throw new Error(INVALID_RENDITION_MESSAGE)
  }
  const { placeholder } = renditions
  if (
    placeholder !== null &&
    (placeholder.length > MAX_PLACEHOLDER_LENGTH + 2 || !PLACEHOLDER_PATTERN.test(placeholder))
  ) {
    throw new Error(INVALID_RENDITION_MESSAGE)
  }
  return thumb.type
}

/** The bridge's renditions (a thumbnail as an ImageFile) as the upload functions take them. */
export function renditionsFromBridge(renditions: PostRenditions): PhotoRenditions {
  return {
    thumbnailBytes: renditions.thumbnail.bytes,
    thumbnailType: renditions.thumbnail.type,
    width: renditions.width,
    height: renditions.height,
    placeholder: renditions.placeholder
  }
}
