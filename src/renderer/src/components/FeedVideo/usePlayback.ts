// Whether a clip is playing and how far it is, read from its own events, for the players that
// draw a play button and a progress bar (the feed's and Reels'). A clip that pauses gives back
// the window's one playing slot (onePlaying.ts).

import { useState, type SyntheticEvent } from 'react'
import { released } from './onePlaying'

type VideoEvent = SyntheticEvent<HTMLVideoElement>

export interface Playback {
  playing: boolean
  /** How far the clip is, 0 to 1. */
  progress: number
  /** Spread on the `<video>`. */
  events: {
    onPlay(): void
    onPause(event: VideoEvent): void
    onTimeUpdate(event: VideoEvent): void
  }
}

export function usePlayback(): Playback {
  const [playing, setPlaying] = useState(false)
  const [progress, setProgress] = useState(0)
  return {
    playing,
    progress,
    events: {
      onPlay: () => setPlaying(true),
      onPause: (event) => {
        setPlaying(false)
        released(event.currentTarget)
      },
      onTimeUpdate: (event) => {
        const { currentTime, duration } = event.currentTarget
        setProgress(duration > 0 ? currentTime / duration : 0)
      }
    }
  }
}
