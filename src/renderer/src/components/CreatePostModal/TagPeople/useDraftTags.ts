// The people tagged on the photos being prepared, by photo, checked against the 20-people limit
// as they are placed, and turned into the new post's tags (by photo position) when it is shared.

import { useState } from 'react'
import { peopleTagsProblem } from '../../../services/peopleTagRules'
import type { NewPeopleTag } from '../../../services/types'
import type { DraftTag } from './TagPeopleSurface'

/** An item of the post (a clip has no tags), by the key it keeps while it moves. */
type DraftPhoto = { key: string }

export interface DraftTags {
  of(photo: DraftPhoto): readonly DraftTag[]
  /** Places a tag (again, for someone already on this photo); answers the refusal, or null. */
  add(photo: DraftPhoto, tag: DraftTag): string | null
  remove(photo: DraftPhoto, userId: string): void
  /** Every photo's tags, by its position in the post; photos removed since are left out. */
  forPost(): NewPeopleTag[]
  clear(): void
}

const NONE: readonly DraftTag[] = []

export function useDraftTags(photos: readonly DraftPhoto[]): DraftTags {
  const [byPhoto, setByPhoto] = useState<ReadonlyMap<string, readonly DraftTag[]>>(new Map())
  const forPost = (tags = byPhoto): NewPeopleTag[] =>
    photos.flatMap((photo, position) =>
      (tags.get(photo.key) ?? NONE).map(({ userId, x, y }) => ({ position, userId, x, y }))
    )
  return {
    of: (photo) => byPhoto.get(photo.key) ?? NONE,
    add(photo, tag) {
      const others = (byPhoto.get(photo.key) ?? NONE).filter((t) => t.userId !== tag.userId)
      const next = new Map(byPhoto).set(photo.key, [...others, tag])
      const problem = peopleTagsProblem(forPost(next))
      if (problem) return problem
      setByPhoto(next)
      return null
    },
    remove(photo, userId) {
      const kept = (byPhoto.get(photo.key) ?? NONE).filter((t) => t.userId !== userId)
      setByPhoto(new Map(byPhoto).set(photo.key, kept))
    },
    forPost: () => forPost(),
    clear: () => setByPhoto(new Map())
  }
}
