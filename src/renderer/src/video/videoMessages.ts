// What the create screen and the video worker say to each other.

import type { VideoMimeType } from '@shared/video'

export type VideoWorkerRequest =
  | { kind: 'convert'; file: Blob; trimStartMs: number; trimEndMs: number; muted: boolean }
  | { kind: 'cancel' }

export type VideoWorkerResponse =
  | { kind: 'progress'; fraction: number }
  | {
      kind: 'done'
      video: { bytes: Uint8Array; type: VideoMimeType; durationMs: number }
      /** The converted clip's first frame as a JPEG. */
      poster: Uint8Array
      width: number
      height: number
    }
  | { kind: 'failed'; reason: 'canceled' | 'unreadable' | 'cant-convert' }
