// The one way a photo reaches storage and a row that points at it: upload every object, write
// the row, and undo the uploads when the row is refused, so no orphaned object and no half-made
// post, story or profile photo is left behind. Posts, carousels, stories and avatars all go
// through `uploadThenWrite`; what differs between them (paths, the row, what counts as "already
// made") is what they pass in. Photos above 6 MB go up resumably (object-upload.ts). Canceled
// before the row is written, the uploads stop and what they stored is removed.

import type { SupabaseClient } from '@supabase/supabase-js'
import { messageOr } from '../errors'
import { IMAGES_BUCKET } from '../limits'
import { FAILURE_REASONS, failure } from './failure'
import { isAlreadyUploaded, isUniqueViolation, serverAnswered } from './idempotent'
import { storeObject } from './object-upload'
import { UploadCanceledError } from './resumable-upload'

/** One object to store: where, what, and its checked MIME type. */
export interface ObjectUpload {
  /** The images bucket unless said (a post's video clip goes to the videos bucket). */
  bucket?: string
  path: string
  bytes: Uint8Array
  type: string
}

/** What a write answered, in supabase-js's shape (a thrown fetch counts as an unanswered error). */
export interface WriteResult<T> {
  data: T | null
  error: unknown
}

export interface UploadThenWrite<T> {
  /** Every object of the row, uploaded at once; the row's write sees their public URLs in order. */
  uploads: ObjectUpload[]
  /**
   * Paths derived from an id the caller chose, so an object already there was uploaded by an
   * earlier attempt of this same write: it is taken as uploaded (and never undone by this one).
   */
  retryable: boolean
  /** Writes the row that points at the objects. */
  write: (publicUrls: string[]) => Promise<WriteResult<T>>
  /**
   * For a retryable write that hit an existing row: that row when it is the caller's own (an
   * earlier attempt made it), null when the id belongs to someone else.
   */
  findExisting?: () => Promise<T | null>
  /** The message of a refused write, given the server's reason. */
  failureMessage: (reason: string) => string
  /** Told when the uploads start and when the row is being written. */
  onStage?: (stage: 'uploading' | 'saving') => void
  /** Bytes stored so far of all the uploads, as they arrive. */
  onUploadProgress?: (sentBytes: number, totalBytes: number) => void
  /**
   * Aborting before the row is written stops the uploads and removes what they stored; the
   * write then throws UploadCanceledError. Once the row is being written it no longer stops it.
   */
  signal?: AbortSignal
}

/** Only posts are retryable with an id the caller chose, so the id taken is a post's. */
export const POST_ID_TAKEN_MESSAGE = 'this post id belongs to another post'

/**
 * Uploads, then writes, then undoes on failure. Every upload is waited for before undoing, so
 * none lands after the removal and survives it. An unanswered write (the network failed) keeps
 * the objects: the row may exist, and a retry with the same id finds both.
 */
export async function uploadThenWrite<T>(
  client: SupabaseClient,
  plan: UploadThenWrite<T>
): Promise<T> {
  const created = new Map<string, string[]>()
  const undo = async (): Promise<void> => {
    for (const [bucket, paths] of created) {
      const removal = await client.storage.from(bucket).remove(paths)
      if (removal.error) console.error('Could not remove orphaned uploads', paths, removal.error)
    }
  }

  const { signal } = plan
  const totalBytes = plan.uploads.reduce((sum, upload) => sum + upload.bytes.byteLength, 0)
  const sent = plan.uploads.map(() => 0)
  const progress = (index: number, bytes: number): void => {
    sent[index] = bytes
    plan.onUploadProgress?.(
      sent.reduce((sum, value) => sum + value, 0),
      totalBytes
    )
  }

  const put = async (
    { bucket = IMAGES_BUCKET, path, bytes, type }: ObjectUpload,
    index: number
  ): Promise<string> => {
    // Large photos and clips go up resumably (object-upload.ts); an interrupted one is kept to
    // resume only when a retry reuses the path.
    const { error } = await storeObject(
      client,
      { bucket, path, bytes, contentType: type, keepForRetry: plan.retryable },
      { signal, onProgress: (bytesSent) => progress(index, bytesSent) }
    )
    if (error instanceof UploadCanceledError) throw error
    if (error && !(plan.retryable && isAlreadyUploaded(error))) {
      throw failure('upload', error)
    }
    // Only what this attempt created is undone: an object found there may belong to a row an
    // earlier attempt already wrote.
    if (!error) created.set(bucket, [...(created.get(bucket) ?? []), path])
    return client.storage.from(bucket).getPublicUrl(path).data.publicUrl
  }

  plan.onStage?.('uploading')
  const results = await Promise.allSettled(plan.uploads.map(put))
  if (signal?.aborted) {
    await undo()
    throw new UploadCanceledError()
  }
  const failed = results.find((result) => result.status === 'rejected')
  if (failed) {
    await undo()
    throw failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason))
  }
  const urls = results.map((result) => (result as PromiseFulfilledResult<string>).value)

  plan.onStage?.('saving')
  let written: WriteResult<T>
  try {
    written = await plan.write(urls)
  } catch (error) {
    written = { data: null, error: { message: messageOr(error, FAILURE_REASONS.network) } }
  }
  if (plan.findExisting && isUniqueViolation(written.error)) {
    const existing = await plan.findExisting()
    if (existing) return existing
    await undo()
    throw new Error(plan.failureMessage(POST_ID_TAKEN_MESSAGE))
  }
  if (written.error || !written.data) {
    if (!plan.retryable || serverAnswered(written.error)) await undo()
    throw new Error(plan.failureMessage(messageOr(written.error, FAILURE_REASONS.noRow)))
  }
  return written.data
}
