// Image fixtures made in code, for the storage, hardening and image-parsing suites: small real
// images (Chromium's encoders, verified to decode), their truncations, and headers that claim
// huge sizes (dimension bombs).

export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64'
)

/** 3×2, baseline, JFIF. */
export const JPEG_3X2 = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAMDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCKALXj/9k=',
  'base64'
)

/** 1×1 GIF89a. */
export const GIF_1X1 = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64'
)

/** The 3×2 lossy (VP8) and lossless (VP8L) bitstream chunks Chromium wrote. */
const VP8_CHUNK = Buffer.from(
  'VlA4ICwAAACQAQCdASoDAAIAAsBMJaACdLoAA5gA/u5DH+5sc4twV/9tD/9aH/60P+lAAA==',
  'base64'
)
const VP8L_CHUNK = Buffer.from('VlA4TA8AAAAvAkAAAAcQ/Y/+ByKi/wEA', 'base64')

function riffWebp(...chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WEBP'), ...chunks])
  const header = Buffer.alloc(8)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(body.length, 4)
  return Buffer.concat([header, body])
}

function vp8xChunk(width: number, height: number): Buffer {
  const chunk = Buffer.alloc(18)
  chunk.write('VP8X', 0, 'ascii')
  chunk.writeUInt32LE(10, 4)
  chunk.writeUIntLE(width - 1, 12, 3)
  chunk.writeUIntLE(height - 1, 15, 3)
  return chunk
}

export const WEBP_LOSSY_3X2 = riffWebp(VP8_CHUNK)
export const WEBP_LOSSLESS_3X2 = riffWebp(VP8L_CHUNK)
export const WEBP_EXTENDED_3X2 = riffWebp(vp8xChunk(3, 2), VP8_CHUNK)

/** A PNG signature, an IHDR claiming `width`×`height`, no pixel data, and IEND. */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25)
  ihdr.writeUInt32BE(13, 0)
  ihdr.write('IHDR', 4, 'ascii')
  ihdr.writeUInt32BE(width, 8)
  ihdr.writeUInt32BE(height, 12)
  ihdr.set([8, 6, 0, 0, 0], 16) // 8-bit RGBA; the CRC is left zero: nothing decodes this far
  return Buffer.concat([PNG_1X1.subarray(0, 8), ihdr, PNG_1X1.subarray(PNG_1X1.length - 12)])
}

/** The real JPEG with its frame header (SOF0) rewritten to claim `width`×`height`. */
export function jpegClaiming(width: number, height: number): Buffer {
  const copy = Buffer.from(JPEG_3X2)
  const sof = copy.indexOf(Buffer.from([0xff, 0xc0]))
  copy.writeUInt16BE(height, sof + 5)
  copy.writeUInt16BE(width, sof + 7)
  return copy
}

export function gifClaiming(width: number, height: number): Buffer {
  const copy = Buffer.from(GIF_1X1)
  copy.writeUInt16LE(width, 6)
  copy.writeUInt16LE(height, 8)
  return copy
}

/** VP8X canvas sizes are 24-bit, so a WebP may claim up to 16777216 per side. */
export function webpClaiming(width: number, height: number): Buffer {
  return riffWebp(vp8xChunk(width, height), VP8_CHUNK)
}

/** The first `keep` bytes only: what a dropped connection or a half-written file leaves. */
export const truncated = (bytes: Buffer, keep: number): Buffer =>
  Buffer.from(bytes.subarray(0, keep))
