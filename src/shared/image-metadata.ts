// Removes the metadata a camera or phone writes into a photo (EXIF with its GPS position,
// XMP, IPTC, comments, text chunks) from JPEG, PNG and WebP bytes, without decoding the image:
// used when the upload pipeline cannot re-encode a photo, so the original never leaves the
// machine with the place it was taken. Only whole segments/chunks are dropped; the image data
// is copied byte for byte. A JPEG keeps its orientation (as a minimal EXIF block holding only
// that tag), so a portrait photo does not turn sideways.

import type { ImageMimeType } from './image'

export class MetadataStripError extends Error {}

const fail = (what: string): never => {
  throw new MetadataStripError(`The ${what} file is damaged, so its metadata cannot be removed`)
}

// ------------------------------------------------------------------------------------------
// JPEG

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0, 0] // "Exif\0\0"
const ICC_HEADER = 'ICC_PROFILE\0'
const ADOBE_HEADER = 'Adobe'

function startsWithText(bytes: Uint8Array, at: number, text: string): boolean {
  if (at + text.length > bytes.length) return false
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false
  return true
}

/** The Orientation tag (1–8) of an EXIF APP1 payload (after its length), or null. */
export function exifOrientation(payload: Uint8Array): number | null {
  if (!EXIF_HEADER.every((byte, i) => payload[i] === byte)) return null
  const tiff = payload.subarray(EXIF_HEADER.length)
  if (tiff.length < 8) return null
  const little = tiff[0] === 0x49 && tiff[1] === 0x49
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return null
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength)
  const ifd = view.getUint32(4, little)
  if (ifd + 2 > tiff.length) return null
  const count = view.getUint16(ifd, little)
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12
    if (entry + 12 > tiff.length) return null
    if (view.getUint16(entry, little) === 0x0112 && view.getUint16(entry + 2, little) === 3) {
      const value = view.getUint16(entry + 8, little)
      return value >= 1 && value <= 8 ? value : null
    }
  }
  return null
}

/** An APP1 segment with an EXIF block that holds only the orientation. */
function orientationSegment(orientation: number): number[] {
  const header = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8] // big-endian TIFF, IFD0 at offset 8
  const entry = [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0] // Orientation, 1 SHORT
  const tiff = [...header, 0, 1, ...entry, 0, 0, 0, 0] // one entry, no next IFD
  const length = 2 + EXIF_HEADER.length + tiff.length
  return [0xff, 0xe1, length >> 8, length & 0xff, ...EXIF_HEADER, ...tiff]
}

/** Which APPn/COM segments stay: JFIF (APP0), ICC colour profiles (APP2), Adobe (APP14). */
function keepsJpegSegment(marker: number, bytes: Uint8Array, payloadAt: number): boolean {
  if (marker === 0xe0) return true
  if (marker === 0xe2) return startsWithText(bytes, payloadAt, ICC_HEADER)
  // Adobe's segment says how CMYK/YCCK data is coded; without it such photos decode wrongly.
  if (marker === 0xee) return startsWithText(bytes, payloadAt, ADOBE_HEADER)
  return false
}

function stripJpeg(bytes: Uint8Array): Uint8Array {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) fail('JPEG')
  const out: Uint8Array[] = [bytes.subarray(0, 2)]
  let orientation: number | null = null
  let at = 2
  for (;;) {
    if (at + 4 > bytes.length || bytes[at] !== 0xff) fail('JPEG')
    // Any number of 0xFF fill bytes may precede a marker.
    while (bytes[at + 1] === 0xff && at + 2 < bytes.length) at++
    const marker = bytes[at + 1]
    if (marker === 0xd9) fail('JPEG') // EOI before any image data
    const length = (bytes[at + 2] << 8) | bytes[at + 3]
    if (length < 2 || at + 2 + length > bytes.length) fail('JPEG')
    const end = at + 2 + length
    const isMetadata = (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe
    if (marker === 0xda) {
      // Start of scan: everything from here on is image data and the end marker.
      if (orientation !== null && orientation !== 1) {
        out.splice(1, 0, new Uint8Array(orientationSegment(orientation)))
      }
      out.push(bytes.subarray(at))
      break
    }
    if (!isMetadata || keepsJpegSegment(marker, bytes, at + 4)) {
      out.push(bytes.subarray(at, end))
    } else if (marker === 0xe1 && orientation === null) {
      orientation = exifOrientation(bytes.subarray(at + 4, end))
    }
    at = end
  }
  return concat(out)
}

// ------------------------------------------------------------------------------------------
// PNG

/** Chunks that carry metadata, not pixels or how to show them. */
const PNG_METADATA = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME'])

function stripPng(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out: Uint8Array[] = [bytes.subarray(0, 8)]
  let at = 8
  for (;;) {
    if (at + 12 > bytes.length) fail('PNG')
    const length = view.getUint32(at)
    const end = at + 12 + length
    if (end > bytes.length) fail('PNG')
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8))
    if (!PNG_METADATA.has(type)) out.push(bytes.subarray(at, end))
    at = end
    if (type === 'IEND') return concat(out)
  }
}

// ------------------------------------------------------------------------------------------
// WebP

const VP8X_EXIF_FLAG = 0x08
const VP8X_XMP_FLAG = 0x04

function stripWebp(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const riffEnd = 8 + view.getUint32(4, true)
  if (riffEnd > bytes.length || riffEnd < 12) fail('WebP')
  const chunks: Uint8Array[] = []
  let at = 12
  while (at < riffEnd) {
    if (at + 8 > riffEnd) fail('WebP')
    const fourcc = String.fromCharCode(...bytes.subarray(at, at + 4))
    const size = view.getUint32(at + 4, true)
    const end = at + 8 + size + (size % 2)
    if (end > riffEnd) fail('WebP')
    if (fourcc === 'VP8X') {
      const chunk = bytes.slice(at, end)
      chunk[8] &= ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG)
      chunks.push(chunk)
    } else if (fourcc !== 'EXIF' && fourcc !== 'XMP ') {
      chunks.push(bytes.subarray(at, end))
    }
    at = end
  }
  const body = concat(chunks)
  const header = new Uint8Array(12)
  header.set(bytes.subarray(0, 12))
  new DataView(header.buffer).setUint32(4, 4 + body.length, true)
  return concat([header, body])
}

// ------------------------------------------------------------------------------------------

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/**
 * The image without its metadata. GIF carries no camera metadata and is returned as it is.
 * Throws MetadataStripError when the file is too damaged to walk.
 */
export function stripImageMetadata(bytes: Uint8Array, type: ImageMimeType): Uint8Array {
  switch (type) {
    case 'image/jpeg':
      return stripJpeg(bytes)
    case 'image/png':
      return stripPng(bytes)
    case 'image/webp':
      return stripWebp(bytes)
    case 'image/gif':
      return bytes
  }
}
