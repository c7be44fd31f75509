// Never more than one video playing in the window: the one that starts pauses the one before.

let current: HTMLVideoElement | null = null

/** Plays `video`, pausing whichever other video was playing. */
export function playOnly(video: HTMLVideoElement): Promise<void> {
  if (current && current !== video) current.pause()
  current = video
  return video.play().catch(() => {
    // A play interrupted by a pause (it scrolled away at once) or refused by the browser: the
    // poster stays, and the play button still works.
  })
}

/** Forgets `video` when it stops (paused or gone). */
export function released(video: HTMLVideoElement): void {
  if (current === video) current = null
}

/** A click on the clip or its Play button: plays it (alone) when paused, else pauses it. */
export function togglePlay(video: HTMLVideoElement | null): void {
  if (!video) return
  if (video.paused) void playOnly(video)
  else video.pause()
}
