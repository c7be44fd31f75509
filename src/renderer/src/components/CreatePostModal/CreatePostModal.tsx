// The create-post modal (docs/product.md, "Create a post"): no file (drop zone) → preview with
// caption, optional location and Share → uploading. Up to ten photos, dropped or picked, reordered
// by drag (or the move buttons), each with its own alt text. A failure keeps what was written to
// retry; success resets, closes, and the new post tops the feed and the grid. Sharing shows three
// stages: processing (renditions in a worker), uploading, saving; the flow is the composer
// store's (store/composer), and a post is made one way (src/shared/data/post-create.ts). Where
// workers paint, the preview is the photo editor (PhotoEditor/: crop, filters, adjustments,
// none required); "Tag people" places tags (TagPeople/). Leaving with something chosen or typed
// asks "Discard post?" first (DiscardPostDialog). A video file instead makes a video post of one
// clip (VideoPreview: trim, sound, conversion progress and Cancel; the composer's shareVideo).

import { useEffect, useRef, useState, type ReactElement } from 'react'
import type { ImageFile } from '@shared/bridge-contract'
import { UserRound } from 'lucide-react'
import { useStore } from 'zustand'
import { MESSAGES } from '@shared/messages'
import { canProcessImages } from '../../imaging/processImage'
import { useCreateDraft } from '../DraftPrompt/useCreateDraft'
import { useImagePicker } from '../../picking/useImagePicker'
import { useSession, useStores } from '../../store'
import { createComposerStore } from '../../store/composer/composerStore'
import { selectProfile } from '../../store/session/sessionStore'
import { DraftPrompt } from '../DraftPrompt/DraftPrompt'
import { ChooseAnotherButton, DropZone } from '../DropZone/DropZone'
import { Modal } from '../Modal/Modal'
import { CropPreview } from './PhotoEditor/CropPreview'
import { EditPanel } from './PhotoEditor/EditPanel'
import { renditionEdit } from './PhotoEditor/renditionEdit'
import type { PhotoSize } from './PhotoEditor/usePreviewCanvas'
import { DiscardPostDialog } from './DiscardPostDialog'
import { PhotoStrip } from './PhotoStrip'
import { PostDetails } from './PostDetails'
import { usePostControlsDraft } from '../ContentControls/AdvancedSettings'
import { useAltTextReminder } from './useAltTextReminder'
import { useDraftPhotos } from './useDraftPhotos'
import { TagPeopleSurface } from './TagPeople/TagPeopleSurface'
import { useDraftTags } from './TagPeople/useDraftTags'
import type { VideoEdits } from '../../video/convertVideo'
import { VideoPreview } from './VideoPreview'
import styles from './CreatePostModal.module.scss'

export interface CreatePostModalProps {
  /** Photos to start with: dropped on the window or opened with the app, checked as a drop. */
  initialFiles?: File[]
}

export function CreatePostModal({ initialFiles }: CreatePostModalProps = {}): ReactElement {
  const stores = useStores()
  const { ui } = stores
  // One composer per opening, as the modal's own state is.
  const [composer] = useState(() => createComposerStore(stores))
  const error = useStore(composer, (state) => state.error)
  const conversion = useStore(composer, (state) => state.conversion)
  const stage = useStore(composer, (state) => state.stage)
  const setError = composer.getState().setError
  const profile = useSession(selectProfile)
  const draftPhotos = useDraftPhotos()
  const { photos, current } = draftPhotos
  const draftTags = useDraftTags(photos)
  const [tagging, setTagging] = useState(false)
  const [caption, setCaption] = useState('')
  const [location, setLocation] = useState('')
  const uploading = stage !== null
  const captionRef = useRef<HTMLTextAreaElement>(null)
  // The editor needs a worker that paints on a canvas; without one the plain preview stays.
  const [editable] = useState(canProcessImages)
  const [sizes, setSizes] = useState<ReadonlyMap<string, PhotoSize>>(new Map())
  // The pick step's button that had focus is gone once photos are in: keyboard users continue
  // in the caption instead of starting over from the top of the page.
  const hasPhotos = current !== null
  useEffect(() => {
    if (hasPhotos) captionRef.current?.focus()
  }, [hasPhotos])
  // Saved as it changes, offered back after a crash; deleted once shared or discarded.
  const draft = useCreateDraft(photos, draftPhotos.aspect, caption, location)
  const [askingDiscard, setAskingDiscard] = useState(false)
  const close = (): void => ui.getState().closeModal()
  // A video post: the picked clip, its preview URL, and the trim and sound chosen.
  const [video, setVideo] = useState<{ file: File; url: string } | null>(null)
  const [videoEdits, setVideoEdits] = useState<{ edits: VideoEdits; durationMs: number } | null>(
    null
  )
  const [videoAlt, setVideoAlt] = useState('')
  useEffect(() => {
    if (!video) return
    return () => URL.revokeObjectURL(video.url)
  }, [video])
  const started =
    video !== null || photos.length > 0 || caption.trim() !== '' || location.trim() !== ''
  const leave = (): void => (started ? setAskingDiscard(true) : close())
  // Escape inside the dialog is the Modal's; this hears it when focus fell to the page because
  // the focused control went away (the alt-text reminder's buttons, for one).
  const onPageKeyDown = (event: globalThis.KeyboardEvent): void => {
    if (event.key === 'Escape' && !uploading) leave()
  }

  const picker = useImagePicker({
    multiple: true,
    onImages: (images: ImageFile[]) => setError(draftPhotos.add(images)),
    onError: setError,
    onVideo: (file: File) => {
      if (photos.length > 0 || video) return setError(MESSAGES.videoOnItsOwn)
      setError(null)
      setVideo({ file, url: URL.createObjectURL(file) })
    }
  })

  // Once per opening (a ref, because development mode runs effects twice).
  const initialTaken = useRef(false)
  useEffect(() => {
    if (initialTaken.current || !initialFiles?.length) return
    initialTaken.current = true
    picker.takeFiles(initialFiles, 'dropped')
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the files it opened with
  }, [initialFiles])

  const restoreDraft = (): void => {
    const saved = draft.restore()
    if (!saved) return
    draftPhotos.replace(saved.photos, saved.aspect)
    setCaption(saved.caption)
    setLocation(saved.location ?? '')
  }

  const advanced = usePostControlsDraft()

  const clearVideo = (): void => {
    setVideo(null)
    setVideoEdits(null)
    setVideoAlt('')
  }
  const shareVideo = (): void => {
    if (!video || !videoEdits) return setError(MESSAGES.videoUnreadable)
    void composer.getState().shareVideo(
      {
        file: video.file,
        durationMs: videoEdits.durationMs,
        edits: videoEdits.edits,
        altText: videoAlt,
        caption,
        location,
        controls: advanced.chosen
      },
      () => {
        clearVideo()
        setCaption('')
        setLocation('')
      }
    )
  }

  const share = (): Promise<void> =>
    composer.getState().share(
      {
        photos: photos.map((photo) => ({
          image: photo.image,
          altText: photo.altText,
          edit: renditionEdit(photo, photos[0], draftPhotos.aspect, sizes)
        })),
        caption,
        location,
        tags: draftTags.forPost(),
        controls: advanced.chosen
      },
      () => {
        draftPhotos.replace([])
        draftTags.clear()
        setCaption('')
        setLocation('')
      }
    )

  // The photo's points are fractions of the photo as posted: the crop's shape, or the photo.
  const tagSurface = (photo: { width: number; height: number } | null): ReactElement | null =>
    tagging && current && !uploading ? (
      <TagPeopleSurface
        tags={draftTags.of(current)}
        onAdd={(tag) => draftTags.add(current, tag)}
        onRemove={(userId) => draftTags.remove(current, userId)}
        photo={photo}
        fit="contain"
      />
    ) : null

  const back = (photos.length > 0 || video) && !uploading && (
    <ChooseAnotherButton
      onClick={() => {
        draftPhotos.replace([])
        clearVideo()
        setError(null)
      }}
    />
  )

  const errorLine = error && (
    <p className={styles.error} role="alert">
      {error}
    </p>
  )
  const position = current ? photos.indexOf(current) : -1
  const { altRef, reminder, onShare } = useAltTextReminder({
    photos,
    caption,
    uploading,
    captionRef,
    selectPhoto: draftPhotos.select,
    share
  })
  const previewLabel =
    photos.length > 1
      ? `Preview of photo ${position + 1} of ${photos.length}`
      : 'Preview of the selected image'

  return (
    <Modal
      title="Create new post"
      onClose={leave}
      onPageKeyDown={onPageKeyDown}
      closeDisabled={uploading}
      leading={back}
      className={current || video ? styles['dialog--preview'] : styles.dialog}
    >
      {video ? (
        <div className={styles.previewStep}>
          <VideoPreview
            url={video.url}
            edits={videoEdits?.edits ?? null}
            onEdits={(edits, durationMs) => {
              setVideoEdits({ edits, durationMs })
              setError(null)
            }}
            onUnreadable={setError}
            conversion={conversion}
            onCancel={() => composer.getState().cancel()}
            disabled={uploading}
          />
          <PostDetails
            profile={profile}
            caption={caption}
            onCaption={setCaption}
            captionRef={captionRef}
            altLabel="Alt text"
            altText={videoAlt}
            onAltText={setVideoAlt}
            stage={stage}
            errorLine={errorLine}
            altRef={altRef}
            location={{ value: location, onChange: setLocation }}
            reminder={null}
            advanced={advanced.element}
            onShare={shareVideo}
          />
        </div>
      ) : !current ? (
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
          <DropZone picker={picker} inputLabel="Choose an image file" />
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
          <div className={styles.photoColumn}>
            {editable ? (
              <CropPreview
                shown={current}
                first={photos[0]}
                aspect={draftPhotos.aspect}
                onAspect={draftPhotos.setAspect}
                onEdit={draftPhotos.setEdit}
                label={previewLabel}
                onSizes={setSizes}
                disabled={uploading}
                overlay={(ratio) => tagSurface(ratio === null ? null : { width: ratio, height: 1 })}
              />
            ) : (
              <div className={styles.preview}>
                <img src={current.url} alt={previewLabel} />
                {tagSurface(sizes.get(current.key) ?? null)}
              </div>
            )}
            <button
              type="button"
              className={styles.tagPeople}
              aria-pressed={tagging}
              disabled={uploading}
              onClick={() => setTagging((on) => !on)}
            >
              <UserRound size={16} aria-hidden /> {tagging ? 'Done tagging' : 'Tag people'}
            </button>
            <PhotoStrip
              photos={photos}
              selected={position}
              disabled={uploading}
              onSelect={draftPhotos.select}
              onMove={draftPhotos.move}
              onRemove={draftPhotos.remove}
              onAdd={picker.pick}
            />
            <input
              className={styles.fileInput}
              aria-label="Add more image files"
              {...picker.inputProps}
            />
          </div>
          {editable && (
            <div className={styles.editColumn}>
              <EditPanel photo={current} onEdit={draftPhotos.setEdit} disabled={uploading} />
            </div>
          )}
          <PostDetails
            profile={profile}
            caption={caption}
            onCaption={setCaption}
            captionRef={captionRef}
            altLabel={photos.length > 1 ? `Alt text, photo ${position + 1}` : 'Alt text'}
            altText={current.altText}
            onAltText={draftPhotos.setAltText}
            stage={stage}
            errorLine={errorLine}
            altRef={altRef}
            location={{ value: location, onChange: setLocation }}
            reminder={reminder}
            advanced={advanced.element}
            onShare={onShare}
          />
        </div>
      )}
      {askingDiscard && (
        <DiscardPostDialog
          onCancel={() => setAskingDiscard(false)}
          onDiscard={() => {
            draft.discard()
            close()
          }}
        />
      )}
    </Modal>
  )
}
