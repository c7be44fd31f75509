// GET /object/info/{bucket}/{key} (storage-js `info`), and its /public/ and /authenticated/
// forms: the object's row as JSON, custom metadata included (`{}` when there is none, as hosted
// answers), with hosted Storage's access rules
// (those of a download): public buckets are read as superuser, private ones as the caller's role.

import type { BackendContext } from '../context'
import type { Queryable } from '../db/database'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { findBucket, isoSql } from './buckets'
import { noSuchBucket, noSuchKey } from './errors'
import { asCaller, identifyCaller } from './identity'
import type { ReadRoute } from './read'

interface Info {
  id: string
  name: string
  version: string | null
  bucket_id: string
  size: number | null
  content_type: string | null
  cache_control: string | null
  etag: string | null
  metadata: Record<string, unknown> | null
  last_modified: string | null
  created_at: string | null
}

async function selectInfo(tx: Queryable, bucket: string, key: string): Promise<Info | null> {
  const { rows } = await tx.query<{ info: Info }>(
    `select json_build_object('id', id, 'name', name, 'version', version, 'bucket_id', bucket_id,
              'size', (metadata ->> 'size')::bigint, 'content_type', metadata ->> 'mimetype',
              'cache_control', metadata ->> 'cacheControl', 'etag', metadata ->> 'eTag',
              'metadata', coalesce(user_metadata, '{}'::jsonb),
              'last_modified', ${isoSql('updated_at')},
              'created_at', ${isoSql('created_at')}) as info
       from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, key]
  )
  return rows[0]?.info ?? null
}

export async function handleInfo(
  context: BackendContext,
  request: ApiRequest,
  route: ReadRoute,
  bucketId: string,
  key: string
): Promise<ApiResponse> {
  const caller =
    route === 'public'
      ? null
      : await identifyCaller(context, request, route === 'authenticated' ? 'strict' : 'lenient')
  const bucket = await findBucket(context, bucketId)
  if ((!caller || !caller.authenticated) && !bucket.public) throw noSuchBucket()
  const info =
    bucket.public || !caller
      ? await selectInfo(context.db, bucket.id, key)
      : await asCaller(context, caller, request, (tx) => selectInfo(tx, bucket.id, key), true)
  if (!info) throw noSuchKey()
  const headers: Record<string, string> = {}
  if (info.etag) headers.etag = info.etag
  if (info.cache_control) headers['cache-control'] = info.cache_control
  if (info.last_modified) headers['last-modified'] = new Date(info.last_modified).toUTCString()
  return jsonResponse(200, info, headers)
}
