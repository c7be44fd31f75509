// POST/PUT /object/{bucket}/{key}, in Storage's order: bucket (superuser), size and MIME type
// as the bucket declares them (and, in a bucket with the check_image_content rule, the bytes'
// real type), then the INSERT as the caller's role (so the storage policies decide), with the
// bytes published inside that transaction and rolled back with it.

import { createHash, randomUUID } from 'node:crypto'
import type { BackendContext } from '../context'
import type { Queryable } from '../db/database'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import type { ByteStore } from './byte-store'
import { findBucket, type Bucket } from './buckets'
import { entityTooLarge, fromPostgres, invalidMimeType, invalidRequest } from './errors'
import { asCaller, identifyCaller, ownerOfSub, type Caller } from './identity'
import { imageContentProblem } from './image-content'
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

/** The bucket's allowed_mime_types decide (415 otherwise); returns the bare type. */
export function checkAllowedMimeType(bucket: Bucket, mimetype: string): string {
  const type = baseType(mimetype)
  const allowed = bucket.allowed_mime_types
  if (allowed && allowed.length > 0) {
    const ok = allowed.some((pattern) => {
      const p = pattern.trim().toLowerCase()
      return p === type || (p.endsWith('/*') && type.startsWith(p.slice(0, -1)))
    })
    if (!ok) throw invalidMimeType(`mime type ${type} is not supported`)
  }
  return type
}

/**
 * What the bucket declares, as hosted Storage checks it: its size limit and allowed types. A
 * bucket with the check_image_content rule (config.ts) also refuses bytes that are not a whole
 * image of the declared type (image-content.ts).
 */
export function checkAgainstBucket(bucket: Bucket, body: UploadBody): void {
  if (bucket.file_size_limit !== null && body.bytes.byteLength > bucket.file_size_limit) {
    throw entityTooLarge()
  }
  const type = checkAllowedMimeType(bucket, body.mimetype)
  const problem = bucket.checkImageContent ? imageContentProblem(body.bytes, type) : null
  if (problem) throw problem
}

/** Who the row is written as: the caller's role (policies apply) or the database owner. */
export type ObjectWriter = <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>

export interface ObjectWrite {
  bucket: Bucket
  key: string
  body: UploadBody
  /** The JWT `sub` of whoever owns the object; null for anon. */
  ownerSub: string | null
  upsert: boolean
}

/**
 * The row's INSERT as Storage runs it: `params` are id, bucket, name, owner, owner_id,
 * metadata, user_metadata and version. Returns the id of the row written.
 */
export async function insertObjectRow(
  tx: Queryable,
  params: unknown[],
  upsert: boolean
): Promise<string> {
  if (upsert) {
    // Needs INSERT, SELECT and UPDATE policies, as on hosted Supabase (the upsert returns the
    // row, so the SELECT policy is checked too).
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
    return rows[0].id
  }
  // No RETURNING: a plain upload needs only the INSERT policy.
  await tx.query(
    `insert into storage.objects
       (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
    params
  )
  return params[0] as string
}

/**
 * Writes the object row through `writer` with the bytes published inside its transaction (and
 * rolled back with it). The body must have passed checkAgainstBucket. Returns the object's id.
 */
export async function writeObject(
  store: ByteStore,
  writer: ObjectWriter,
  { bucket, key, body, ownerSub, upsert }: ObjectWrite
): Promise<string> {
  const owner = ownerOfSub(ownerSub)
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
    id = await writer(async (tx) => {
      const objectId = await insertObjectRow(tx, params, upsert)
      // Last step before commit: if the commit still fails, rollback() below undoes it.
      await staged.publish()
      return objectId
    })
  } catch (error) {
    await staged.rollback()
    throw fromPostgres(error) ?? error
  }
  await staged.finish()
  return id
}

/** Runs `work` as the caller's role: an upload's row is written under the storage policies. */
export function callerWriter(
  context: BackendContext,
  caller: Caller,
  request: ApiRequest
): ObjectWriter {
  return (work) => asCaller(context, caller, request, work)
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
  const id = await writeObject(store, callerWriter(context, caller, request), {
    bucket,
    key,
    body,
    ownerSub: caller.identity.claims.sub ?? null,
    upsert
  })
  return jsonResponse(200, { Id: id, Key: `${bucket.id}/${key}` })
}
