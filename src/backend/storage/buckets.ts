// Bucket lookups (as superuser, as Storage does before any RLS check) and GET /bucket.

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { noSuchBucket } from './errors'
import { asCaller, identifyCaller } from './identity'

export interface Bucket {
  id: string
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
}

export async function findBucket(context: BackendContext, id: string): Promise<Bucket> {
  const { rows } = await context.db.query<Bucket>(
    `select id, coalesce(public, false) as public, file_size_limit, allowed_mime_types
       from storage.buckets where id = $1`,
    [id]
  )
  if (!rows[0]) throw noSuchBucket()
  const bucket = rows[0]
  return {
    ...bucket,
    file_size_limit: bucket.file_size_limit === null ? null : Number(bucket.file_size_limit)
  }
}

/** GET /bucket and GET /bucket/{id}: what the caller's role may see (RLS on storage.buckets). */
export async function listBuckets(
  context: BackendContext,
  request: ApiRequest,
  id: string | null
): Promise<ApiResponse> {
  const caller = await identifyCaller(context, request, 'strict')
  const rows = await asCaller(
    context,
    caller,
    request,
    async (tx) =>
      (
        await tx.query<{ bucket: Record<string, unknown> }>(
          `select to_jsonb(b) as bucket from storage.buckets b
            where $1::text is null or b.id = $1 order by b.name`,
          [id]
        )
      ).rows,
    true
  )
  if (id === null)
    return jsonResponse(
      200,
      rows.map((r) => r.bucket)
    )
  if (!rows[0]) throw noSuchBucket()
  return jsonResponse(200, rows[0].bucket)
}
