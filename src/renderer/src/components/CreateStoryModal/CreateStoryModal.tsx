// Posting a story (docs/product.md, "Stories"): drop or pick a photo or a clip, see it in the
// 9:16 frame the viewer shows, add an optional short text, share. The photo goes through the
// same checks as a post's and the image pipeline sized for the story frame; a clip is converted
// like a post's and keeps the part its trim handles choose, at most 60 seconds (useStoryShare.ts). A failure or a cancel keeps
// the photo or clip and the text so the user can retry.

import { useEffect, useMemo, useState, type ReactElement } from 'react'
import type { ImageFile } from '@shared/bridge-contract'
import { MAX_STORY_TEXT_LENGTH } from '@shared/limits'
import { useStores } from '../../store'
import { useImagePicker } from '../../picking/useImagePicker'
import { ChooseAnotherButton, DropZone } from '../DropZone/DropZone'
import { Modal } from '../Modal/Modal'
import { Spinner } from '../Spinner/Spinner'
import { ShareProgress } from '../CreatePostModal/ShareProgress'
import { Toggle } from '../Settings/Toggle'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import { StoryClipPreview } from './StoryClipPreview'
import { storyTrim, useStoryShare, type DraftClip } from './useStoryShare'
import styles from './CreateStoryModal.module.scss'

function usePreviewUrl(image: ImageFile | null, clip: File | null): string | null {
  const url = useMemo(
    () =>
      clip
        ? URL.createObjectURL(clip)
        : image
          ? URL.createObjectURL(
              new Blob([image.bytes as Uint8Array<ArrayBuffer>], { type: image.type })
            )
          : null,
    [image, clip]
  )
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url])
  return url
}

export function CreateStoryModal(): ReactElement {
  const { ui } = useStores()
  const t = useT()
  const message = useMessage()
  const [image, setImage] = useState<ImageFile | null>(null)
  const [clip, setClip] = useState<DraftClip | null>(null)
  const [text, setText] = useState('')
  const [closeFriendsOnly, setCloseFriendsOnly] = useState(false)
  const { stage, progress, error, setError, share, cancel } = useStoryShare()
  const busy = stage !== null
  const previewUrl = usePreviewUrl(image, clip?.file ?? null)

  // A story is one photo or one clip: of several photos dropped, the first.
  const picker = useImagePicker({
    multiple: false,
    onImages: ([picked]) => {
      setImage(picked)
      setClip(null)
      setError(null)
    },
    onVideo: (file) => {
      setClip({ file, durationMs: null, trim: null, muted: false })
      setImage(null)
      setError(null)
    },
    onError: setError
  })

  const back = (image || clip) && !busy && (
    <ChooseAnotherButton
      onClick={() => {
        setImage(null)
        setClip(null)
        setError(null)
      }}
    />
  )

  const overlay = text.trim() && <p className={styles.overlayText}>{text.trim()}</p>

  const errorLine = error && (
    <p className={styles.error} role="alert">
      {message(error)}
    </p>
  )

  return (
    <Modal
      title={t('stories.add')}
      onClose={() => ui.getState().closeModal()}
      closeDisabled={busy}
      leading={back}
      className={styles.dialog}
    >
      {!image && !clip ? (
        <div className={styles.pickStep}>
          <DropZone picker={picker} inputLabel={t('create.chooseFile')} />
          {errorLine}
        </div>
      ) : (
        <div className={styles.previewStep}>
          {clip && previewUrl ? (
            <StoryClipPreview
              url={previewUrl}
              durationMs={clip.durationMs}
              trim={clip.trim}
              muted={clip.muted}
              disabled={busy}
              overlay={overlay}
              onDuration={(durationMs) =>
                setClip((held) => held && { ...held, durationMs, trim: storyTrim(durationMs) })
              }
              onTrim={(trim) => setClip((held) => held && { ...held, trim })}
              onMuted={(muted) => setClip((held) => held && { ...held, muted })}
              onUnreadable={setError}
            />
          ) : (
            <div className={styles.frame}>
              {previewUrl && <img src={previewUrl} alt={t('stories.create.previewAlt')} />}
              {overlay}
            </div>
          )}
          <label className={styles.textLabel} htmlFor="create-story-text">
            {t('stories.create.textLabel')}
          </label>
          <input
            id="create-story-text"
            className={styles.text}
            placeholder={t('stories.create.textPlaceholder')}
            value={text}
            maxLength={MAX_STORY_TEXT_LENGTH}
            disabled={busy}
            onChange={(event) => setText(event.target.value.slice(0, MAX_STORY_TEXT_LENGTH))}
          />
          <p className={styles.counter} data-testid="story-text-counter">
            {text.length}/{MAX_STORY_TEXT_LENGTH}
          </p>
          <Toggle
            label={t('stories.create.closeFriendsOnly')}
            hint={t('stories.create.closeFriendsHint')}
            checked={closeFriendsOnly}
            onChange={setCloseFriendsOnly}
          />
          {errorLine}
          <ShareProgress stage={stage} progress={progress} onCancel={cancel} />
          <button
            type="button"
            className={styles.share}
            disabled={busy || (clip !== null && clip.durationMs === null)}
            onClick={() => void share({ image, clip, text, closeFriendsOnly })}
          >
            {busy ? (
              <>
                <Spinner size={16} light /> {t('messages.uploading')}
              </>
            ) : (
              t('stories.create.share')
            )}
          </button>
        </div>
      )}
    </Modal>
  )
}
