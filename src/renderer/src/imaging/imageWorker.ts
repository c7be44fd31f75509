// The worker side of processImage: decoding and encoding a 12 MP photo takes hundreds of
// milliseconds, which would freeze the create-post modal on the UI thread.

import type { ImageMimeType } from '@shared/image'
import {
  makeRenditions,
  type RenditionEdit,
  type RenditionFrame,
  type Renditions
} from './renditions'

export interface WorkerRequest {
  bytes: Uint8Array
  type: ImageMimeType
  /** The feed's frame when absent. */
  frame?: RenditionFrame
  /** The create screen's crop and look; none for stories and avatars. */
  edit?: RenditionEdit
}

export type WorkerResponse = { ok: true; renditions: Renditions } | { ok: false; message: string }

/** The parts of DedicatedWorkerGlobalScope used here (the DOM lib does not declare it). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null
  postMessage(message: WorkerResponse, transfer?: Transferable[]): void
}

const scope = self as unknown as WorkerScope

scope.onmessage = (event) => {
  const { bytes, type, frame, edit } = event.data
  makeRenditions(bytes, type, frame, edit).then(
    (renditions) => {
      const transfer = [renditions.thumbnail.bytes.buffer as ArrayBuffer]
      if (renditions.image.bytes.buffer !== bytes.buffer) {
        transfer.push(renditions.image.bytes.buffer as ArrayBuffer)
      }
      scope.postMessage({ ok: true, renditions }, transfer)
    },
    (error: unknown) =>
      scope.postMessage({ ok: false, message: error instanceof Error ? error.message : 'failed' })
  )
}
