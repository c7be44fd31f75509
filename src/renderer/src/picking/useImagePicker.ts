// Picking photos, the one way the create-post, story and profile-photo modals take them: the
// native dialog in the desktop app or a hidden file input in a browser, and drops from the file
// manager. Every file is checked (type, size, magic bytes) before it reaches the modal; one bad
// file refuses the whole batch, naming it when there are several. Create takes video clips
// beside photos (onMedia), each clip checked for its size; its decoding is the converter's.

import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type DragEvent,
  type RefObject
} from 'react'
import type { ImageFile } from '@shared/bridge-contract'
import { messageOr } from '@shared/errors'
import type { ImageSource } from '@shared/image'
import { MAX_VIDEO_INPUT_BYTES } from '@shared/limits'
import { MESSAGES } from '@shared/messages'
import { useStores } from '../store'
import { checkImageFile, readImageFile } from './readImage'

/** Checks every file of a pick or drop, in order. */
export async function readImageFiles(files: File[], source: ImageSource): Promise<ImageFile[]> {
  const images: ImageFile[] = []
  for (const file of files) {
    const result = await readImageFile(file, source)
    if (!result.ok)
      throw new Error(files.length > 1 ? `${file.name}: ${result.message}` : result.message)
    images.push(result.image)
  }
  return images
}

export interface ImagePickerOptions {
  /** Takes several files at once (a post); otherwise the first of a drop (a story, an avatar). */
  multiple: boolean
  onImages(images: ImageFile[]): void
  onError(message: string): void
  /** Takes a video file too: one clip, on its own; without it a video is refused. */
  onVideo?(file: File): void
  /** Takes clips beside photos (a post's carousel): every file of a pick with a clip, in order. */
  onMedia?(items: PickedMedia[]): void
}

/** One file of a pick that mixes photos and clips. */
export type PickedMedia = { image: ImageFile; clip?: undefined } | { clip: File; image?: undefined }

/** Reads a pick with clips in it: photos checked as any, clips by their size only. */
async function readMedia(files: File[], source: ImageSource): Promise<PickedMedia[]> {
  const items: PickedMedia[] = []
  for (const file of files) {
    const refuse = (message: string): never => {
      throw new Error(files.length > 1 ? `${file.name}: ${message}` : message)
    }
    if (isVideoFile(file)) {
      if (file.size > MAX_VIDEO_INPUT_BYTES) refuse(MESSAGES.videoFileTooLarge)
      items.push({ clip: file })
      continue
    }
    const result = await readImageFile(file, source)
    if (!result.ok) return refuse(result.message)
    items.push({ image: result.image })
  }
  return items
}

export interface ImagePicker {
  /** Opens the native dialog, or the file input in a browser. */
  pick(): void
  /** Reads dropped or otherwise handed-over files as a drop. */
  takeFiles(files: File[], source: ImageSource): void
  /** Spread on the hidden `<input type="file">`. */
  inputProps: {
    ref: RefObject<HTMLInputElement | null>
    type: 'file'
    accept: string
    multiple: boolean
    tabIndex: number
    onChange(event: ChangeEvent<HTMLInputElement>): void
  }
  /** Spread on the element photos are dropped on. */
  dropProps: {
    onDragOver(event: DragEvent<HTMLElement>): void
    onDragEnter(event: DragEvent<HTMLElement>): void
    onDragLeave(): void
    onDrop(event: DragEvent<HTMLElement>): void
  }
  /** A drag is over the drop target. */
  dragging: boolean
}

/**
 * While a picking modal is open, a drop that misses its target would make the window open the
 * file (and leave the app): swallow drops anywhere else.
 */
function useSwallowStrayDrops(): void {
  useEffect(() => {
    const swallow = (event: Event): void => event.preventDefault()
    window.addEventListener('dragover', swallow)
    window.addEventListener('drop', swallow)
    return () => {
      window.removeEventListener('dragover', swallow)
      window.removeEventListener('drop', swallow)
    }
  }, [])
}

/** A video by its declared type or, when the system gives none, its extension. */
export function isVideoFile(file: { name: string; type: string }): boolean {
  if (file.type) return file.type.startsWith('video/')
  return /\.(mp4|mov|webm)$/i.test(file.name)
}

export function useImagePicker({
  multiple,
  onImages,
  onError,
  onVideo,
  onMedia
}: ImagePickerOptions): ImagePicker {
  const { api } = useStores()
  const inputRef = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  useSwallowStrayDrops()

  const takeFiles = (files: File[], source: ImageSource): void => {
    const taken = multiple ? files : files.slice(0, 1)
    if (taken.length === 0) return
    if (onMedia && taken.some(isVideoFile)) {
      readMedia(taken, source).then(onMedia, (caught: unknown) =>
        onError(messageOr(caught, MESSAGES.selectImageFile))
      )
      return
    }
    if (onVideo && taken.some(isVideoFile)) {
      if (taken.length > 1) return onError(MESSAGES.videoOnItsOwn)
      if (taken[0].size > MAX_VIDEO_INPUT_BYTES) return onError(MESSAGES.videoFileTooLarge)
      return onVideo(taken[0])
    }
    readImageFiles(taken, source).then(onImages, (caught: unknown) =>
      onError(messageOr(caught, MESSAGES.selectImageFile))
    )
  }

  const pickNative = async (): Promise<void> => {
    try {
      const picked = await api.images.pick({ multiple })
      if (picked.length === 0) return
      if (onMedia && picked.some(isVideoFile)) {
        const items: PickedMedia[] = []
        for (const file of picked) {
          if (isVideoFile(file)) {
            items.push({
              clip: new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, {
                type: file.type
              })
            })
            continue
          }
          const checked = checkImageFile(file, 'selected')
          if (!checked.ok)
            return onError(picked.length > 1 ? `${file.name}: ${checked.message}` : checked.message)
          items.push({ image: checked.image })
        }
        return onMedia(items)
      }
      // Main reads a video only when it was chosen on its own, or for a post's carousel.
      const video = picked[0]
      if (onVideo && picked.length === 1 && isVideoFile(video)) {
        return onVideo(
          new File([video.bytes as Uint8Array<ArrayBuffer>], video.name, { type: video.type })
        )
      }
      const images: ImageFile[] = []
      for (const file of picked) {
        const checked = checkImageFile(file, 'selected')
        if (!checked.ok)
          return onError(picked.length > 1 ? `${file.name}: ${checked.message}` : checked.message)
        images.push(checked.image)
      }
      onImages(images)
    } catch (caught) {
      onError(messageOr(caught, MESSAGES.selectImageFile))
    }
  }

  const over = (event: DragEvent<HTMLElement>): void => {
    // Without preventDefault the drop event never fires.
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setDragging(true)
  }

  return {
    pick: () => (api.images.hasNativeDialog ? void pickNative() : inputRef.current?.click()),
    takeFiles,
    inputProps: {
      ref: inputRef,
      type: 'file',
      accept: onVideo || onMedia ? 'image/*,video/mp4,video/quicktime,video/webm' : 'image/*',
      multiple,
      tabIndex: -1,
      onChange: (event) => {
        const files = [...(event.target.files ?? [])]
        // Reset so choosing the same file again still fires a change.
        event.target.value = ''
        takeFiles(files, 'selected')
      }
    },
    dropProps: {
      onDragOver: over,
      onDragEnter: over,
      onDragLeave: () => setDragging(false),
      onDrop: (event) => {
        event.preventDefault()
        setDragging(false)
        takeFiles([...event.dataTransfer.files], 'dropped')
      }
    },
    dragging
  }
}
