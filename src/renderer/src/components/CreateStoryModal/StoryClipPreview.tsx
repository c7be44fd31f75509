// A picked clip in Create story's 9:16 frame, as followers will see it, and what will be kept:
// trim handles as a post's clip has, never keeping more than a story's 60 seconds (a longer clip
// keeps its first minute at first, said under it), and the sound can be left out. The preview
// reads the clip's length for the share.

import type { ReactElement, ReactNode } from 'react'
import { MAX_STORY_VIDEO_DURATION_MS } from '@shared/limits'
import { useAutoplayAnimations } from '../../preferences/autoplay'
import { clipLengthHandlers } from '../../video/clipLength'
import { useT } from '../../i18n'
import { TrimRange, type ClipTrim } from '../CreatePostModal/TrimRange'
import styles from './CreateStoryModal.module.scss'

export interface StoryClipPreviewProps {
  url: string
  durationMs: number | null
  trim: ClipTrim | null
  muted: boolean
  disabled: boolean
  /** What shows over the clip (the story's text), as over a photo. */
  overlay: ReactNode
  onDuration(durationMs: number): void
  onTrim(trim: ClipTrim): void
  onMuted(muted: boolean): void
  onUnreadable(message: string): void
}

export function StoryClipPreview({
  url,
  durationMs,
  trim,
  muted,
  disabled,
  overlay,
  onDuration,
  onTrim,
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
      {durationMs !== null && trim && (
        <fieldset className={styles.trim} disabled={disabled}>
          <TrimRange
            durationMs={durationMs}
            trim={trim}
            onTrim={onTrim}
            maxKeptMs={MAX_STORY_VIDEO_DURATION_MS}
          />
        </fieldset>
      )}
      {durationMs !== null &&
        durationMs > MAX_STORY_VIDEO_DURATION_MS &&
        trim?.trimStartMs === 0 && (
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
