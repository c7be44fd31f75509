// Bucket lookups (as superuser, as Storage does before any RLS check) and the reads of the
// bucket API: GET /bucket (listBuckets) and GET /bucket/{id} (getBucket), as the caller's role so
// the policies on storage.buckets decide what shows. Rows come in hosted Storage's shape: its
// columns in its order, timestamps as JavaScript prints them (ISO, milliseconds, `Z`).

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { invalidRequest, noSuchBucket } from './errors'
import { asCaller, identifyCaller } from './identity'

export interface Bucket {
  id: string
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  /** The project's check_image_content rule for the bucket (config.ts), local only. */
  checkImageContent: boolean
}

type BucketRow = Omit<Bucket, 'checkImageContent'>

export async function findBucket(context: BackendContext, id: string): Promise<Bucket> {
  const { rows } = await context.db.query<BucketRow>(
    `select id, coalesce(public, false) as public, file_size_limit, allowed_mime_types
       from storage.buckets where id = $1`,
    [id]
  )
  if (!rows[0]) throw noSuchBucket()
  const bucket = rows[0]
  return {
    ...bucket,
    file_size_limit: bucket.file_size_limit === null ? null : Number(bucket.file_size_limit),
    checkImageContent: context.config.storage.imageContentBuckets.includes(bucket.id)
  }
}

/** A timestamptz as `Date.prototype.toJSON` prints it, which is what Storage's JSON carries. */
export const isoSql = (column: string): string =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const ROW = {
  list: `json_build_object('id', b.id, 'name', b.name, 'public', coalesce(b.public, false),
           'owner', b.owner, 'created_at', ${isoSql('b.created_at')},
           'updated_at', ${isoSql('b.updated_at')}, 'file_size_limit', b.file_size_limit,
           'allowed_mime_types', b.allowed_mime_types, 'type', 'STANDARD')`,
  get: `json_build_object('id', b.id, 'name', b.name, 'owner', b.owner,
          'public', coalesce(b.public, false), 'created_at', ${isoSql('b.created_at')},
          'updated_at', ${isoSql('b.updated_at')}, 'file_size_limit', b.file_size_limit,
          'allowed_mime_types', b.allowed_mime_types)`
}

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at'])

function integerParam(request: ApiRequest, name: string, min: number): number | null {
  const raw = request.url.searchParams.get(name)
  if (raw === null) return null
  if (!/^\d+$/.test(raw)) throw invalidRequest(`querystring/${name} must be integer`)
  const value = Number(raw)
  if (value < min) throw invalidRequest(`querystring/${name} must be >= ${min}`)
  return value
}

function enumParam(request: ApiRequest, name: string, allowed: Set<string>): string | null {
  const raw = request.url.searchParams.get(name)
  if (raw === null) return null
  if (!allowed.has(raw)) {
    throw invalidRequest(`querystring/${name} must be equal to one of the allowed values`)
  }
  return raw
}

/** GET /bucket?limit&offset&sortColumn&sortOrder&search (storage-js `listBuckets`). */
export async function listBuckets(
  context: BackendContext,
  request: ApiRequest
): Promise<ApiResponse> {
  const caller = await identifyCaller(context, request, 'strict')
  const limit = integerParam(request, 'limit', 1)
  const offset = integerParam(request, 'offset', 0) ?? 0
  const column = enumParam(request, 'sortColumn', SORT_COLUMNS) ?? 'name'
  const order = enumParam(request, 'sortOrder', new Set(['asc', 'desc'])) ?? 'asc'
  const search = request.url.searchParams.get('search') ?? ''
  const rows = await asCaller(
    context,
    caller,
    request,
    async (tx) =>
      (
        await tx.query<{ bucket: Record<string, unknown> }>(
          // The column and order come from the allow-lists above, never from the request as is.
          `select ${ROW.list} as bucket from storage.buckets b
            where $1 = '' or b.name ilike '%' || replace(replace(replace($1, '\\', '\\\\'),
                  '%', '\\%'), '_', '\\_') || '%'
            order by b.${column} ${order}, b.id
            limit $2 offset $3`,
          [search, limit, offset]
        )
      ).rows,
    true
  )
  return jsonResponse(
    200,
    rows.map((r) => r.bucket)
  )
}

/** GET /bucket/{id} (storage-js `getBucket`): NoSuchBucket when the policies hide it. */
export async function getBucket(
  context: BackendContext,
  request: ApiRequest,
  id: string
): Promise<ApiResponse> {
  const caller = await identifyCaller(context, request, 'strict')
  const rows = await asCaller(
    context,
    caller,
    request,
    async (tx) =>
      (
        await tx.query<{ bucket: Record<string, unknown> }>(
          `select ${ROW.get} as bucket from storage.buckets b where b.id = $1`,
          [id]
        )
      ).rows,
    true
  )
  if (!rows[0]) throw noSuchBucket()
  return jsonResponse(200, rows[0].bucket)
}
