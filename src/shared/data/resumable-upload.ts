// A small TUS 1.0.0 client for Storage's resumable uploads (/storage/v1/upload/resumable), as
// Supabase's guide configures tus-js-client: the caller's bearer token, x-upsert, Upload-Metadata
// with bucketName, objectName, contentType and cacheControl, and 6 MB chunks. The upload is
// created, then sent chunk by chunk; when the network fails, the client asks the server (HEAD)
// how much arrived and goes on from there, a bounded number of times with a pause between.
// A server that says no (4xx) is not asked again: the upload is abandoned (DELETE). The upload's
// URL is remembered under a fingerprint of the target and the bytes, so a later attempt of the
// same upload (the offline outbox retrying a post) resumes where the last one stopped.

import { RESUMABLE_UPLOAD_CHUNK_BYTES } from '../limits'

const TUS_VERSION = '1.0.0'
const TUS_CONTENT_TYPE = 'application/offset+octet-stream'
/** tus-js-client's default pauses between attempts. */
const DEFAULT_RETRY_DELAYS_MS = [0, 1000, 3000, 5000] as const

export interface ResumableTarget {
  /** Storage's resumable endpoint, `…/storage/v1/upload/resumable`. */
  endpoint: string
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

/** The server could not be reached or answered with a passing fault: worth asking again. */
class Interrupted extends Error {}

function base64(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** The target and a digest of the bytes: the same upload, not just the same path. */
async function fingerprintOf(target: ResumableTarget, bytes: Uint8Array): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest(
    'SHA-256',
    bytes as Parameters<typeof globalThis.crypto.subtle.digest>[1]
  )
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
  return `${target.endpoint}|${target.bucket}/${target.path}|${bytes.byteLength}|${hex}`
}

/** tus-js-client's rule: no answer, a 5xx, 423 (locked) or an offset conflict may be retried. */
async function checked(response: Response): Promise<Response> {
  if (response.ok) return response
  const text = (await response.text()).trim()
  const offsetConflict = response.status === 409 && /Upload-Offset/i.test(text)
  if (response.status >= 500 || response.status === 423 || offsetConflict) {
    throw new Interrupted(text || `status ${response.status}`)
  }
  throw new ResumableUploadError(text || `status ${response.status}`, response.status)
}

function offsetHeader(response: Response): number {
  const offset = Number(response.headers.get('upload-offset'))
  if (!Number.isSafeInteger(offset) || offset < 0) throw new Interrupted('no Upload-Offset')
  return offset
}

/** Uploads `bytes` to the target through TUS; resolves when the object is stored. */
export async function uploadResumable(
  target: ResumableTarget,
  bytes: Uint8Array,
  options: ResumableOptions = {}
): Promise<void> {
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const urls = options.urls ?? rememberedUploadUrls
  const chunkBytes = options.chunkBytes ?? RESUMABLE_UPLOAD_CHUNK_BYTES
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
  const total = bytes.byteLength
  const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
    'tus-resumable': TUS_VERSION,
    authorization: `Bearer ${target.accessToken}`,
    'x-upsert': String(target.upsert),
    ...extra
  })
  const fingerprint = await fingerprintOf(target, bytes)

  let location = urls.get(fingerprint)
  /** The server's offset, once known (null: ask with HEAD before the next chunk). */
  let offset: number | null = null

  const create = async (): Promise<void> => {
    const metadata = [
      ['bucketName', target.bucket],
      ['objectName', target.path],
      ['contentType', target.contentType],
      ['cacheControl', target.cacheControl]
    ]
    const response = await checked(
      await send(target.endpoint, {
        method: 'POST',
        headers: headers({
          'upload-length': String(total),
          'upload-metadata': metadata.map(([key, value]) => `${key} ${base64(value)}`).join(',')
        })
      })
    )
    const answered = response.headers.get('location')
    if (!answered) throw new ResumableUploadError('no upload URL in the answer', response.status)
    location = new URL(answered, target.endpoint).toString()
    urls.set(fingerprint, location)
    offset = 0
  }

  /** Where the server's copy ends; an upload it no longer has is started again. */
  const resync = async (url: string): Promise<void> => {
    const response = await send(url, { method: 'HEAD', headers: headers() })
    if (response.status === 404 || response.status === 410 || response.status === 403) {
      urls.delete(fingerprint)
      location = undefined
      return
    }
    await checked(response)
    if (Number(response.headers.get('upload-length')) !== total) {
      urls.delete(fingerprint)
      location = undefined
      return
    }
    offset = offsetHeader(response)
  }

  const abandon = async (): Promise<void> => {
    urls.delete(fingerprint)
    if (!location) return
    // Best effort: a server that cannot be reached sweeps the parts itself once abandoned.
    await send(location, { method: 'DELETE', headers: headers() }).catch(() => undefined)
  }

  let failures = 0
  for (;;) {
    try {
      if (!location) await create()
      else if (offset === null) await resync(location)
      if (!location || offset === null) continue
      if (offset >= total && total > 0) break
      const from: number = offset
      const end = Math.min(from + chunkBytes, total)
      const response = await checked(
        await send(location, {
          method: 'PATCH',
          headers: headers({ 'upload-offset': String(from), 'content-type': TUS_CONTENT_TYPE }),
          body: bytes.subarray(from, end) as NonNullable<RequestInit['body']>
        })
      )
      const next = offsetHeader(response)
      if (next <= from && end > from) throw new Interrupted('the server did not take the chunk')
      offset = next
      failures = 0
      options.onProgress?.(offset, total)
      if (offset >= total) break
    } catch (error) {
      if (!(error instanceof Interrupted) && error instanceof ResumableUploadError) {
        await abandon()
        throw error
      }
      offset = null
      if (failures >= delays.length) {
        if (!options.keepForRetry) await abandon()
        throw new ResumableUploadError(
          `network error (${error instanceof Error ? error.message : String(error)})`,
          null
        )
      }
      await new Promise((resolve) => setTimeout(resolve, delays[failures]))
      failures += 1
    }
  }
  urls.delete(fingerprint)
}
