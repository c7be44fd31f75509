// Video clips as the app stores them: MP4 (H.264/AAC) or WebM (VP9/Opus), recognised by their
// container's first bytes, never by a name or a declared type alone. What a clip holds inside
// is the renderer's converter's business; storage only ever receives one of these two.

import { MAX_VIDEO_BYTES, MAX_VIDEO_DURATION_MS } from './limits'
import { MESSAGES } from './messages'

/** The long side of a converted clip, in pixels. */
export const MAX_VIDEO_DIMENSION = 1080
/** Video files the native open dialog offers beside photos. */
export const ACCEPTED_VIDEO_EXTENSIONS = ['mp4', 'mov', 'webm'] as const

export type VideoMimeType = 'video/mp4' | 'video/webm'

export const VIDEO_EXTENSION_BY_TYPE: Record<VideoMimeType, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm'
}

/** The container the bytes start with: an ISO-BMFF `ftyp` box, or WebM's EBML header. */
export function sniffVideoType(bytes: Uint8Array): VideoMimeType | null {
  if (bytes.length >= 12 && String.fromCharCode(...bytes.subarray(4, 8)) === 'ftyp') {
    return 'video/mp4'
  }
  if (
    bytes.length >= 4 &&
    bytes[0] === 0x1a &&
    bytes[1] === 0x45 &&
    bytes[2] === 0xdf &&
    bytes[3] === 0xa3
  ) {
    return 'video/webm'
  }
  return null
}

export type VideoCheck = { ok: true; type: VideoMimeType } | { ok: false; message: string }

/** A converted clip about to be uploaded: its container matches its type, size and length fit. */
export function checkVideo(
  bytes: Uint8Array,
  declaredType: string,
  durationMs: number
): VideoCheck {
  const type = sniffVideoType(bytes)
  if (!type || type !== declaredType) return { ok: false, message: MESSAGES.videoNotAVideo }
  if (bytes.byteLength > MAX_VIDEO_BYTES) return { ok: false, message: MESSAGES.videoTooLarge }
  if (!Number.isInteger(durationMs) || durationMs < 1) {
    return { ok: false, message: MESSAGES.videoUnreadable }
  }
  if (durationMs > MAX_VIDEO_DURATION_MS) return { ok: false, message: MESSAGES.videoTooLong }
  return { ok: true, type }
}
