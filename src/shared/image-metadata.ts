// Removes the metadata a camera or phone writes into a photo (EXIF with its GPS position,
// XMP, IPTC, comments, text chunks) from JPEG, PNG and WebP bytes, without decoding the image:
// used when the upload pipeline cannot re-encode a photo, so the original never leaves the
// machine with the place it was taken. It is a whitelist: only the segments and chunks a decoder
// needs to draw the image (and its colour profile) are kept, everything unknown goes, and
// nothing after the image's end (a JPEG's EOI, a PNG's IEND, a WebP's RIFF size) is copied, so
// no new or vendor-specific metadata format slips through. The image data is copied byte for
// byte. A JPEG keeps its orientation (as a minimal EXIF block holding only that tag), so a
// portrait photo does not turn sideways.

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

/** Which APPn segments stay: JFIF (APP0), ICC colour profiles (APP2), Adobe (APP14). */
function keepsAppSegment(marker: number, bytes: Uint8Array, payloadAt: number): boolean {
  if (marker === 0xe0) return true
  if (marker === 0xe2) return startsWithText(bytes, payloadAt, ICC_HEADER)
  // Adobe's segment says how CMYK/YCCK data is coded; without it such photos decode wrongly.
  if (marker === 0xee) return startsWithText(bytes, payloadAt, ADOBE_HEADER)
  return false
}

/**
 * Segments a decoder needs: frame headers and Huffman/arithmetic tables (SOF0–SOF15, DHT, DAC;
 * not the reserved JPG marker C8), quantisation tables, DNL and the restart interval.
 */
function isDecodingSegment(marker: number): boolean {
  return (
    (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc8) ||
    marker === 0xdb ||
    marker === 0xdc ||
    marker === 0xdd
  )
}

/**
 * Where the entropy-coded data starting at `at` ends: at the next marker, skipping stuffed
 * bytes (FF 00), restart markers (FF D0–D7) and fill bytes.
 */
function entropyCodedEnd(bytes: Uint8Array, at: number): number {
  for (let i = at; i + 1 < bytes.length; i++) {
    if (bytes[i] !== 0xff) continue
    const next = bytes[i + 1]
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) continue
    return i
  }
  return fail('JPEG') // no end marker
}

function stripJpeg(bytes: Uint8Array): Uint8Array {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) fail('JPEG')
  const out: Uint8Array[] = [bytes.subarray(0, 2)]
  let orientation: number | null = null
  let scans = 0
  let at = 2
  for (;;) {
    if (at + 2 > bytes.length || bytes[at] !== 0xff) fail('JPEG')
    // Any number of 0xFF fill bytes may precede a marker.
    while (bytes[at + 1] === 0xff && at + 2 < bytes.length) at++
    const marker = bytes[at + 1]
    if (marker === 0xd9) {
      if (scans === 0) fail('JPEG') // EOI before any image data
      out.push(bytes.subarray(at, at + 2)) // and nothing after it
      return concat(out)
    }
    if (at + 4 > bytes.length) fail('JPEG')
    const length = (bytes[at + 2] << 8) | bytes[at + 3]
    if (length < 2 || at + 2 + length > bytes.length) fail('JPEG')
    const end = at + 2 + length
    if (marker === 0xda) {
      // Start of scan: its header, then image data up to the next marker (another scan's
      // tables in a progressive JPEG, or EOI).
      if (scans++ === 0 && orientation !== null && orientation !== 1) {
        out.splice(1, 0, new Uint8Array(orientationSegment(orientation)))
      }
      const dataEnd = entropyCodedEnd(bytes, end)
      out.push(bytes.subarray(at, dataEnd))
      at = dataEnd
      continue
    }
    if (isDecodingSegment(marker) || keepsAppSegment(marker, bytes, at + 4)) {
      out.push(bytes.subarray(at, end))
    } else if (marker === 0xe1 && orientation === null && scans === 0) {
      orientation = exifOrientation(bytes.subarray(at + 4, end))
    }
    at = end
  }
}

// ------------------------------------------------------------------------------------------
// PNG

/**
 * Chunks that say what the pixels are and how to show them: the critical ones, transparency,
 * colour space and profile, physical size, background, and APNG's animation chunks. Text, EXIF,
 * time stamps and every chunk this list does not know are dropped.
 */
const PNG_KEPT = new Set([
  'IHDR', 'PLTE', 'IDAT', 'IEND',
  'tRNS', 'cHRM', 'gAMA', 'iCCP', 'sBIT', 'sRGB', 'cICP', 'bKGD', 'pHYs',
  'acTL', 'fcTL', 'fdAT'
]) // prettier-ignore

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
    if (PNG_KEPT.has(type)) out.push(bytes.subarray(at, end))
    at = end
    if (type === 'IEND') return concat(out) // nothing after IEND
  }
}

// ------------------------------------------------------------------------------------------
// WebP

const VP8X_EXIF_FLAG = 0x08
const VP8X_XMP_FLAG = 0x04
/** Image data (lossy, lossless, alpha), animation, and the colour profile; nothing else. */
const WEBP_KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP'])

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
    } else if (WEBP_KEPT.has(fourcc)) {
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
