// Create's photo column: the photo being previewed (the crop editor where workers paint, else a
// plain preview), "Tag people" over it, and the strip of every photo of the post, to reorder,
// remove or add more.

import { useState, type ReactElement } from 'react'
import { UserRound } from 'lucide-react'
import type { ImagePicker } from '../../picking/useImagePicker'
import { CropPreview } from './PhotoEditor/CropPreview'
import type { PhotoSize } from './PhotoEditor/usePreviewCanvas'
import { PhotoStrip } from './PhotoStrip'
import { TagPeopleSurface } from './TagPeople/TagPeopleSurface'
import type { DraftTags } from './TagPeople/useDraftTags'
import type { DraftPhoto, DraftPhotos } from './useDraftPhotos'
import styles from './CreatePostModal.module.scss'
import { useT } from '../../i18n'

export interface PhotoColumnProps {
  draftPhotos: DraftPhotos
  current: DraftPhoto
  draftTags: DraftTags
  editable: boolean
  sizes: ReadonlyMap<string, PhotoSize>
  onSizes(sizes: ReadonlyMap<string, PhotoSize>): void
  uploading: boolean
  picker: ImagePicker
}

export function PhotoColumn({
  draftPhotos,
  current,
  draftTags,
  editable,
  sizes,
  onSizes,
  uploading,
  picker
}: PhotoColumnProps): ReactElement {
  const { photos } = draftPhotos
  const [tagging, setTagging] = useState(false)
  const t = useT()
  const position = photos.indexOf(current)
  const label =
    photos.length > 1
      ? t('create.photos.preview', { position: position + 1, total: photos.length })
      : t('create.photos.previewOne')

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
          first={photos[0]}
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
    </div>
  )
}
