// The writes of the bucket API (storage-js createBucket, updateBucket, emptyBucket,
// deleteBucket), with hosted Storage's checks and answers. Each runs as the caller's role, so
// the service_role key may do anything and other callers only what policies on storage.buckets
// (and, for emptying, storage.objects) allow, exactly as on a hosted project.

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import type { ByteStore } from './byte-store'
import {
  accessDenied,
  bucketAlreadyExists,
  bucketNotEmpty,
  entityTooLarge,
  featureNotEnabled,
  fromPostgres,
  invalidBucketName,
  invalidMimeType,
  invalidRequest,
  noSuchBucket,
  readStorageJson
} from './errors'
import { asCaller, identifyCaller, ownerOf } from './identity'
import { removeStoredFiles } from './remove'
import { isPostgresError } from '../db/database'

/** Storage's global upload limit when none is configured (the CLI's default, 50 MiB). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024

const BUCKET_NAME = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/
const MIME_PATTERN = /^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/

function checkedBucketName(name: string): string {
  if (name.length === 0 || name.length >= 64 || !BUCKET_NAME.test(name)) throw invalidBucketName()
  return name
}

/** `1000`, `"100MB"`, `"1.5GB"` → bytes, refused above the global limit as Storage does. */
function fileSizeLimit(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return value
  let bytes: number
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) bytes = value
  else if (typeof value === 'string') {
    const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value)
    if (!match) throw invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B')
    const unit = { gb: 1e9, mb: 1e6, kb: 1000, b: 1 }[match[2].toLowerCase() as 'gb']
    bytes = Math.round(+parseFloat(match[1]).toPrecision(3) * unit)
  } else throw invalidRequest('body/file_size_limit must be integer or string')
  if (bytes > GLOBAL_FILE_SIZE_LIMIT) throw entityTooLarge()
  // 0 means "no limit" to Storage (`if (data.fileSizeLimit)`), stored as null.
  return bytes === 0 ? null : bytes
}

function mimeTypes(value: unknown): string[] | null | undefined {
  if (value === undefined || value === null) return value
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw invalidRequest('body/allowed_mime_types must be array')
  }
  const types = (value as string[]).filter((v) => v)
  for (const type of types) {
    if (type.length > 1000 || !MIME_PATTERN.test(type)) {
      throw invalidMimeType(`mime type ${type} is not supported`)
    }
  }
  return types
}

function publicFlag(value: unknown): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value
  throw invalidRequest('body/public must be boolean')
}

/** A database refusal in Storage's words (RLS denial, duplicate bucket). */
function refusal(error: unknown): unknown {
  if (isPostgresError(error) && error.code === '23505') return bucketAlreadyExists()
  return fromPostgres(error) ?? error
}

/** POST /bucket → {name}. */
export async function createBucket(
  context: BackendContext,
  request: ApiRequest
): Promise<ApiResponse> {
  const caller = await identifyCaller(context, request, 'strict')
  const body = readStorageJson(request) as Record<string, unknown>
  if (typeof body.name !== 'string') throw invalidRequest("body must have required property 'name'")
  const name = body.name
  if (name.trim() !== name) throw invalidBucketName()
  checkedBucketName(name)
  const id = checkedBucketName(typeof body.id === 'string' && body.id ? body.id : name)
  if (body.type === 'ANALYTICS') throw featureNotEnabled('iceberg_catalog')
  const owner = ownerOf(caller)
  const params = [
    id,
    name,
    owner.uuid,
    owner.id,
    publicFlag(body.public) ?? false,
    fileSizeLimit(body.file_size_limit) ?? null,
    mimeTypes(body.allowed_mime_types) ?? null
  ]
  try {
    // No RETURNING: creating a bucket needs only an INSERT policy, as on hosted Storage.
    await asCaller(context, caller, request, (tx) =>
      tx.query(
        `insert into storage.buckets
           (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        params
      )
    )
  } catch (error) {
    throw refusal(error)
  }
  return jsonResponse(200, { name })
}

/** PUT /bucket/{id} → {message}; only the fields sent change. */
export async function updateBucket(
  context: BackendContext,
  request: ApiRequest,
  id: string
): Promise<ApiResponse> {
  const caller = await identifyCaller(context, request, 'strict')
  checkedBucketName(id)
  const body = readStorageJson(request) as Record<string, unknown>
  const changes: [string, unknown][] = [
    ['public', publicFlag(body.public)],
    ['file_size_limit', fileSizeLimit(body.file_size_limit)],
    ['allowed_mime_types', mimeTypes(body.allowed_mime_types)]
  ]
  const sent = changes.filter(([, value]) => value !== undefined)
  // Column names come from the list above, never from the request.
  const set = sent.map(([column], i) => `${column} = $${i + 2}`)
  let updated: number
  try {
    updated = await asCaller(context, caller, request, async (tx) => {
      const result = await tx.query(
        `update storage.buckets set ${[...set, 'updated_at = now()'].join(', ')} where id = $1`,
        [id, ...sent.map(([, value]) => value)]
      )
      return result.rowCount
    })
  } catch (error) {
    throw refusal(error)
  }
  if (updated === 0) throw noSuchBucket()
  return jsonResponse(200, { message: 'Successfully updated' })
}

/** DELETE /bucket/{id} → {message}; a bucket with objects is refused (ResourceNotEmpty). */
export async function deleteBucket(
  context: BackendContext,
  request: ApiRequest,
  id: string
): Promise<ApiResponse> {
  const caller = await identifyCaller(context, request, 'strict')
  const { rows } = await context.db.query<{ found: boolean; used: boolean }>(
    `select true as found,
            exists (select 1 from storage.objects o where o.bucket_id = b.id) as used
       from storage.buckets b where b.id = $1`,
    [id]
  )
  if (!rows[0]) throw noSuchBucket()
  if (rows[0].used) throw bucketNotEmpty()
  let deleted: number
  try {
    deleted = await asCaller(context, caller, request, async (tx) => {
      const result = await tx.query(`delete from storage.buckets where id = $1`, [id])
      return result.rowCount
    })
  } catch (error) {
    // An object uploaded since the check above: the foreign key keeps the bucket.
    if (isPostgresError(error) && error.code === '23503') throw bucketNotEmpty()
    throw refusal(error)
  }
  // A bucket the DELETE policy hides is "not found" to this caller, as on hosted Storage.
  if (deleted === 0) throw noSuchBucket()
  return jsonResponse(200, { message: 'Successfully deleted' })
}

/**
 * POST /bucket/{id}/empty → {message}. Hosted Storage queues the deletion; here it happens before
 * the answer, as the caller's role, so objects its DELETE policy does not cover stay (and make
 * the call an AccessDenied when none could go).
 */
export async function emptyBucket(
  context: BackendContext,
  store: ByteStore,
  request: ApiRequest,
  id: string
): Promise<ApiResponse> {
  const caller = await identifyCaller(context, request, 'strict')
  const { names, visible } = await asCaller(context, caller, request, async (tx) => {
    const bucket = await tx.query(`select 1 from storage.buckets where id = $1`, [id])
    if (bucket.rows.length === 0) throw noSuchBucket()
    const hadObjects = await tx.query(
      `select 1 from storage.objects where bucket_id = $1 limit 1`,
      [id]
    )
    const gone = await tx.query<{ name: string }>(
      `delete from storage.objects where bucket_id = $1 returning name`,
      [id]
    )
    return { names: gone.rows.map((r) => r.name), visible: hadObjects.rows.length > 0 }
  })
  if (visible && names.length === 0) {
    throw accessDenied('new row violates row-level security policy')
  }
  await removeStoredFiles(store, id, names)
  return jsonResponse(200, {
    message: 'Empty bucket has been queued. Completion may take up to an hour.'
  })
}
