// The create-post modal's draft: its photos (the checked bytes it holds, in their order, each
// with its alt text and its edits), the crop's shape, the caption and the location, kept by
// useDraft while the modal is open.

import { useMemo } from 'react'
import type { ImageFile } from '@shared/bridge-contract'
import type { AspectId, PhotoEdit } from '../../imaging/edits'
import { useDraft, type Draft } from './useDraft'

export interface CreatePostDraft {
  /** `edit` is absent in drafts saved before edits were kept (none then). */
  photos: Array<{ image: ImageFile; altText: string; edit?: PhotoEdit }>
  /** The crop's shape for every photo; absent in drafts saved before it was kept. */
  aspect?: AspectId
  caption: string
  /** Absent in drafts saved before the location was kept. */
  location?: string
}

const CREATE_POST_DRAFT = 'create-post'

const isEmpty = (draft: CreatePostDraft): boolean =>
  draft.photos.length === 0 && draft.caption.trim() === '' && (draft.location ?? '').trim() === ''

export function useCreateDraft(
  photos: ReadonlyArray<{ image: ImageFile; altText: string; edit: PhotoEdit }>,
  aspect: AspectId,
  caption: string,
  location: string
): Draft<CreatePostDraft> {
  const value = useMemo(
    () => ({
      photos: photos.map(({ image, altText, edit }) => ({ image, altText, edit })),
      aspect,
      caption,
      location
    }),
    [photos, aspect, caption, location]
  )
  return useDraft(CREATE_POST_DRAFT, value, isEmpty)
}

/** The comment being written on `postId`, kept the same way. */
export function useCommentDraft(postId: string | null, body: string): Draft<string> {
  return useDraft(postId && `comment:${postId}`, body, isBlank)
}

const isBlank = (body: string): boolean => body.trim() === ''
