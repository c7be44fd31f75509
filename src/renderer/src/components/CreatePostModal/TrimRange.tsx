// The trim of a clip being prepared, a post's and a story's alike (docs/product.md, "Create a
// post" and "Stories"): how much of the whole is kept, and a start and an end handle. A story
// keeps at most `maxKeptMs`: moving one handle further than that from the other brings the other
// along, so the kept part is never longer than a story may be. Drawn inside the caller's fieldset.

import type { ReactElement } from 'react'
import { clock } from '../../video/videoPlan'
import { useT } from '../../i18n'
import styles from './VideoPreview.module.scss'

export interface ClipTrim {
  trimStartMs: number
  trimEndMs: number
}

const STEP_MS = 100

/** The trim after one handle moves to `ms`: ends at least a step apart, at most `maxKeptMs`. */
export function movedTrim(
  trim: ClipTrim,
  handle: 'start' | 'end',
  ms: number,
  maxKeptMs: number
): ClipTrim {
  if (handle === 'start') {
    const start = Math.min(ms, trim.trimEndMs - STEP_MS)
    return { trimStartMs: start, trimEndMs: Math.min(trim.trimEndMs, start + maxKeptMs) }
  }
  const end = Math.max(ms, trim.trimStartMs + STEP_MS)
  return { trimStartMs: Math.max(trim.trimStartMs, end - maxKeptMs), trimEndMs: end }
}

export function TrimRange({
  durationMs,
  trim,
  onTrim,
  maxKeptMs = Infinity
}: {
  durationMs: number
  trim: ClipTrim
  onTrim(trim: ClipTrim): void
  maxKeptMs?: number
}): ReactElement {
  const t = useT()
  const handle = (which: 'start' | 'end', label: string, value: number): ReactElement => (
    <label className={styles.trim}>
      <span>{label}</span>
      <input
        type="range"
        min={0}
        max={durationMs}
        step={STEP_MS}
        value={value}
        onChange={(event) => onTrim(movedTrim(trim, which, Number(event.target.value), maxKeptMs))}
      />
    </label>
  )
  return (
    <>
      <legend className={styles.legend}>
        {t('create.video.trim', {
          kept: clock(trim.trimEndMs - trim.trimStartMs),
          total: clock(durationMs)
        })}
      </legend>
      {handle(
        'start',
        t('create.video.start', { time: clock(trim.trimStartMs) }),
        trim.trimStartMs
      )}
      {handle('end', t('create.video.end', { time: clock(trim.trimEndMs) }), trim.trimEndMs)}
    </>
  )
}
