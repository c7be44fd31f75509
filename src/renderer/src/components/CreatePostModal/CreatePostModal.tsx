// The create-post modal (docs/product.md, "Create a post"): no file (drop zone) → preview with
// caption and Share → uploading. A failure keeps the image and caption so the user can retry;
// success resets, closes, and the new post appears at the top of the feed and the profile grid.
// Sharing goes through three visible stages: processing (renditions made in a worker),
// uploading, saving.

import { useEffect, useMemo, useState, type ReactElement } from 'react'
import { ArrowLeft } from 'lucide-react'
import type { CreatePostStage, ImageFile } from '@shared/bridge-contract'
import { messageOr } from '@shared/errors'
import type { ImageSource } from '@shared/image'
import { MAX_CAPTION_LENGTH } from '@shared/limits'
import { MESSAGES } from '@shared/messages'
import { processImage } from '../../imaging/processImage'
import { useSession, useStores } from '../../store'
import { selectProfile } from '../../store/session/sessionStore'
import { Avatar } from '../Avatar/Avatar'
import { Modal } from '../Modal/Modal'
import { Spinner } from '../Spinner/Spinner'
import { DropZone } from './DropZone'
import { checkImageFile, readImageFile, type ImageRead } from './readImage'
import styles from './CreatePostModal.module.scss'

const STAGE_LABEL: Record<CreatePostStage, string> = {
  processing: MESSAGES.processing,
  uploading: MESSAGES.uploading,
  saving: MESSAGES.saving
}

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

export function CreatePostModal(): ReactElement {
  const { api, feed, ui } = useStores()
  const profile = useSession(selectProfile)
  const [image, setImage] = useState<ImageFile | null>(null)
  const [caption, setCaption] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [stage, setStage] = useState<CreatePostStage | null>(null)
  const uploading = stage !== null
  const previewUrl = usePreviewUrl(image)

  // A drop that misses the zone would otherwise make the window open the file.
  useEffect(() => {
    const swallow = (event: Event): void => event.preventDefault()
    window.addEventListener('dragover', swallow)
    window.addEventListener('drop', swallow)
    return () => {
      window.removeEventListener('dragover', swallow)
      window.removeEventListener('drop', swallow)
    }
  }, [])

  const accept = (result: ImageRead): void => {
    if (result.ok) {
      setImage(result.image)
      setError(null)
    } else {
      setError(result.message)
    }
  }

  const onFile = (file: File, source: ImageSource): void => {
    readImageFile(file, source).then(accept, (caught: unknown) =>
      setError(messageOr(caught, MESSAGES.selectImageFile))
    )
  }

  const onPickNative = async (): Promise<void> => {
    try {
      const picked = await api.images.pick()
      if (picked) accept(checkImageFile(picked, 'selected'))
    } catch (caught) {
      setError(messageOr(caught, MESSAGES.selectImageFile))
    }
  }

  const share = async (): Promise<void> => {
    if (!image || uploading) return
    setStage('processing')
    setError(null)
    const stopListening = api.posts.onProgress((next) => setStage(next))
    try {
      // The 10 MB and image-type rules were checked on the picked file; what is uploaded is
      // the smaller re-encode (or, when it cannot be made, the picked file stripped of its
      // metadata: imaging/processImage.ts).
      const processed = await processImage(image)
      setStage('uploading')
      await feed.getState().createPost({ ...processed, caption })
      setImage(null)
      setCaption('')
      setStage(null)
      ui.getState().closeModal()
    } catch (caught) {
      setError(messageOr(caught, MESSAGES.createPostFailed))
      setStage(null)
    } finally {
      stopListening()
    }
  }

  const back = image && !uploading && (
    <button
      type="button"
      className={styles.back}
      aria-label="Choose another image"
      onClick={() => {
        setImage(null)
        setError(null)
      }}
    >
      <ArrowLeft size={22} aria-hidden />
    </button>
  )

  const errorLine = error && (
    <p className={styles.error} role="alert">
      {error}
    </p>
  )

  return (
    <Modal
      title="Create new post"
      onClose={() => ui.getState().closeModal()}
      closeDisabled={uploading}
      leading={back}
      className={image ? styles['dialog--preview'] : styles.dialog}
    >
      {!image ? (
        <div className={styles.pickStep}>
          <DropZone
            hasNativeDialog={api.images.hasNativeDialog}
            onPickNative={() => void onPickNative()}
            onFile={onFile}
          />
          {errorLine}
          {/* The other thing one creates: a story, which lives 24 hours. */}
          <button
            type="button"
            className={styles.storyInstead}
            onClick={() => ui.getState().openCreateStory()}
          >
            Add to your story instead
          </button>
        </div>
      ) : (
        <div className={styles.previewStep}>
          <div className={styles.preview}>
            {previewUrl && <img src={previewUrl} alt="Preview of the selected image" />}
          </div>
          <div className={styles.details}>
            {profile && (
              <div className={styles.author}>
                <Avatar src={profile.avatar_url} name={profile.username} size={28} decorative />
                <span className={styles.username}>{profile.username}</span>
              </div>
            )}
            <label className={styles.captionLabel} htmlFor="create-post-caption">
              Caption
            </label>
            <textarea
              id="create-post-caption"
              className={styles.caption}
              placeholder="Write a caption..."
              value={caption}
              maxLength={MAX_CAPTION_LENGTH}
              spellCheck
              disabled={uploading}
              onChange={(event) => setCaption(event.target.value.slice(0, MAX_CAPTION_LENGTH))}
            />
            <p className={styles.counter} data-testid="caption-counter">
              {caption.length}/{MAX_CAPTION_LENGTH}
            </p>
            {errorLine}
            <button
              type="button"
              className={styles.share}
              disabled={!image || uploading}
              onClick={() => void share()}
            >
              {stage ? (
                <>
                  <Spinner size={16} light /> {STAGE_LABEL[stage]}
                </>
              ) : (
                'Share'
              )}
            </button>
          </div>
        </div>
      )}
    </Modal>
  )
}
