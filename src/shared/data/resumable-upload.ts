// Storage's resumable uploads (/storage/v1/upload/resumable) through tus-js-client, configured
// as Supabase's guide does: the project's API key (which the gateway asks of every storage
// request), the caller's bearer token, x-upsert, Upload-Metadata with bucketName, objectName,
// contentType and cacheControl, and 6 MB chunks. tus-js-client creates the upload, sends it
// chunk by chunk and, when the network fails, asks the server (HEAD) how much arrived and goes
// on from there after each pause of retryDelays. A refusal (4xx) is not retried: the upload is
// abandoned (DELETE). Requests go through fetch (fetch-http-stack.ts), the one the app's
// connectivity monitor watches. The upload's URL is remembered under a fingerprint of the
// target and the bytes, so a later attempt of the same upload (the offline outbox retrying a
// post) resumes where the last one stopped.

import { Upload, type DetailedError } from 'tus-js-client'
import { RESUMABLE_UPLOAD_CHUNK_BYTES } from '../limits'
import { MESSAGES } from '../messages'
import { bytesReader, fetchHttpStack } from './fetch-http-stack'

/** tus-js-client's default pauses between attempts. */
const DEFAULT_RETRY_DELAYS_MS = [0, 1000, 3000, 5000] as const

export interface ResumableTarget {
  /** Storage's resumable endpoint, `…/storage/v1/upload/resumable`. */
  endpoint: string
  /** The project's API key (the anon key), sent as `apikey` like supabase-js sends it. */
  apiKey: string
  accessToken: string
  bucket: string
  path: string
  contentType: string
  /** Seconds, as storage-js sends cacheControl. */
  cacheControl: string
  upsert: boolean
}

/** Where upload URLs are kept between attempts (by fingerprint), as tus-js-client's urlStorage. */
export interface UploadUrlStore {
  get(fingerprint: string): string | undefined
  set(fingerprint: string, url: string): void
  delete(fingerprint: string): void
}

export interface ResumableOptions {
  chunkBytes?: number
  /** One pause per retry; when they run out the upload fails. */
  retryDelaysMs?: readonly number[]
  fetch?: typeof fetch
  urls?: UploadUrlStore
  /**
   * After the last retry of a network failure, keep the upload on the server for a later attempt
   * (the server sweeps it once abandoned: 30 minutes without a chunk on the local backend, 24
   * hours on hosted; a later attempt then starts over) instead of abandoning it. For uploads whose
   * path a retry reuses.
   */
  keepForRetry?: boolean
  onProgress?: (sentBytes: number, totalBytes: number) => void
  /** Aborting stops the upload and removes what arrived of it (tus's termination). */
  signal?: AbortSignal
}

/** The person stopped the upload; nothing of it is left on the server. */
export class UploadCanceledError extends Error {
  constructor() {
    super(MESSAGES.uploadCanceled)
    this.name = 'UploadCanceledError'
  }
}

/** A failed resumable upload; `statusCode` as storage-js's errors carry it (absent: no answer). */
export class ResumableUploadError extends Error {
  readonly statusCode: string | undefined
  constructor(
    message: string,
    readonly status: number | null
  ) {
    super(message)
    this.name = 'ResumableUploadError'
    this.statusCode = status === null ? undefined : String(status)
  }
}

/** The URLs of unfinished uploads in this process, so a retry of the same upload resumes. */
export const rememberedUploadUrls: UploadUrlStore = new Map<string, string>()

/** The target and a digest of the bytes: the same upload, not just the same path. */
async function fingerprintOf(target: ResumableTarget, bytes: Uint8Array): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest(
    'SHA-256',
    bytes as Parameters<typeof globalThis.crypto.subtle.digest>[1]
  )
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
  return `${target.endpoint}|${target.bucket}/${target.path}|${bytes.byteLength}|${hex}`
}

/** The server's refusal in its own words (the tus server answers plain text), or the fault. */
function failureOf(error: Error | DetailedError): ResumableUploadError {
  const response = 'originalResponse' in error ? error.originalResponse : null
  if (response) {
    const status = response.getStatus()
    return new ResumableUploadError(response.getBody().trim() || `status ${status}`, status)
  }
  const cause = 'causingError' in error && error.causingError ? error.causingError : error
  return new ResumableUploadError(`network error (${cause.message})`, null)
}

/** As tus-js-client tells: false only where a browser says it is offline (main has no navigator). */
const browserOnline = (): boolean =>
  (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false

/** Uploads `bytes` to the target through TUS; resolves when the object is stored. */
export async function uploadResumable(
  target: ResumableTarget,
  bytes: Uint8Array,
  options: ResumableOptions = {}
): Promise<void> {
  const urls = options.urls ?? rememberedUploadUrls
  const fingerprint = await fingerprintOf(target, bytes)
  const httpStack = fetchHttpStack(options.fetch)
  const common = {
    httpStack,
    headers: {
      apikey: target.apiKey,
      authorization: `Bearer ${target.accessToken}`,
      'x-upsert': String(target.upsert)
    }
  }
  const { signal } = options
  if (signal?.aborted) throw new UploadCanceledError()
  await new Promise<void>((resolve, reject) => {
    let canceled = false
    const upload = new Upload(bytes as unknown as Blob, {
      ...common,
      endpoint: target.endpoint,
      uploadUrl: urls.get(fingerprint) ?? null,
      metadata: {
        bucketName: target.bucket,
        objectName: target.path,
        contentType: target.contentType,
        cacheControl: target.cacheControl
      },
      chunkSize: options.chunkBytes ?? RESUMABLE_UPLOAD_CHUNK_BYTES,
      retryDelays: [...(options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS)],
      fileReader: bytesReader,
      // The fingerprint above, kept in `urls`, stands in for tus-js-client's URL storage.
      storeFingerprintForResuming: false,
      onUploadUrlAvailable: () => {
        if (canceled) terminate()
        else if (upload.url) urls.set(fingerprint, upload.url)
      },
      // tus-js-client's own rule (a 4xx other than 409 or 423 is final; not while offline), and
      // never once canceled.
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0
        const final = status >= 400 && status < 500 && status !== 409 && status !== 423
        return !canceled && !final && browserOnline()
      },
      onChunkComplete: (_chunk, accepted, total) => options.onProgress?.(accepted, total),
      onSuccess: () => {
        signal?.removeEventListener('abort', cancel)
        urls.delete(fingerprint)
        resolve()
      },
      onError: (error) => {
        signal?.removeEventListener('abort', cancel)
        // Canceled while its creation was on its way, and that failed: nothing was made.
        if (canceled) return reject(new UploadCanceledError())
        const failure = failureOf(error)
        const keep = failure.status === null && options.keepForRetry
        if (keep) return reject(failure)
        urls.delete(fingerprint)
        // Best effort: a server that cannot be reached sweeps the parts itself once abandoned.
        const abandon = upload.url
          ? Upload.terminate(upload.url, { ...common, retryDelays: [] }).catch(() => undefined)
          : Promise.resolve()
        void abandon.then(() => reject(failure))
      }
    })
    // A canceled upload is terminated (DELETE), so its parts do not wait for the sweep; the
    // promise settles once the server has answered, so a removal after it sees nothing left.
    const terminate = (): void => {
      void upload
        .abort(true)
        .catch(() => undefined)
        .then(() => reject(new UploadCanceledError()))
    }
    // Canceled while the POST that creates it is on its way, the upload has no URL to terminate
    // yet: cutting that request would leave what the server made for the sweep. The POST is let
    // answer, and the URL it brings is terminated at once (onUploadUrlAvailable), before any
    // chunk is sent.
    const cancel = (): void => {
      canceled = true
      urls.delete(fingerprint)
      if (upload.url !== null) terminate()
    }
    signal?.addEventListener('abort', cancel, { once: true })
    upload.start()
  })
}
