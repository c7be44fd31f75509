// The create-post modal (docs/product.md, "Create a post"): no file (drop zone) → preview with
// caption and Share → uploading. Up to ten photos may be dropped or picked; they can be
// reordered by drag (or the move buttons), each with its own alt text. A failure keeps the
// photos and caption so the user can retry; success resets, closes, and the new post appears at
// the top of the feed and the profile grid. Sharing goes through three visible stages:
// processing (renditions made in a worker), uploading, saving. One photo without alt text takes
// the single-photo path; anything else is one all-or-nothing carousel.

import { useEffect, useRef, useState, type ReactElement } from 'react'
import { ArrowLeft } from 'lucide-react'
import type { CreatePostStage, ImageFile } from '@shared/bridge-contract'
import { messageOr } from '@shared/errors'
import type { ImageSource } from '@shared/image'
import { MAX_ALT_TEXT_LENGTH, MAX_CAPTION_LENGTH, MAX_CAROUSEL_PHOTOS } from '@shared/limits'
import { MESSAGES } from '@shared/messages'
import { processImage } from '../../imaging/processImage'
import { useCreateDraft } from '../../offline/drafts/useCreateDraft'
import { useSession, useStores } from '../../store'
import { selectProfile } from '../../store/session/sessionStore'
import { Avatar } from '../Avatar/Avatar'
import { DraftPrompt } from '../DraftPrompt/DraftPrompt'
import { Modal } from '../Modal/Modal'
import { Spinner } from '../Spinner/Spinner'
import { DropZone } from './DropZone'
import { PhotoStrip } from './PhotoStrip'
import { checkImageFile, readImageFile } from './readImage'
import styles from './CreatePostModal.module.scss'

const STAGE_LABEL: Record<CreatePostStage, string> = {
  processing: MESSAGES.processing,
  uploading: MESSAGES.uploading,
  saving: MESSAGES.saving
}

/** One photo being prepared: its checked bytes, a preview URL and the alt text typed for it. */
interface DraftPhoto {
  key: string
  image: ImageFile
  url: string
  altText: string
}

let draftSeq = 0
function draftOf(image: ImageFile): DraftPhoto {
  draftSeq += 1
  const blob = new Blob([image.bytes as Uint8Array<ArrayBuffer>], { type: image.type })
  return { key: `photo-${draftSeq}`, image, url: URL.createObjectURL(blob), altText: '' }
}

/** Checks every file of a pick or drop; one bad file refuses the whole batch, naming it. */
async function readAll(files: File[], source: ImageSource): Promise<ImageFile[]> {
  const images: ImageFile[] = []
  for (const file of files) {
    const result = await readImageFile(file, source)
    if (!result.ok)
      throw new Error(files.length > 1 ? `${file.name}: ${result.message}` : result.message)
    images.push(result.image)
  }
  return images
}

export interface CreatePostModalProps {
  /** Photos to start with: dropped on the window or opened with the app, checked as a drop. */
  initialFiles?: File[]
}

export function CreatePostModal({ initialFiles }: CreatePostModalProps = {}): ReactElement {
  const { api, feed, ui } = useStores()
  const profile = useSession(selectProfile)
  const [photos, setPhotos] = useState<DraftPhoto[]>([])
  const [selected, setSelected] = useState(0)
  const [caption, setCaption] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [stage, setStage] = useState<CreatePostStage | null>(null)
  const uploading = stage !== null
  const current = photos[Math.min(selected, photos.length - 1)] ?? null
  const fileInputRef = useRef<HTMLInputElement>(null)
  const captionRef = useRef<HTMLTextAreaElement>(null)
  // The pick step's button that had focus is gone once photos are in: keyboard users continue
  // in the caption instead of starting over from the top of the page.
  const hasPhotos = current !== null
  useEffect(() => {
    if (hasPhotos) captionRef.current?.focus()
  }, [hasPhotos])
  // Saved as it changes, offered back after a crash; deleted once shared or discarded.
  const draft = useCreateDraft(photos, caption)

  // Preview URLs are released when the modal goes away.
  const urls = useRef(new Set<string>())
  useEffect(() => {
    const held = urls.current
    return () => held.forEach((url) => URL.revokeObjectURL(url))
  }, [])

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

  const add = (images: ImageFile[]): void => {
    if (photos.length + images.length > MAX_CAROUSEL_PHOTOS) {
      setError(MESSAGES.tooManyPhotos)
      return
    }
    const drafts = images.map(draftOf)
    for (const draft of drafts) urls.current.add(draft.url)
    setPhotos((list) => [...list, ...drafts])
    if (photos.length === 0) setSelected(0)
    setError(null)
  }

  const restoreDraft = (): void => {
    const saved = draft.restore()
    if (!saved) return
    const restored = saved.photos.map((photo) => ({
      ...draftOf(photo.image),
      altText: photo.altText
    }))
    for (const photo of restored) urls.current.add(photo.url)
    setPhotos(restored)
    setCaption(saved.caption)
    setSelected(0)
  }

  const onFiles = (files: File[], source: ImageSource): void => {
    readAll(files, source).then(add, (caught: unknown) =>
      setError(messageOr(caught, MESSAGES.selectImageFile))
    )
  }

  // Once per opening (a ref, because development mode runs effects twice).
  const initialTaken = useRef(false)
  useEffect(() => {
    if (initialTaken.current || !initialFiles?.length) return
    initialTaken.current = true
    onFiles(initialFiles, 'dropped')
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the files it opened with
  }, [initialFiles])

  const onPickNative = async (): Promise<void> => {
    try {
      const picked = await api.images.pick()
      if (!picked) return
      const result = checkImageFile(picked, 'selected')
      if (result.ok) add([result.image])
      else setError(result.message)
    } catch (caught) {
      setError(messageOr(caught, MESSAGES.selectImageFile))
    }
  }

  const pickMore = (): void => {
    if (api.images.hasNativeDialog) void onPickNative()
    else fileInputRef.current?.click()
  }

  const move = (from: number, to: number): void => {
    setPhotos((list) => {
      const next = [...list]
      const [moved] = next.splice(from, 1)
      next.splice(to, 0, moved)
      return next
    })
    setSelected(to)
  }

  const remove = (index: number): void => {
    setPhotos((list) => list.filter((_, i) => i !== index))
    setSelected((at) => Math.max(0, at >= index ? at - 1 : at))
  }

  const setAltText = (altText: string): void => {
    if (!current) return
    setPhotos((list) =>
      list.map((photo) => (photo.key === current.key ? { ...photo, altText } : photo))
    )
  }

  const share = async (): Promise<void> => {
    if (photos.length === 0 || uploading) return
    setStage('processing')
    setError(null)
    const stopListening = api.posts.onProgress((next) => setStage(next))
    try {
      // The 10 MB and image-type rules were checked on the picked files; what is uploaded is
      // the smaller re-encode (or, when it cannot be made, the picked file stripped of its
      // metadata: imaging/processImage.ts).
      const processed = await Promise.all(photos.map((photo) => processImage(photo.image)))
      setStage('uploading')
      const [only] = photos
      if (photos.length === 1 && !only.altText.trim()) {
        await feed.getState().createPost({ ...processed[0], caption })
      } else {
        await feed.getState().createCarousel({
          caption,
          photos: processed.map((item, i) => ({ ...item, altText: photos[i].altText }))
        })
      }
      setPhotos([])
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

  const back = photos.length > 0 && !uploading && (
    <button
      type="button"
      className={styles.back}
      aria-label="Choose another image"
      onClick={() => {
        setPhotos([])
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
      className={current ? styles['dialog--preview'] : styles.dialog}
    >
      {!current ? (
        <div className={styles.pickStep}>
          {draft.offer && (
            <DraftPrompt
              what={`an unsent post (${draft.offer.photos.length} ${
                draft.offer.photos.length === 1 ? 'photo' : 'photos'
              })`}
              onRestore={restoreDraft}
              onDiscard={draft.discard}
            />
          )}
          <DropZone
            hasNativeDialog={api.images.hasNativeDialog}
            onPickNative={() => void onPickNative()}
            onFiles={onFiles}
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
          <div>
            <div className={styles.preview}>
              <img
                src={current.url}
                alt={
                  photos.length > 1
                    ? `Preview of photo ${photos.indexOf(current) + 1} of ${photos.length}`
                    : 'Preview of the selected image'
                }
              />
            </div>
            <PhotoStrip
              photos={photos}
              selected={photos.indexOf(current)}
              disabled={uploading}
              onSelect={setSelected}
              onMove={move}
              onRemove={remove}
              onAdd={pickMore}
            />
            <input
              ref={fileInputRef}
              className={styles.fileInput}
              type="file"
              accept="image/*"
              multiple
              aria-label="Add more image files"
              tabIndex={-1}
              onChange={(event) => {
                const files = [...(event.target.files ?? [])]
                event.target.value = ''
                if (files.length > 0) onFiles(files, 'selected')
              }}
            />
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
              ref={captionRef}
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
            <label className={styles.altLabel} htmlFor="create-post-alt">
              {photos.length > 1 ? `Alt text, photo ${photos.indexOf(current) + 1}` : 'Alt text'}
            </label>
            <input
              id="create-post-alt"
              className={styles.altText}
              type="text"
              placeholder="Describe this photo for people who can't see it"
              value={current.altText}
              maxLength={MAX_ALT_TEXT_LENGTH}
              disabled={uploading}
              onChange={(event) => setAltText(event.target.value)}
            />
            {errorLine}
            <button
              type="button"
              className={styles.share}
              disabled={uploading}
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
