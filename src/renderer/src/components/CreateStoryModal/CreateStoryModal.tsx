// Posting a story (docs/product.md, "Stories"): drop or pick a photo, see it in the 9:16 frame
// the viewer shows, add an optional short text, share. The photo goes through the same checks
// as a post's and the image pipeline sized for the story frame. A failure keeps the photo and
// text so the user can retry.

import { useEffect, useMemo, useState, type ReactElement } from 'react'
import type { ImageFile } from '@shared/bridge-contract'
import { messageOr } from '@shared/errors'
import { MAX_STORY_TEXT_LENGTH } from '@shared/limits'
import { MESSAGES } from '@shared/messages'
import { processImage } from '../../imaging/processImage'
import { STORY_FRAME } from '../../imaging/renditions'
import { useStores } from '../../store'
import { useImagePicker } from '../../picking/useImagePicker'
import { ChooseAnotherButton, DropZone } from '../DropZone/DropZone'
import { Modal } from '../Modal/Modal'
import { Spinner } from '../Spinner/Spinner'
import { Toggle } from '../Settings/Toggle'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import styles from './CreateStoryModal.module.scss'

function usePreviewUrl(image: ImageFile | null): string | null {
  const url = useMemo(
    () =>
      image
        ? URL.createObjectURL(
            new Blob([image.bytes as Uint8Array<ArrayBuffer>], { type: image.type })
          )
        : null,
    [image]
  )
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url])
  return url
}

export function CreateStoryModal(): ReactElement {
  const { stories, ui } = useStores()
  const t = useT()
  const message = useMessage()
  const [image, setImage] = useState<ImageFile | null>(null)
  const [text, setText] = useState('')
  const [closeFriendsOnly, setCloseFriendsOnly] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const previewUrl = usePreviewUrl(image)

  // A story is one photo: of several dropped, the first.
  const picker = useImagePicker({
    multiple: false,
    onImages: ([picked]) => {
      setImage(picked)
      setError(null)
    },
    onError: setError
  })

  const share = async (): Promise<void> => {
    if (!image || busy) return
    setBusy(true)
    setError(null)
    try {
      const processed = await processImage(image, STORY_FRAME)
      await stories.getState().postStory({ ...processed, text, closeFriendsOnly })
      ui.getState().closeModal()
    } catch (caught) {
      setError(messageOr(caught, MESSAGES.createPostFailed))
      setBusy(false)
    }
  }

  const back = image && !busy && (
    <ChooseAnotherButton
      onClick={() => {
        setImage(null)
        setError(null)
      }}
    />
  )

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
      {!image ? (
        <div className={styles.pickStep}>
          <DropZone picker={picker} inputLabel={t('create.chooseFile')} />
          {errorLine}
        </div>
      ) : (
        <div className={styles.previewStep}>
          <div className={styles.frame}>
            {previewUrl && <img src={previewUrl} alt={t('stories.create.previewAlt')} />}
            {text.trim() && <p className={styles.overlayText}>{text.trim()}</p>}
          </div>
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
          <button
            type="button"
            className={styles.share}
            disabled={busy}
            onClick={() => void share()}
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
