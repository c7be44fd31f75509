// The create-post modal (docs/product.md, "Create a post"): no file (drop zone) → preview with
// caption, optional location and Share → uploading. Up to ten photos, dropped or picked, reordered
// by drag (or the move buttons), each with its own alt text. A failure keeps what was written to
// retry; success resets, closes, and the new post tops the feed and the grid. Sharing shows three
// stages: processing (renditions in a worker), uploading, saving; the flow is the composer
// store's (store/composer), and a post is made one way (src/shared/data/post-create.ts). Where
// workers paint, the preview is the photo editor (PhotoEditor/: crop, filters, adjustments,
// none required); "Tag people" places tags (TagPeople/). Leaving with something chosen or typed
// asks "Discard post?" first (DiscardPostDialog). A video file instead makes a video post of one
// clip (VideoPreview: trim and sound; the composer's shareVideo). While a post converts or uploads,
// ShareProgress shows how far it is with the time left, and Cancel.

import { useEffect, useRef, useState, type ReactElement } from 'react'
import type { ImageFile } from '@shared/bridge-contract'
import { useStore } from 'zustand'
import { MESSAGES } from '@shared/messages'
import { canProcessImages } from '../../imaging/processImage'
import { useCreateDraft } from '../DraftPrompt/useCreateDraft'
import { useImagePicker } from '../../picking/useImagePicker'
import { useSession, useStores } from '../../store'
import { createComposerStore } from '../../store/composer/composerStore'
import { selectProfile } from '../../store/session/sessionStore'
import { ChooseAnotherButton } from '../DropZone/DropZone'
import { Modal } from '../Modal/Modal'
import { EditPanel } from './PhotoEditor/EditPanel'
import { renditionEdit } from './PhotoEditor/renditionEdit'
import type { PhotoSize } from './PhotoEditor/usePreviewCanvas'
import { DiscardPostDialog } from './DiscardPostDialog'
import { PhotoColumn } from './PhotoColumn'
import { PostDetails } from './PostDetails'
import { usePostControlsDraft } from '../ContentControls/AdvancedSettings'
import { useAltTextReminder } from './useAltTextReminder'
import { useDraftPhotos } from './useDraftPhotos'
import { useDraftTags } from './TagPeople/useDraftTags'
import { ShareProgress } from './ShareProgress'
import { VideoPreview } from './VideoPreview'
import { useDraftVideo } from './useDraftVideo'
import { PickStep } from './PickStep'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
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
  const progress = useStore(composer, (state) => state.progress)
  const stage = useStore(composer, (state) => state.stage)
  const setError = composer.getState().setError
  const profile = useSession(selectProfile)
  const draftPhotos = useDraftPhotos()
  const { photos, current } = draftPhotos
  const draftTags = useDraftTags(photos)
  const [caption, setCaption] = useState('')
  const [location, setLocation] = useState('')
  const uploading = stage !== null
  const t = useT()
  const translate = useMessage()
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
  // A video post: the picked clip, its trim, sound and alt text.
  const draftVideo = useDraftVideo()
  const { video } = draftVideo
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
      draftVideo.choose(file)
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

  const shareVideo = (): void => {
    if (!video?.edits) return setError(MESSAGES.videoUnreadable)
    void composer.getState().shareVideo(
      {
        file: video.file,
        durationMs: video.edits.durationMs,
        edits: video.edits.edits,
        altText: video.altText,
        caption,
        location,
        controls: advanced.chosen
      },
      () => {
        draftVideo.clear()
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

  const back = (photos.length > 0 || video) && !uploading && (
    <ChooseAnotherButton
      onClick={() => {
        draftPhotos.replace([])
        draftVideo.clear()
        setError(null)
      }}
    />
  )

  const errorLine = error && (
    <p className={styles.error} role="alert">
      {translate(error)}
    </p>
  )
  const progressLine = (
    <ShareProgress
      stage={stage}
      progress={progress}
      onCancel={() => composer.getState().cancel()}
    />
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

  return (
    <Modal
      title={t('create.title')}
      onClose={leave}
      onPageKeyDown={onPageKeyDown}
      closeDisabled={uploading}
      leading={back}
      className={current || video ? styles['dialog--preview'] : styles.dialog}
    >
      {video ? (
        <div className={`${styles.previewStep} ${styles['previewStep--video']}`}>
          <VideoPreview
            url={video.url}
            edits={video.edits?.edits ?? null}
            onEdits={(edits, durationMs) => {
              draftVideo.setEdits(edits, durationMs)
              setError(null)
            }}
            onUnreadable={setError}
            disabled={uploading}
          />
          <PostDetails
            profile={profile}
            caption={caption}
            onCaption={setCaption}
            captionRef={captionRef}
            altLabel={t('create.altText')}
            altText={video.altText}
            onAltText={draftVideo.setAltText}
            stage={stage}
            errorLine={errorLine}
            altRef={altRef}
            location={{ value: location, onChange: setLocation }}
            reminder={null}
            advanced={advanced.element}
            progress={progressLine}
            onShare={shareVideo}
          />
        </div>
      ) : !current ? (
        <PickStep
          draft={draft}
          onRestore={restoreDraft}
          picker={picker}
          errorLine={errorLine}
          onStoryInstead={() => ui.getState().openCreateStory()}
        />
      ) : (
        <div className={styles.previewStep}>
          <PhotoColumn
            draftPhotos={draftPhotos}
            current={current}
            draftTags={draftTags}
            editable={editable}
            sizes={sizes}
            onSizes={setSizes}
            uploading={uploading}
            picker={picker}
          />
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
            altLabel={
              photos.length > 1
                ? t('create.altTextNumbered', { position: position + 1 })
                : t('create.altText')
            }
            altText={current.altText}
            onAltText={draftPhotos.setAltText}
            stage={stage}
            errorLine={errorLine}
            altRef={altRef}
            location={{ value: location, onChange: setLocation }}
            reminder={reminder}
            advanced={advanced.element}
            progress={progressLine}
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
