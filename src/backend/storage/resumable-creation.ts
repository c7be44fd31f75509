// What a resumable upload's creation request (POST /upload/resumable) asks for, read from its
// headers as hosted Storage reads them: Upload-Length, Upload-Metadata (bucketName, objectName,
// contentType, cacheControl, metadata) and x-upsert. Whether the caller may is asked elsewhere.

import type { ApiRequest } from '../http/types'
import { parseObjectKey } from './keys'
import { integerHeader, parseUploadMetadata, TUS_ERRORS } from './tus-protocol'
import { upsertHeader } from './upload-fields'

/** Hosted's default upload limit, for buckets without their own. */
const GLOBAL_SIZE_LIMIT = 50 * 1024 * 1024

export interface Creation {
  length: number
  /** The Upload-Metadata header as sent, given back on HEAD. */
  rawMetadata: string
  bucketId: string
  key: string
  upsert: boolean
  /** As declared (checked against the bucket by the caller). */
  contentType: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
}

export function readCreation(request: ApiRequest): Creation {
  const length = integerHeader(request.headers['upload-length'])
  if (length === null) throw TUS_ERRORS.invalidLength()
  const rawMetadata = request.headers['upload-metadata']
  if (rawMetadata === undefined) throw TUS_ERRORS.metadataRequired()
  const metadata = parseUploadMetadata(rawMetadata)
  if (length > GLOBAL_SIZE_LIMIT) throw TUS_ERRORS.maxSizeExceeded()
  const objectName = metadata.objectName ?? ''
  let userMetadata: Record<string, unknown> | null = null
  try {
    const parsed: unknown = metadata.metadata ? JSON.parse(metadata.metadata) : null
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      userMetadata = parsed as Record<string, unknown>
    }
  } catch {
    // As hosted: custom metadata that is not JSON is ignored.
  }
  return {
    length,
    rawMetadata,
    bucketId: metadata.bucketName ?? '',
    key: parseObjectKey(objectName.split('/').map(encodeURIComponent)),
    upsert: upsertHeader(request),
    contentType: metadata.contentType || 'application/octet-stream',
    cacheControl: /^-?\d+$/.test(metadata.cacheControl ?? '')
      ? `max-age=${metadata.cacheControl}`
      : 'no-cache',
    userMetadata
  }
}
