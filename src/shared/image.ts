// Image checks shared by the renderer (before preview), main (before upload) and the local
// backend (before storing). The declared type is never trusted: the bytes decide.

import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from './limits'
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
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return 'image/webp'
  }
  return null
}

export interface ImageDimensions {
  width: number
  height: number
}

const u16be = (b: Uint8Array, i: number): number => (b[i] << 8) | b[i + 1]
const u16le = (b: Uint8Array, i: number): number => b[i] | (b[i + 1] << 8)
const u24le = (b: Uint8Array, i: number): number => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16)
const u32be = (b: Uint8Array, i: number): number =>
  ((b[i] << 24) >>> 0) + ((b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3])
const ascii = (b: Uint8Array, i: number, length: number): string =>
  String.fromCharCode(...b.subarray(i, i + length))

function pngDimensions(b: Uint8Array): ImageDimensions | null {
  // The first chunk must be IHDR (length 13): width and height are its first 8 bytes.
  if (b.length < 24 || u32be(b, 8) !== 13 || ascii(b, 12, 4) !== 'IHDR') return null
  return { width: u32be(b, 16), height: u32be(b, 20) }
}

function gifDimensions(b: Uint8Array): ImageDimensions | null {
  // The logical screen descriptor follows the 6-byte signature.
  if (b.length < 10) return null
  return { width: u16le(b, 6), height: u16le(b, 8) }
}

/** SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isStartOfFrame = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc

function jpegDimensions(b: Uint8Array): ImageDimensions | null {
  let i = 2
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return null
    const marker = b[i + 1]
    if (marker === 0xff) {
      i += 1 // fill byte
      continue
    }
    // Markers without a length: TEM and RST0–7 (SOI was consumed above).
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2
      continue
    }
    // A scan or the end before any frame header: not a usable image.
    if (marker === 0xda || marker === 0xd9) return null
    const length = u16be(b, i + 2)
    if (length < 2) return null
    if (isStartOfFrame(marker)) {
      if (i + 9 > b.length) return null
      return { width: u16be(b, i + 7), height: u16be(b, i + 5) }
    }
    i += 2 + length
  }
  return null
}

function webpDimensions(b: Uint8Array): ImageDimensions | null {
  if (b.length < 30) return null
  const chunk = ascii(b, 12, 4)
  if (chunk === 'VP8 ') {
    // Lossy: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff }
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 0x2F, then width-1 and height-1 as two 14-bit fields.
    if (b[20] !== 0x2f) return null
    const bits = (b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24)) >>> 0
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X') {
    // Extended: the canvas size as 24-bit width-1 and height-1 after 4 bytes of flags.
    return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 }
  }
  return null
}

/**
 * Width and height from the header alone (PNG IHDR, JPEG SOFn, GIF logical screen, WebP
 * VP8/VP8L/VP8X), without decoding: a few dozen bytes can claim a size whose decode would
 * exhaust memory, so the claim is checked first. Null when the bytes are not one of the four
 * formats, the header is cut short, or a side is zero.
 */
export function readImageDimensions(bytes: Uint8Array): ImageDimensions | null {
  const type = sniffImageType(bytes)
  let dimensions: ImageDimensions | null = null
  if (type === 'image/png') dimensions = pngDimensions(bytes)
  else if (type === 'image/jpeg') dimensions = jpegDimensions(bytes)
  else if (type === 'image/gif') dimensions = gifDimensions(bytes)
  else if (type === 'image/webp') dimensions = webpDimensions(bytes)
  if (!dimensions || dimensions.width === 0 || dimensions.height === 0) return null
  return dimensions
}

/** True when the header claims more than MAX_IMAGE_PIXELS (an unreadable header claims nothing). */
export function exceedsPixelLimit(dimensions: ImageDimensions | null): boolean {
  return dimensions !== null && dimensions.width * dimensions.height > MAX_IMAGE_PIXELS
}

/** How the photo reached us: the non-image error is worded differently for each. */
export type ImageSource = 'selected' | 'dropped'

export type ImageCheck = { ok: true; type: ImageMimeType } | { ok: false; message: string }

/**
 * The photo rules (docs/product.md, "Create a post"): under 10 MB, else 'Image must be less than
 * 10MB'; an image, else 'Please select an image file' or 'Please drop an image file'; a header
 * claiming more than MAX_IMAGE_PIXELS, 'Image is too large to process'. `declaredType` is the
 * browser's or OS's guess and only used to fail fast; the magic bytes have the last word.
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
  // A decompression bomb is refused from its header, before a preview or upload decodes it.
  if (exceedsPixelLimit(readImageDimensions(bytes))) {
    return { ok: false, message: MESSAGES.imageTooManyPixels }
  }
  return { ok: true, type }
}

/** The size rule alone, for checks before the bytes are read (a File's size, a stat). */
export function isWithinImageSizeLimit(byteLength: number): boolean {
  return byteLength < MAX_IMAGE_BYTES
}
