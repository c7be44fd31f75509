// The items of a post being made, in order: photos, each with a preview URL, its alt text and its
// edits (crop position, filter, adjustments; the crop's aspect is one for the whole post), and
// video clips, each with its file, trim and sound. Add (up to ten together), reorder, remove,
// write alt text, edit, put back a saved draft (photos only: a clip is not kept in a draft).
// Preview URLs are released when the modal goes away.

import { useEffect, useRef, useState } from 'react'
import type { ImageFile } from '@shared/bridge-contract'
import { MAX_CAROUSEL_PHOTOS } from '@shared/limits'
import { MESSAGES } from '@shared/messages'
import { NO_EDIT, type AspectId, type PhotoEdit } from '../../imaging/edits'
import type { VideoEdits } from '../../video/convertVideo'
import type { ChosenCaptions } from './CaptionsField'

/** One photo being prepared: its checked bytes, a preview URL and the alt text typed for it. */
export interface DraftPhoto {
  key: string
  image: ImageFile
  url: string
  altText: string
  edit: PhotoEdit
  clip?: undefined
}

/** One clip being prepared: the picked file (its preview URL plays it), trim, sound, alt text. */
export interface DraftClip {
  key: string
  url: string
  altText: string
  clip: {
    file: File
    /** Known once the preview has read the clip's length. */
    edits: { edits: VideoEdits; durationMs: number } | null
    /** A checked WebVTT file given with the clip, or null. */
    captions: ChosenCaptions | null
  }
  image?: undefined
}

export type DraftItem = DraftPhoto | DraftClip

export const isDraftPhoto = (item: DraftItem): item is DraftPhoto => item.clip === undefined

let draftSeq = 0

export interface DraftPhotos {
  /** Photos and clips in the post's order. */
  photos: DraftItem[]
  /** The item being previewed, null before any is added. */
  current: DraftItem | null
  select(index: number): void
  /** Adds photos and clips after the others; answers an error message when they would pass ten. */
  add(items: Array<{ image: ImageFile } | { clip: File }>): string | null
  move(from: number, to: number): void
  remove(index: number): void
  setAltText(altText: string): void
  /** Changes the edits of the photo being previewed. */
  setEdit(edit: PhotoEdit): void
  /** The trim and sound of the clip with this key, once its preview knows its length. */
  setClipEdits(key: string, edits: VideoEdits, durationMs: number): void
  /** The captions file of the clip with this key, or null to remove it. */
  setClipCaptions(key: string, captions: ChosenCaptions | null): void
  /** The crop's shape, shared by every photo so a carousel's cards keep one height. */
  aspect: AspectId
  setAspect(aspect: AspectId): void
  /** Replaces every photo (a restored draft, with its edits and crop shape), or clears them. */
  replace(
    saved: Array<{ image: ImageFile; altText: string; edit?: PhotoEdit }>,
    aspect?: AspectId
  ): void
}

export function useDraftPhotos(): DraftPhotos {
  const [photos, setPhotos] = useState<DraftItem[]>([])
  const [selected, setSelected] = useState(0)
  const [aspect, setAspect] = useState<AspectId>('original')
  const current = photos[Math.min(selected, photos.length - 1)] ?? null

  const urls = useRef(new Set<string>())
  useEffect(() => {
    const held = urls.current
    return () => held.forEach((url) => URL.revokeObjectURL(url))
  }, [])

  const draftOf = (image: ImageFile, altText = '', edit = NO_EDIT): DraftPhoto => {
    draftSeq += 1
    const blob = new Blob([image.bytes as Uint8Array<ArrayBuffer>], { type: image.type })
    const url = URL.createObjectURL(blob)
    urls.current.add(url)
    return { key: `photo-${draftSeq}`, image, url, altText, edit }
  }

  const draftClipOf = (file: File): DraftClip => {
    draftSeq += 1
    const url = URL.createObjectURL(file)
    urls.current.add(url)
    return {
      key: `clip-${draftSeq}`,
      url,
      altText: '',
      clip: { file, edits: null, captions: null }
    }
  }

  return {
    photos,
    current,
    select: setSelected,
    add(items) {
      if (photos.length + items.length > MAX_CAROUSEL_PHOTOS) return MESSAGES.tooManyPhotos
      const drafts = items.map((item) =>
        'clip' in item ? draftClipOf(item.clip) : draftOf(item.image)
      )
      setPhotos((list) => [...list, ...drafts])
      if (photos.length === 0) setSelected(0)
      return null
    },
    move(from, to) {
      setPhotos((list) => {
        const next = [...list]
        const [moved] = next.splice(from, 1)
        next.splice(to, 0, moved)
        return next
      })
      setSelected(to)
    },
    remove(index) {
      setPhotos((list) => list.filter((_, i) => i !== index))
      setSelected((at) => Math.max(0, at >= index ? at - 1 : at))
    },
    setAltText(altText) {
      if (!current) return
      setPhotos((list) =>
        list.map((photo) => (photo.key === current.key ? { ...photo, altText } : photo))
      )
    },
    setEdit(edit) {
      if (!current) return
      setPhotos((list) =>
        list.map((photo) => (photo.key === current.key && !photo.clip ? { ...photo, edit } : photo))
      )
    },
    setClipEdits(key, edits, durationMs) {
      setPhotos((list) =>
        list.map((item) =>
          item.key === key && item.clip
            ? { ...item, clip: { ...item.clip, edits: { edits, durationMs } } }
            : item
        )
      )
    },
    setClipCaptions(key, captions) {
      setPhotos((list) =>
        list.map((item) =>
          item.key === key && item.clip ? { ...item, clip: { ...item.clip, captions } } : item
        )
      )
    },
    aspect,
    setAspect,
    replace(saved, savedAspect = 'original') {
      setPhotos(saved.map(({ image, altText, edit }) => draftOf(image, altText, edit)))
      setSelected(0)
      setAspect(savedAspect)
    }
  }
}
