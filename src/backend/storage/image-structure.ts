// Structural checks on uploaded images, without decoding them. The magic bytes say what a file
// claims to be; these say whether it is whole and sane enough to hand to a decoder:
// - the header's width × height must stay within MAX_IMAGE_PIXELS (a tiny file can claim
//   20000×20000 and exhaust memory where it is decoded: the app, a browser, a thumbnailer);
// - the file must end the way its format ends (PNG IEND chunk, JPEG EOI after the first scan,
//   GIF trailer 0x3B, WebP RIFF size within the bytes), so a truncated upload — a dropped
//   connection, a half-written file — is refused instead of showing as a grey half-image.
// Trailing bytes after the end marker are tolerated, as decoders do (some cameras append data).

import { exceedsPixelLimit, readImageDimensions, type ImageMimeType } from '../../shared/image'
import { MESSAGES } from '../../shared/messages'

export const INCOMPLETE_IMAGE_MESSAGE = 'The image is incomplete or corrupt'

const PNG_IEND = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82] // "IEND" + its fixed CRC

function lastIndexOf(bytes: Uint8Array, pattern: number[], from: number): number {
  for (let i = bytes.length - pattern.length; i >= from; i--) {
    if (pattern.every((value, j) => bytes[i + j] === value)) return i
  }
  return -1
}

function pngComplete(bytes: Uint8Array): boolean {
  return lastIndexOf(bytes, PNG_IEND, 33) >= 0
}

/** EOI (FF D9) must follow the first SOS: an EOI inside an EXIF thumbnail does not count. */
function jpegComplete(bytes: Uint8Array): boolean {
  let i = 2
  while (i + 3 < bytes.length) {
    if (bytes[i] !== 0xff) return false
    const marker = bytes[i + 1]
    if (marker === 0xff) {
      i += 1
      continue
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2
      continue
    }
    if (marker === 0xd9) return false
    if (marker === 0xda) break
    i += 2 + ((bytes[i + 2] << 8) | bytes[i + 3])
  }
  // In entropy-coded data a literal FF is stuffed as FF 00, so FF D9 is the real end marker.
  for (let j = i + 2; j + 1 < bytes.length; j++) {
    if (bytes[j] === 0xff && bytes[j + 1] === 0xd9) return true
  }
  return false
}

function gifComplete(bytes: Uint8Array): boolean {
  return bytes[bytes.length - 1] === 0x3b
}

function webpComplete(bytes: Uint8Array): boolean {
  const riffSize = (bytes[4] | (bytes[5] << 8) | (bytes[6] << 16) | (bytes[7] << 24)) >>> 0
  return riffSize >= 4 && riffSize + 8 <= bytes.length
}

const COMPLETE: Record<ImageMimeType, (bytes: Uint8Array) => boolean> = {
  'image/png': pngComplete,
  'image/jpeg': jpegComplete,
  'image/gif': gifComplete,
  'image/webp': webpComplete
}

/** Why these bytes (already sniffed as `type`) must be refused, or null when they are fine. */
export function imageStructureProblem(bytes: Uint8Array, type: ImageMimeType): string | null {
  const dimensions = readImageDimensions(bytes)
  if (!dimensions) return INCOMPLETE_IMAGE_MESSAGE
  if (exceedsPixelLimit(dimensions)) return MESSAGES.imageTooManyPixels
  return COMPLETE[type](bytes) ? null : INCOMPLETE_IMAGE_MESSAGE
}
