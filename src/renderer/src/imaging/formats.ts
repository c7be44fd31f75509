// Pure facts about image bytes and sizes for the upload pipeline, testable without a canvas.

/** Scales (width, height) down to fit `maxWidth`, keeping the ratio; never scales up. */
export function fitWidth(
  width: number,
  height: number,
  maxWidth: number
): { width: number; height: number } {
  if (width <= maxWidth) return { width, height }
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) }
}

/** The largest size within maxWidth × maxHeight keeping the aspect ratio; never upscaled. */
export function fitBox(
  width: number,
  height: number,
  maxWidth: number,
  maxHeight: number
): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / width, maxHeight / height)
  if (scale === 1) return { width, height }
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale))
  }
}

/** The centred square of the image: the grid shows square tiles, so the rest is never seen. */
export function centreSquare(
  width: number,
  height: number
): { x: number; y: number; side: number } {
  const side = Math.min(width, height)
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), side }
}

/** Skips a run of GIF data sub-blocks; returns the offset after the terminator, or -1. */
function skipSubBlocks(bytes: Uint8Array, at: number): number {
  let offset = at
  while (offset < bytes.length) {
    const size = bytes[offset]
    offset += 1
    if (size === 0) return offset
    offset += size
  }
  return -1
}

/**
 * True when a GIF has more than one frame. Re-encoding through a canvas keeps only the first
 * frame, so animated GIFs are uploaded as they are. Walks the block structure (GIF89a spec).
 */
export function isAnimatedGif(bytes: Uint8Array): boolean {
  if (bytes.length < 13 || bytes[0] !== 0x47 || bytes[1] !== 0x49 || bytes[2] !== 0x46) {
    return false
  }
  let offset = 13
  const flags = bytes[10]
  if (flags & 0x80) offset += 3 * (1 << ((flags & 0x07) + 1))
  let frames = 0
  while (offset < bytes.length) {
    const block = bytes[offset]
    if (block === 0x3b) break
    if (block === 0x21) {
      offset = skipSubBlocks(bytes, offset + 2)
    } else if (block === 0x2c) {
      frames += 1
      if (frames > 1) return true
      const local = bytes[offset + 9]
      offset += 10
      if (local & 0x80) offset += 3 * (1 << ((local & 0x07) + 1))
      offset = skipSubBlocks(bytes, offset + 1)
    } else {
      return false
    }
    if (offset < 0) return false
  }
  return false
}

/** True for an animated WebP (VP8X header with the animation flag). */
export function isAnimatedWebp(bytes: Uint8Array): boolean {
  const tag = String.fromCharCode(...bytes.subarray(12, 16))
  return tag === 'VP8X' && bytes.length > 20 && (bytes[20] & 0x02) !== 0
}

/** Qualities tried in turn until an encode fits its byte budget. */
export const QUALITY_STEPS = [0.82, 0.72, 0.62, 0.5] as const
