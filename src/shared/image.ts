// Image checks shared by the renderer (before preview), main (before upload) and the local
// backend (before storing). The declared type is never trusted: the bytes decide.

import { MAX_IMAGE_BYTES } from './limits'
import { MESSAGES } from './messages'

export type ImageMimeType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp'

export const IMAGE_EXTENSION_BY_TYPE: Record<ImageMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp'
}

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false
  return signature.every((value, i) => bytes[offset + i] === value)
}

/** Identifies JPEG, PNG, GIF and WebP by their magic bytes; null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageMimeType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39)) {
    return 'image/gif'
  }
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp'
  }
  return null
}

/** How the photo reached us: the spec words the non-image error differently for each. */
export type ImageSource = 'selected' | 'dropped'

export type ImageCheck = { ok: true; type: ImageMimeType } | { ok: false; message: string }

/**
 * Spec §5: under 10 MB, else 'Image must be less than 10MB'; an image, else 'Please select an
 * image file' or 'Please drop an image file'. `declaredType` is the browser's or OS's guess and
 * only used to fail fast; the magic bytes have the last word.
 */
export function checkImage(
  bytes: Uint8Array,
  declaredType: string,
  source: ImageSource = 'selected'
): ImageCheck {
  const notAnImage = source === 'dropped' ? MESSAGES.dropImageFile : MESSAGES.selectImageFile
  if (declaredType && !declaredType.startsWith('image/')) return { ok: false, message: notAnImage }
  if (bytes.byteLength >= MAX_IMAGE_BYTES) return { ok: false, message: MESSAGES.imageTooLarge }
  const type = sniffImageType(bytes)
  if (!type) return { ok: false, message: notAnImage }
  return { ok: true, type }
}

/** The size rule alone, for checks before the bytes are read (a File's size, a stat). */
export function isWithinImageSizeLimit(byteLength: number): boolean {
  return byteLength < MAX_IMAGE_BYTES
}
