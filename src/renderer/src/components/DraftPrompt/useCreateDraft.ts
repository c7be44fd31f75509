// The create-post modal's draft: its photos (the checked bytes it holds, in their order, each
// with its alt text), the caption and the location, kept by useDraft while the modal is open.

import { useMemo } from 'react'
import type { ImageFile } from '@shared/bridge-contract'
import { useDraft, type Draft } from './useDraft'

export interface CreatePostDraft {
  photos: Array<{ image: ImageFile; altText: string }>
  caption: string
  /** Absent in drafts saved before the location was kept. */
  location?: string
}

const CREATE_POST_DRAFT = 'create-post'

const isEmpty = (draft: CreatePostDraft): boolean =>
  draft.photos.length === 0 && draft.caption.trim() === '' && (draft.location ?? '').trim() === ''

export function useCreateDraft(
  photos: ReadonlyArray<{ image: ImageFile; altText: string }>,
  caption: string,
  location: string
): Draft<CreatePostDraft> {
  const value = useMemo(
    () => ({
      photos: photos.map(({ image, altText }) => ({ image, altText })),
      caption,
      location
    }),
    [photos, caption, location]
  )
  return useDraft(CREATE_POST_DRAFT, value, isEmpty)
}

/** The comment being written on `postId`, kept the same way. */
export function useCommentDraft(postId: string | null, body: string): Draft<string> {
  return useDraft(postId && `comment:${postId}`, body, isBlank)
}

const isBlank = (body: string): boolean => body.trim() === ''
