// The create-post modal's video column (docs/product.md, "Create a post"): the picked clip
// playing in its preview, the trim of its start and end and the sound switch. The conversion
// itself is the composer store's (prepareItems; its progress is ShareProgress); this only draws and
// collects the choices.

import { useState, type ReactElement } from 'react'
import type { VideoEdits } from '../../video/convertVideo'
import { initialTrim } from '../../video/videoPlan'
import { clipLengthHandlers } from '../../video/clipLength'
import { TrimRange } from './TrimRange'
import styles from './VideoPreview.module.scss'
import { useT } from '../../i18n'

export interface VideoPreviewProps {
  url: string
  edits: VideoEdits | null
  onEdits(edits: VideoEdits, durationMs: number): void
  onUnreadable(message: string): void
  disabled: boolean
}

export function VideoPreview({
  url,
  edits,
  onEdits,
  onUnreadable,
  disabled
}: VideoPreviewProps): ReactElement {
  const [durationMs, setDurationMs] = useState(0)
  const t = useT()
  const clip = clipLengthHandlers(
    durationMs > 0,
    (ms) => {
      setDurationMs(ms)
      const trim = initialTrim(ms)
      onEdits({ trimStartMs: trim.startMs, trimEndMs: trim.endMs, muted: false }, ms)
    },
    onUnreadable
  )
  const change = (next: Partial<VideoEdits>): void => {
    if (edits) onEdits({ ...edits, ...next }, durationMs)
  }
  return (
    <div className={styles.column}>
      <video
        className={styles.preview}
        src={url}
        controls
        muted={edits?.muted ?? false}
        playsInline
        aria-label={t('create.video.preview')}
        {...clip}
      />
      {edits && durationMs > 0 && (
        <fieldset className={styles.controls} disabled={disabled}>
          <TrimRange durationMs={durationMs} trim={edits} onTrim={change} />
          <label className={styles.mute}>
            <input
              type="checkbox"
              checked={edits.muted}
              onChange={(event) => change({ muted: event.target.checked })}
            />
            {t('create.video.mute')}
          </label>
        </fieldset>
      )}
    </div>
  )
}
