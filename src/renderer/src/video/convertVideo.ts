// The create screen's side of the video worker (videoWorker.ts): one worker per clip, progress
// as a fraction, and an AbortSignal that cancels. The answer is what the post takes: the clip,
// its length and its poster frame as an image file.

import type { ImageFile } from '@shared/bridge-contract'
import { MESSAGES } from '@shared/messages'
import type { VideoMimeType } from '@shared/video'
import type { VideoWorkerRequest, VideoWorkerResponse } from './videoMessages'

export interface VideoEdits {
  trimStartMs: number
  trimEndMs: number
  muted: boolean
}

export interface ConvertedVideo {
  video: { bytes: Uint8Array; type: VideoMimeType; durationMs: number }
  poster: ImageFile
}

export type ConvertVideo = (
  file: Blob,
  edits: VideoEdits,
  options: { onProgress(fraction: number): void; signal: AbortSignal }
) => Promise<ConvertedVideo>

/** Thrown when the person canceled: nothing to say but that it stopped. */
export class VideoCanceledError extends Error {
  constructor() {
    super(MESSAGES.videoCanceled)
  }
}

/** Whether this window can convert at all (a worker and WebCodecs' encoder). */
export function canConvertVideo(): boolean {
  return typeof Worker !== 'undefined' && typeof globalThis.VideoEncoder !== 'undefined'
}

export const convertVideo: ConvertVideo = (file, edits, { onProgress, signal }) =>
  new Promise((resolve, reject) => {
    if (!canConvertVideo()) return reject(new Error(MESSAGES.videoCantConvert))
    if (signal.aborted) return reject(new VideoCanceledError())
    const worker = new Worker(new URL('./videoWorker.ts', import.meta.url), { type: 'module' })
    const send = (request: VideoWorkerRequest): void => worker.postMessage(request)
    const onAbort = (): void => send({ kind: 'cancel' })
    signal.addEventListener('abort', onAbort, { once: true })
    const finish = (): void => {
      signal.removeEventListener('abort', onAbort)
      worker.terminate()
    }
    worker.onerror = (event) => {
      finish()
      reject(new Error(event.message || MESSAGES.videoCantConvert))
    }
    worker.onmessage = (event: MessageEvent<VideoWorkerResponse>) => {
      const message = event.data
      if (message.kind === 'progress') return onProgress(message.fraction)
      finish()
      if (message.kind === 'failed') {
        if (message.reason === 'canceled') return reject(new VideoCanceledError())
        return reject(
          new Error(
            message.reason === 'unreadable' ? MESSAGES.videoUnreadable : MESSAGES.videoCantConvert
          )
        )
      }
      resolve({
        video: message.video,
        poster: { name: 'poster.jpg', type: 'image/jpeg', bytes: message.poster }
      })
    }
    send({ kind: 'convert', file, ...edits })
  })
