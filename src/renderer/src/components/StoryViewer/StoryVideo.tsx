// A video story in the viewer's frame: the clip over its poster, playing while nothing pauses the
// viewer (a hold, Space, the pause button, a dialog over it) and telling how far it is, so the
// progress bar follows the clip's own length; its end moves the viewer on. With autoplay off or
// reduced motion (preferences/autoplay) it waits on its poster behind a Play button. Sound is the
// viewer's one switch; when the browser refuses to start a clip with sound, it starts muted.

import { useEffect, useRef, useState, type ReactElement } from 'react'
import { Play } from 'lucide-react'
import type { LiveStory } from '@shared/domain'
import { useT } from '../../i18n'
import styles from './StoryViewer.module.scss'

export interface StoryVideoProps {
  story: LiveStory
  label: string
  /** Whether the viewer is paused for any reason. */
  paused: boolean
  /** Whether clips start by themselves (autoplay on, motion not reduced). */
  autoplay: boolean
  muted: boolean
  /** The browser would not play with sound: the viewer's sound switch goes off. */
  onMuteForced(): void
  /** How far the clip is, 0 to 1, as it plays. */
  onProgress(fraction: number): void
  onEnded(): void
}

export function StoryVideo({
  story,
  label,
  paused,
  autoplay,
  muted,
  onMuteForced,
  onProgress,
  onEnded
}: StoryVideoProps): ReactElement {
  const t = useT()
  const ref = useRef<HTMLVideoElement>(null)
  const [started, setStarted] = useState(autoplay)
  const [playing, setPlaying] = useState(false)

  useEffect(() => {
    const video = ref.current
    if (!video) return
    if (!started || paused) return video.pause()
    video.play().catch((error: unknown) => {
      // Chromium refuses sound before the page has been interacted with: start muted instead.
      if (error instanceof DOMException && error.name === 'NotAllowedError' && !video.muted) {
        onMuteForced()
      }
    })
  }, [started, paused, muted, onMuteForced])

  const report = (video: HTMLVideoElement): void => {
    const length = Number.isFinite(video.duration)
      ? video.duration
      : (story.duration_ms ?? 0) / 1000
    if (length > 0) onProgress(Math.min(1, video.currentTime / length))
  }

  return (
    <>
      <video
        ref={ref}
        className={`${styles.photo} ${styles['photo--shown']}`}
        src={story.video_url ?? undefined}
        poster={story.image_url}
        muted={muted}
        playsInline
        preload="auto"
        aria-label={label}
        data-current="true"
        data-story-id={story.id}
        data-testid="story-video"
        onTimeUpdate={(event) => report(event.currentTarget)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={(event) => {
          onProgress(1)
          if (!event.currentTarget.loop) onEnded()
        }}
      />
      {!started && !playing && (
        <button
          type="button"
          className={styles.playClip}
          aria-label={t('stories.video.play')}
          // A press on the button is not a tap on the story (which would move on).
          onPointerDown={(event) => event.stopPropagation()}
          onPointerUp={(event) => event.stopPropagation()}
          onClick={() => setStarted(true)}
        >
          <Play size={36} aria-hidden />
        </button>
      )}
    </>
  )
}
