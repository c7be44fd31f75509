// The length of a picked clip, as its preview <video> finds it (Create's post and story previews).
// A recorded WebM (MediaRecorder's) has no length in its header: seeking past its end makes the
// browser find it, and durationchange reports it. A clip that has no length cannot be shared.

import type { SyntheticEvent } from 'react'
import { MESSAGES } from '@shared/messages'

type VideoEvent = SyntheticEvent<HTMLVideoElement>

export interface ClipLengthHandlers {
  onLoadedMetadata(event: VideoEvent): void
  onDurationChange(event: VideoEvent): void
  onError(): void
}

/**
 * Handlers for a preview `<video>` that call `onLength` with the clip's length in ms, the clip
 * back at its start, unless `known` already; `onUnreadable` with why when it has none.
 */
export function clipLengthHandlers(
  known: boolean,
  onLength: (ms: number) => void,
  onUnreadable: (message: string) => void
): ClipLengthHandlers {
  const take = (video: HTMLVideoElement): void => {
    if (known || !Number.isFinite(video.duration)) return
    const ms = Math.round(video.duration * 1000)
    if (ms <= 0) return onUnreadable(MESSAGES.videoUnreadable)
    if (video.currentTime > 0) video.currentTime = 0
    onLength(ms)
  }
  return {
    onLoadedMetadata: (event) => {
      const video = event.currentTarget
      if (video.duration === Infinity) video.currentTime = Number.MAX_SAFE_INTEGER
      else take(video)
    },
    onDurationChange: (event) => take(event.currentTarget),
    onError: () => onUnreadable(MESSAGES.videoUnreadable)
  }
}
