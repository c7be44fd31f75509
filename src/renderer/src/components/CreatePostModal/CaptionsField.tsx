// A clip's optional captions in Create: a WebVTT (.vtt) file chosen beside the clip, checked at
// once (its size before a byte is read, then UTF-8 and its cues: @shared/captions) so that a wrong
// file is refused here with the reason and line, never at Share. The text goes with the clip.

import { useId, useRef, useState, type ReactElement } from 'react'
import { Captions, X } from 'lucide-react'
import { checkCaptions, type CaptionsProblem } from '@shared/captions'
import { MAX_CAPTIONS_BYTES } from '@shared/limits'
import { useT } from '../../i18n'
import styles from './VideoPreview.module.scss'

export interface ChosenCaptions {
  name: string
  text: string
}

export interface CaptionsFieldProps {
  captions: ChosenCaptions | null
  onCaptions(captions: ChosenCaptions | null): void
  disabled: boolean
}

/** Reads a chosen file as captions: its text, or why it is refused. */
export async function readCaptionsFile(
  file: Blob
): Promise<{ ok: true; text: string } | ({ ok: false } & CaptionsProblem)> {
  // Refused by its size before it is read.
  if (file.size > MAX_CAPTIONS_BYTES) return { ok: false, reason: 'tooLarge' }
  const checked = checkCaptions(new Uint8Array(await file.arrayBuffer()))
  return checked.ok ? { ok: true, text: checked.text } : checked
}

export function CaptionsField({
  captions,
  onCaptions,
  disabled
}: CaptionsFieldProps): ReactElement {
  const t = useT()
  const inputRef = useRef<HTMLInputElement>(null)
  const errorId = useId()
  const [problem, setProblem] = useState<CaptionsProblem | null>(null)

  const take = async (file: File): Promise<void> => {
    const read = await readCaptionsFile(file)
    if (!read.ok) {
      setProblem(read)
      return
    }
    setProblem(null)
    onCaptions({ name: file.name, text: read.text })
  }

  return (
    <div className={styles.captions}>
      {captions ? (
        <p className={styles.captionsChosen}>
          <Captions size={16} aria-hidden />
          <span>{t('create.video.captions.chosen', { name: captions.name })}</span>
          <button
            type="button"
            className={styles.captionsRemove}
            aria-label={t('create.video.captions.remove')}
            disabled={disabled}
            onClick={() => onCaptions(null)}
          >
            <X size={14} aria-hidden />
          </button>
        </p>
      ) : (
        <button
          type="button"
          className={styles.captionsAdd}
          disabled={disabled}
          aria-describedby={problem ? errorId : undefined}
          onClick={() => inputRef.current?.click()}
        >
          <Captions size={16} aria-hidden /> {t('create.video.captions.add')}
        </button>
      )}
      <input
        ref={inputRef}
        className={styles.captionsInput}
        type="file"
        accept=".vtt,text/vtt"
        tabIndex={-1}
        aria-label={t('create.video.captions.file')}
        onChange={(event) => {
          const file = event.target.files?.[0]
          // Reset so choosing the same file again still fires a change.
          event.target.value = ''
          if (file) void take(file)
        }}
      />
      {problem && (
        <p id={errorId} className={styles.captionsError} role="alert">
          {problem.reason === 'badTiming'
            ? t('create.video.captions.badTiming', { line: problem.line })
            : t(`create.video.captions.${problem.reason}`)}
        </p>
      )}
    </div>
  )
}
