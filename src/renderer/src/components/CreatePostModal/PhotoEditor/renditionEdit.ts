// What the worker that makes renditions must do to one photo of the post, from the editor's
// state: nothing when the crop keeps the whole photo and the look changes no pixel, so an
// unedited photo goes through the pipeline exactly as before the editor existed.

import { aspectRatio, isPlainLook, lookOf, type AspectId } from '../../../imaging/edits'
import type { RenditionEdit } from '../../../imaging/renditions'
import type { DraftPhoto } from '../useDraftPhotos'
import type { PhotoSize } from './usePreviewCanvas'

const SAME_SHAPE = 0.005

export function renditionEdit(
  photo: DraftPhoto,
  first: DraftPhoto,
  aspect: AspectId,
  sizes: ReadonlyMap<string, PhotoSize>
): RenditionEdit | undefined {
  const own = sizes.get(photo.key)
  const firstSize = sizes.get(first.key)
  const ratio =
    aspect !== 'original'
      ? aspectRatio(aspect, 1)
      : firstSize
        ? firstSize.width / firstSize.height
        : null
  const keepsWhole =
    photo.edit.framing.zoom === 1 &&
    (ratio === null || (own !== undefined && Math.abs(own.width / own.height - ratio) < SAME_SHAPE))
  if (keepsWhole && isPlainLook(lookOf(photo.edit))) return undefined
  return { ...photo.edit, ratio }
}
