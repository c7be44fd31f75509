// What a clip becomes, decided before any frame is decoded: its size (at most 1080 px on the long
// side, even numbers as encoders want), its codecs (H.264/AAC in MP4 where this machine has those
// encoders, else VP9/Opus in WebM, which every Chromium can make) and the part kept by the trim.
// Pure, so the rules are tested without WebCodecs.

import { MAX_VIDEO_DURATION_MS } from '@shared/limits'
import { MESSAGES } from '@shared/messages'
import { MAX_VIDEO_DIMENSION, type VideoMimeType } from '@shared/video'

export interface VideoOutputPlan {
  type: VideoMimeType
  videoCodec: 'avc' | 'vp9'
  audioCodec: 'aac' | 'opus'
}

export const MP4_PLAN: VideoOutputPlan = { type: 'video/mp4', videoCodec: 'avc', audioCodec: 'aac' }
export const WEBM_PLAN: VideoOutputPlan = {
  type: 'video/webm',
  videoCodec: 'vp9',
  audioCodec: 'opus'
}

/** MP4 only when both its encoders exist here (a clip without sound needs no audio encoder). */
export function chooseOutput(canAvc: boolean, canAac: boolean, hasAudio: boolean): VideoOutputPlan {
  return canAvc && (canAac || !hasAudio) ? MP4_PLAN : WEBM_PLAN
}

/** The converted frame size: the long side at most 1080 px, never enlarged, both sides even. */
export function scaledSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MAX_VIDEO_DIMENSION / Math.max(width, height))
  const even = (value: number): number => Math.max(2, Math.round((value * scale) / 2) * 2)
  return { width: even(width), height: even(height) }
}

export interface Trim {
  startMs: number
  endMs: number
}

/** The kept part's problem, or null: it must be inside the clip, non-empty and ≤ 3 minutes. */
export function trimProblem(trim: Trim, durationMs: number): string | null {
  if (!(durationMs > 0)) return MESSAGES.videoUnreadable
  if (trim.startMs < 0 || trim.endMs > durationMs + 1 || trim.endMs - trim.startMs < 100) {
    return MESSAGES.videoTrimEmpty
  }
  if (trim.endMs - trim.startMs > MAX_VIDEO_DURATION_MS) return MESSAGES.videoTooLong
  return null
}

/** The trim a new clip starts with: all of it, or its first three minutes. */
export function initialTrim(durationMs: number): Trim {
  return { startMs: 0, endMs: Math.min(durationMs, MAX_VIDEO_DURATION_MS) }
}

/** Seconds left from the fraction done and the time spent; null until there is enough to tell. */
export function secondsLeft(fraction: number, elapsedMs: number): number | null {
  if (fraction < 0.02 || elapsedMs < 500) return null
  return Math.max(0, Math.ceil(((elapsedMs / fraction) * (1 - fraction)) / 1000))
}

/** "1:05" for 65 seconds; what the trim and the progress line show. */
export function clock(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
