// Turns the photo the user picked (already checked: an image, under 10 MB) into what is
// uploaded: a feed rendition, a grid thumbnail and layout hints, computed in a Web Worker.
// Where that cannot run (no Worker or OffscreenCanvas, or an undecodable file) the photo is
// shared as picked, without renditions, and renders square like posts made before them; but
// never with its metadata (EXIF with the GPS position, XMP, comments): that is stripped from
// the bytes first, and a photo too damaged to strip is refused with a message.

import type { ImageFile, PostPhotoInput } from '@shared/bridge-contract'
import { IMAGE_EXTENSION_BY_TYPE, sniffImageType, type ImageMimeType } from '@shared/image'
import { MetadataStripError, stripImageMetadata } from '@shared/image-metadata'
import { concurrencyLimit } from '@shared/concurrency'
import type { WorkerRequest, WorkerResponse } from './imageWorker'
import type { RenditionEdit, RenditionFrame } from './renditions'

/** The worker could not apply the create screen's edits; the photo is not shared unedited. */
export class PhotoEditError extends Error {}

export type ProcessedImage = Pick<PostPhotoInput, 'image' | 'renditions'>

/** Long enough for a 12 MP decode on a slow machine; a hung worker must not hang the upload. */
const WORKER_TIMEOUT_MS = 30_000

/**
 * Workers run at once: half the cores, 2 to 4. A 10-photo post started ten 12 MP decodes
 * together, each with its own timeout; on two busy cores some timed out and failed the share.
 */
const inWorkerSlot = concurrencyLimit(
  Math.min(4, Math.max(2, Math.floor((globalThis.navigator?.hardwareConcurrency ?? 2) / 2)))
)

export function canProcessImages(): boolean {
  return typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined'
}

function renamed(name: string, type: keyof typeof IMAGE_EXTENSION_BY_TYPE): string {
  const base = name.replace(/\.[^.]*$/, '') || 'photo'
  return `${base}.${IMAGE_EXTENSION_BY_TYPE[type]}`
}

function runWorker(request: WorkerRequest): Promise<WorkerResponse> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./imageWorker.ts', import.meta.url), { type: 'module' })
    const finish = (response: WorkerResponse): void => {
      clearTimeout(timer)
      worker.terminate()
      resolve(response)
    }
    const timer = setTimeout(() => finish({ ok: false, message: 'timed out' }), WORKER_TIMEOUT_MS)
    worker.onmessage = (event: MessageEvent<WorkerResponse>) => finish(event.data)
    worker.onerror = (event) => finish({ ok: false, message: event.message || 'worker failed' })
    // A copy goes to the worker: the picked bytes stay usable for the fallback and a retry.
    worker.postMessage(request)
  })
}

export const UNSTRIPPABLE_PHOTO_MESSAGE =
  'This photo could not be prepared for sharing without its location and camera data. ' +
  'Try another photo.'

/** The photo as picked, minus its metadata: what is uploaded when no rendition can be made. */
export function withoutMetadata(image: ImageFile, type: ImageMimeType): ImageFile {
  try {
    return { ...image, bytes: stripImageMetadata(image.bytes, type) }
  } catch (error) {
    if (error instanceof MetadataStripError) throw new Error(UNSTRIPPABLE_PHOTO_MESSAGE)
    throw error
  }
}

/**
 * `frame` is the box the main rendition fits (the feed's by default; STORY_FRAME for stories);
 * `edit` the crop and look chosen on the create screen. Where no worker can run, the photo is
 * shared uncropped and unfiltered: the editor is not offered there (canProcessImages).
 */
export async function processImage(
  image: ImageFile,
  frame?: RenditionFrame,
  edit?: RenditionEdit
): Promise<ProcessedImage> {
  const type = sniffImageType(image.bytes)
  // Not an image we know: the upload refuses it with its own message.
  if (!type) return { image }
  if (!canProcessImages()) return { image: withoutMetadata(image, type) }
  const response = await inWorkerSlot(() => runWorker({ bytes: image.bytes, type, frame, edit }))
  // Posting the photo uncropped and unfiltered would not be what the person chose.
  if (!response.ok && edit) throw new PhotoEditError(response.message)
  if (!response.ok) {
    console.error('Image processing failed; sharing the photo without renditions', response.message)
    return { image: withoutMetadata(image, type) }
  }
  const { renditions } = response
  return {
    image: {
      name: renamed(image.name, renditions.image.type),
      type: renditions.image.type,
      bytes: renditions.image.bytes
    },
    renditions: {
      thumbnail: {
        name: renamed(image.name, renditions.thumbnail.type).replace(/(\.[a-z]+)$/, '-thumb$1'),
        type: renditions.thumbnail.type,
        bytes: renditions.thumbnail.bytes
      },
      width: renditions.width,
      height: renditions.height,
      placeholder: renditions.placeholder
    }
  }
}
