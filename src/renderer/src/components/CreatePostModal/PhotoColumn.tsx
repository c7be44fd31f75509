// Create's photo column: the item being previewed (a photo in the crop editor where workers
// paint, else a plain preview, with "Tag people" over it; a clip playing, with its trim and
// sound), and the strip of every item of the post, to reorder, remove or add more.

import { useState, type ReactElement } from 'react'
import { UserRound } from 'lucide-react'
import type { ImagePicker } from '../../picking/useImagePicker'
import { CropPreview } from './PhotoEditor/CropPreview'
import type { PhotoSize } from './PhotoEditor/usePreviewCanvas'
import { PhotoStrip } from './PhotoStrip'
import { TagPeopleSurface } from './TagPeople/TagPeopleSurface'
import type { DraftTags } from './TagPeople/useDraftTags'
import { isDraftPhoto, type DraftItem, type DraftPhotos } from './useDraftPhotos'
import { VideoPreview } from './VideoPreview'
import { CaptionsField } from './CaptionsField'
import styles from './CreatePostModal.module.scss'
import { useT } from '../../i18n'

export interface PhotoColumnProps {
  draftPhotos: DraftPhotos
  current: DraftItem
  draftTags: DraftTags
  editable: boolean
  sizes: ReadonlyMap<string, PhotoSize>
  onSizes(sizes: ReadonlyMap<string, PhotoSize>): void
  uploading: boolean
  picker: ImagePicker
  /** A clip that cannot be read, said above Share. */
  onError(message: string | null): void
}

export function PhotoColumn({
  draftPhotos,
  current,
  draftTags,
  editable,
  sizes,
  onSizes,
  uploading,
  picker,
  onError
}: PhotoColumnProps): ReactElement {
  const { photos } = draftPhotos
  const [tagging, setTagging] = useState(false)
  const t = useT()
  const position = photos.indexOf(current)
  const label =
    photos.length > 1
      ? t('create.photos.preview', { position: position + 1, total: photos.length })
      : t('create.photos.previewOne')

  const strip = (
    <>
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
        aria-label={t('create.photos.addMore')}
        {...picker.inputProps}
      />
    </>
  )

  if (current.clip) {
    const { key } = current
    return (
      <div className={styles.photoColumn}>
        <VideoPreview
          // Each clip reads its own length and keeps its own trim.
          key={key}
          url={current.url}
          edits={current.clip.edits?.edits ?? null}
          onEdits={(edits, durationMs) => {
            draftPhotos.setClipEdits(key, edits, durationMs)
            onError(null)
          }}
          onUnreadable={onError}
          disabled={uploading}
        />
        <CaptionsField
          key={`${key}-captions`}
          captions={current.clip.captions}
          onCaptions={(captions) => draftPhotos.setClipCaptions(key, captions)}
          disabled={uploading}
        />
        {strip}
      </div>
    )
  }
  const first = photos.find(isDraftPhoto) ?? current

  // The photo's points are fractions of the photo as posted: the crop's shape, or the photo.
  const tagSurface = (photo: { width: number; height: number } | null): ReactElement | null =>
    tagging && !uploading ? (
      <TagPeopleSurface
        tags={draftTags.of(current)}
        onAdd={(tag) => draftTags.add(current, tag)}
        onRemove={(userId) => draftTags.remove(current, userId)}
        photo={photo}
        fit="contain"
      />
    ) : null

  return (
    <div className={styles.photoColumn}>
      {editable ? (
        <CropPreview
          shown={current}
          first={first}
          aspect={draftPhotos.aspect}
          onAspect={draftPhotos.setAspect}
          onEdit={draftPhotos.setEdit}
          label={label}
          onSizes={onSizes}
          disabled={uploading}
          overlay={(ratio) => tagSurface(ratio === null ? null : { width: ratio, height: 1 })}
        />
      ) : (
        <div className={styles.preview}>
          <img src={current.url} alt={label} />
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
        <UserRound size={16} aria-hidden /> {t(tagging ? 'create.tags.done' : 'create.tags.start')}
      </button>
      {strip}
    </div>
  )
}
