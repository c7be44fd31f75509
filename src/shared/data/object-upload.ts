// One object into storage, the way its size calls for: a plain upload (one request) for photos up
// to RESUMABLE_UPLOAD_THRESHOLD_BYTES, a resumable (TUS) upload in chunks above it, so a large
// photo whose connection drops goes on from where it stopped instead of starting over. Both
// answer in storage-js's shape ({ error }), so the upload pipeline treats them alike.

import type { SupabaseClient } from '@supabase/supabase-js'
import { RESUMABLE_UPLOAD_THRESHOLD_BYTES, UPLOAD_CACHE_CONTROL_SECONDS } from '../limits'
import { UploadCanceledError, uploadResumable, type ResumableOptions } from './resumable-upload'

export interface StoreObject {
  bucket: string
  path: string
  bytes: Uint8Array
  contentType: string
  /** The path is reused by a retry of the same write: keep an interrupted upload to resume. */
  keepForRetry: boolean
}

/** Storage's resumable endpoint for the backend `client` talks to. */
export function resumableEndpoint(client: SupabaseClient, bucket: string): string {
  // getPublicUrl builds `<storage>/object/public/<bucket>/<path>` locally, without a request.
  const publicUrl = client.storage.from(bucket).getPublicUrl('x').data.publicUrl
  return `${publicUrl.slice(0, publicUrl.lastIndexOf('/object/public/'))}/upload/resumable`
}

/**
 * The key `client` was made with, which raw requests send as `apikey` as supabase-js does.
 * supabase-js keeps its own copy protected; realtime-js publishes the one it was given.
 */
export function apiKeyOf(client: SupabaseClient): string {
  const key = client.realtime.apiKey
  if (!key) throw new Error('The Supabase client has no API key')
  return key
}

/** Uploads without overwriting; `error` is storage-js's or a ResumableUploadError. */
export async function storeObject(
  client: SupabaseClient,
  object: StoreObject,
  options: Omit<ResumableOptions, 'keepForRetry'> = {}
): Promise<{ error: unknown }> {
  const cacheControl = String(UPLOAD_CACHE_CONTROL_SECONDS)
  const session =
    object.bytes.byteLength > RESUMABLE_UPLOAD_THRESHOLD_BYTES
      ? (await client.auth.getSession()).data.session
      : null
  if (!session) {
    if (options.signal?.aborted) return { error: new UploadCanceledError() }
    const { error } = await client.storage.from(object.bucket).upload(object.path, object.bytes, {
      cacheControl,
      contentType: object.contentType,
      upsert: false
    })
    // A plain upload is one request: it is let finish, and the pipeline removes it when canceled.
    if (!error) options.onProgress?.(object.bytes.byteLength, object.bytes.byteLength)
    return { error }
  }
  try {
    await uploadResumable(
      {
        endpoint: resumableEndpoint(client, object.bucket),
        apiKey: apiKeyOf(client),
        accessToken: session.access_token,
        bucket: object.bucket,
        path: object.path,
        contentType: object.contentType,
        cacheControl,
        upsert: false
      },
      object.bytes,
      { ...options, keepForRetry: object.keepForRetry }
    )
    return { error: null }
  } catch (error) {
    return { error }
  }
}
