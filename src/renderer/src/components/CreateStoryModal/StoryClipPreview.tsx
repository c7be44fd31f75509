// A picked clip in Create story's 9:16 frame, as followers will see it, and what will be kept:
// a clip longer than a story's 60 seconds is trimmed to its first minute (said under it), and
// the sound can be left out. The preview reads the clip's length for the share.

import type { ReactElement, ReactNode } from 'react'
import { MAX_STORY_VIDEO_DURATION_MS } from '@shared/limits'
import { useAutoplayAnimations } from '../../preferences/autoplay'
import { clipLengthHandlers } from '../../video/clipLength'
import { useT } from '../../i18n'
import styles from './CreateStoryModal.module.scss'

export interface StoryClipPreviewProps {
  url: string
  durationMs: number | null
  muted: boolean
  disabled: boolean
  /** What shows over the clip (the story's text), as over a photo. */
  overlay: ReactNode
  onDuration(durationMs: number): void
  onMuted(muted: boolean): void
  onUnreadable(message: string): void
}

export function StoryClipPreview({
  url,
  durationMs,
  muted,
  disabled,
  overlay,
  onDuration,
  onMuted,
  onUnreadable
}: StoryClipPreviewProps): ReactElement {
  const t = useT()
  const autoplay = useAutoplayAnimations()
  const clip = clipLengthHandlers(durationMs !== null, onDuration, onUnreadable)
  return (
    <>
      <div className={styles.frame}>
        <video
          src={url}
          muted={muted}
          loop
          autoPlay={autoplay}
          controls={!autoplay}
          playsInline
          aria-label={t('stories.create.videoPreview')}
          {...clip}
        />
        {overlay}
      </div>
      {durationMs !== null && durationMs > MAX_STORY_VIDEO_DURATION_MS && (
        <p className={styles.notice} data-testid="story-trim-notice">
          {t('stories.create.trimmed', { seconds: MAX_STORY_VIDEO_DURATION_MS / 1000 })}
        </p>
      )}
      <label className={styles.mute}>
        <input
          type="checkbox"
          checked={muted}
          disabled={disabled}
          onChange={(event) => onMuted(event.target.checked)}
        />
        {t('stories.create.withoutSound')}
      </label>
    </>
  )
}
