// POST/PUT /object/{bucket}/{key}, in Storage's order: bucket (superuser),
// size, MIME type and the bytes' real type, then the INSERT as the caller's role (so the
// storage policies decide), with the bytes published inside that transaction and rolled back
// with it.

import { createHash, randomUUID } from 'node:crypto'
import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { sniffImageType, type ImageMimeType } from '../../shared/image'
import type { ByteStore } from './byte-store'
import { findBucket, type Bucket } from './buckets'
import {
  entityTooLarge,
  fromPostgres,
  invalidImage,
  invalidMimeType,
  invalidRequest
} from './errors'
import { asCaller, identifyCaller, ownerOf } from './identity'
import { imageStructureProblem } from './image-structure'
import { cacheControlFromField, checkedCacheControlHeader, checkedMimeType } from './upload-fields'

export interface UploadBody {
  bytes: Uint8Array
  mimetype: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
}

function parseMetadata(text: string | null): Record<string, unknown> | null {
  if (!text) return null
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    throw invalidRequest('metadata must be a JSON object')
  }
}

/** Multipart (Blob uploads; the file part is named "") or a raw body (Buffer, string, stream). */
export async function parseUploadBody(request: ApiRequest): Promise<UploadBody> {
  const contentType = request.headers['content-type'] ?? ''
  if (/^multipart\/form-data/i.test(contentType)) {
    let form: FormData
    try {
      form = await new Request('http://local/upload', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: request.body
      }).formData()
    } catch {
      throw invalidRequest('The multipart body could not be parsed')
    }
    let file = form.get('')
    if (!(file instanceof Blob)) file = [...form.values()].find((v) => v instanceof Blob) ?? null
    if (!(file instanceof Blob)) throw invalidRequest('No file found in the multipart body')
    const declared = form.get('contentType')
    const cacheControl = form.get('cacheControl')
    const metadata = form.get('metadata')
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      mimetype: checkedMimeType(
        (typeof declared === 'string' && declared) || file.type || 'application/octet-stream'
      ),
      cacheControl:
        typeof cacheControl === 'string' && cacheControl
          ? cacheControlFromField(cacheControl)
          : 'no-cache',
      userMetadata: parseMetadata(typeof metadata === 'string' ? metadata : null)
    }
  }
  return {
    bytes: request.body,
    mimetype: checkedMimeType(contentType || 'application/octet-stream'),
    cacheControl: checkedCacheControlHeader(request.headers['cache-control'] || 'no-cache'),
    userMetadata: userMetadataHeader(request)
  }
}

/** The `x-metadata` header: custom metadata as base64 JSON (raw uploads, copy). */
export function userMetadataHeader(request: ApiRequest): Record<string, unknown> | null {
  const encoded = request.headers['x-metadata']
  return parseMetadata(encoded ? Buffer.from(encoded, 'base64').toString('utf8') : null)
}

const baseType = (mimetype: string): string => mimetype.split(';')[0].trim().toLowerCase()

/** Declared types we can check against the bytes; `image/jpg` is a common alias. */
const SNIFFABLE: Record<string, ImageMimeType> = {
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/png': 'image/png',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp'
}

/**
 * Bucket limits, then the bytes themselves: HTML or SVG labelled image/jpeg is refused, and so
 * is an image that is truncated or whose header claims more pixels than MAX_IMAGE_PIXELS
 * (image-structure.ts), before anything stores or decodes it.
 */
export function checkAgainstBucket(bucket: Bucket, body: UploadBody): void {
  if (bucket.file_size_limit !== null && body.bytes.byteLength > bucket.file_size_limit) {
    throw entityTooLarge()
  }
  const type = baseType(body.mimetype)
  const allowed = bucket.allowed_mime_types
  if (allowed && allowed.length > 0) {
    const ok = allowed.some((pattern) => {
      const p = pattern.trim().toLowerCase()
      return p === type || (p.endsWith('/*') && type.startsWith(p.slice(0, -1)))
    })
    if (!ok) throw invalidMimeType(`mime type ${type} is not supported`)
  }
  const expected = SNIFFABLE[type]
  if (expected && sniffImageType(body.bytes) !== expected) {
    throw invalidMimeType(`mime type ${type} does not match the file content`)
  }
  if (expected) {
    const problem = imageStructureProblem(body.bytes, expected)
    if (problem) throw invalidImage(problem)
  }
}

export async function handleUpload(
  context: BackendContext,
  store: ByteStore,
  request: ApiRequest,
  bucketId: string,
  key: string,
  upsert: boolean
): Promise<ApiResponse> {
  const caller = await identifyCaller(context, request, 'strict')
  const bucket = await findBucket(context, bucketId)
  const body = await parseUploadBody(request)
  checkAgainstBucket(bucket, body)

  const owner = ownerOf(caller)
  const size = body.bytes.byteLength
  const metadata = {
    eTag: `"${createHash('md5').update(body.bytes).digest('hex')}"`,
    size,
    mimetype: body.mimetype,
    cacheControl: body.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: size,
    httpStatusCode: 200
  }
  const params = [
    randomUUID(),
    bucket.id,
    key,
    owner.uuid,
    owner.id,
    JSON.stringify(metadata),
    body.userMetadata ? JSON.stringify(body.userMetadata) : null,
    randomUUID()
  ]
  const staged = await store.stage(bucket.id, key, body.bytes)
  let id: string
  try {
    id = await asCaller(context, caller, request, async (tx) => {
      let objectId = params[0] as string
      if (upsert) {
        // Needs INSERT, SELECT and UPDATE policies, as on hosted Supabase (the upsert
        // returns the row, so the SELECT policy is checked too).
        const { rows } = await tx.query<{ id: string }>(
          `insert into storage.objects
             (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)
           on conflict (bucket_id, name) do update
             set owner = excluded.owner, owner_id = excluded.owner_id,
                 metadata = excluded.metadata, user_metadata = excluded.user_metadata,
                 version = excluded.version, updated_at = now(), last_accessed_at = now()
           returning id`,
          params
        )
        objectId = rows[0].id
      } else {
        // No RETURNING: a plain upload needs only the INSERT policy.
        await tx.query(
          `insert into storage.objects
             (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
          params
        )
      }
      // Last step before commit: if the commit still fails, rollback() below undoes it.
      await staged.publish()
      return objectId
    })
  } catch (error) {
    await staged.rollback()
    throw fromPostgres(error) ?? error
  }
  await staged.finish()
  return jsonResponse(200, { Id: id, Key: `${bucket.id}/${key}` })
}
