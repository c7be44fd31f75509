// The create-post modal (docs/product.md, "Create a post"): no file (drop zone) → preview with
// caption, optional location and Share → uploading. Up to ten photos, dropped or picked, reordered
// by drag (or the move buttons), each with its own alt text. A failure keeps what was written to
// retry; success resets, closes, and the new post tops the feed and the grid. Sharing shows three
// stages: processing (renditions in a worker), uploading, saving; the flow is the composer
// store's (store/composer), and a post is made one way (src/shared/data/post-create.ts). Where
// workers paint, the preview is the photo editor (PhotoEditor/: crop, filters, adjustments,
// none required); "Tag people" places tags (TagPeople/). Leaving with something chosen or typed
// asks "Discard post?" first (DiscardPostDialog). Video clips go in beside photos, in the same
// strip and order; a clip shown in the preview has its trim and sound (VideoPreview) instead of
// the photo editor. While a post converts or uploads, ShareProgress shows how far it is with the
// time left, and Cancel (for the whole post).

import { useEffect, useRef, useState, type ReactElement } from 'react'
import type { ImageFile } from '@shared/bridge-contract'
import { useStore } from 'zustand'
import { MESSAGES } from '@shared/messages'
import type { ComposerItem } from '../../store/composer/composerStore'
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
import { isDraftPhoto, useDraftPhotos, type DraftItem } from './useDraftPhotos'
import { useDraftTags } from './TagPeople/useDraftTags'
import { ShareProgress } from './ShareProgress'
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
  const stills = photos.filter(isDraftPhoto)
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
  const draft = useCreateDraft(stills, draftPhotos.aspect, caption, location)
  const [askingDiscard, setAskingDiscard] = useState(false)
  const close = (): void => ui.getState().closeModal()
  const started = photos.length > 0 || caption.trim() !== '' || location.trim() !== ''
  const leave = (): void => (started ? setAskingDiscard(true) : close())
  // Escape inside the dialog is the Modal's; this hears it when focus fell to the page because
  // the focused control went away (the alt-text reminder's buttons, for one).
  const onPageKeyDown = (event: globalThis.KeyboardEvent): void => {
    if (event.key === 'Escape' && !uploading) leave()
  }

  const picker = useImagePicker({
    multiple: true,
    onImages: (images: ImageFile[]) =>
      setError(draftPhotos.add(images.map((image) => ({ image })))),
    onError: setError,
    onMedia: (items) =>
      setError(
        draftPhotos.add(
          items.map((item) => (item.clip ? { clip: item.clip } : { image: item.image }))
        )
      )
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

  const itemOf = (item: DraftItem): ComposerItem | null => {
    if (isDraftPhoto(item))
      return {
        image: item.image,
        altText: item.altText,
        edit: renditionEdit(item, stills[0], draftPhotos.aspect, sizes)
      }
    if (!item.clip.edits) return null
    const { edits, durationMs } = item.clip.edits
    const captions = item.clip.captions?.text
    return {
      clip: { file: item.clip.file, edits, durationMs, ...(captions ? { captions } : {}) },
      altText: item.altText
    }
  }

  const share = async (): Promise<void> => {
    const items = photos.map(itemOf)
    // A clip whose preview could not read its length cannot be trimmed or converted.
    if (items.includes(null)) return setError(MESSAGES.videoUnreadable)
    await composer.getState().share(
      {
        items: items as ComposerItem[],
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
  }

  const back = photos.length > 0 && !uploading && (
    <ChooseAnotherButton
      onClick={() => {
        draftPhotos.replace([])
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
      className={current ? styles['dialog--preview'] : styles.dialog}
    >
      {!current ? (
        <PickStep
          draft={draft}
          onRestore={restoreDraft}
          picker={picker}
          errorLine={errorLine}
          onStoryInstead={() => ui.getState().openCreateStory()}
        />
      ) : (
        <div
          className={`${styles.previewStep} ${current.clip ? styles['previewStep--video'] : ''}`}
        >
          <PhotoColumn
            draftPhotos={draftPhotos}
            current={current}
            draftTags={draftTags}
            editable={editable}
            sizes={sizes}
            onSizes={setSizes}
            uploading={uploading}
            picker={picker}
            onError={setError}
          />
          {editable && !current.clip && (
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
              photos.length <= 1
                ? t('create.altText')
                : current.clip
                  ? t('create.altTextVideoNumbered', { position: position + 1 })
                  : t('create.altTextNumbered', { position: position + 1 })
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
