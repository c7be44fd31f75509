// Serving objects: public URLs with no auth, downloads as the caller.
// Public buckets are read as superuser; private ones as the caller's role, so a row the
// SELECT policy hides is simply "Object not found".

import type { BackendContext } from '../context'
import type { Queryable } from '../db/database'
import type { ApiRequest, ApiResponse } from '../http/types'
import type { ByteStore } from './byte-store'
import { findBucket } from './buckets'
import { noSuchBucket, noSuchKey } from './errors'
import { asCaller, identifyCaller } from './identity'

interface ObjectMetadata {
  mimetype?: string
  cacheControl?: string
  eTag?: string
  lastModified?: string
}

export interface ObjectRow {
  metadata: ObjectMetadata | null
  updated_at: string
  /** Changes with every write of the object: transformed renditions are cached by it. */
  version: string | null
}

export async function selectObject(
  tx: Queryable,
  bucket: string,
  key: string
): Promise<ObjectRow | null> {
  const { rows } = await tx.query<ObjectRow>(
    `select metadata, updated_at, version from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, key]
  )
  return rows[0] ?? null
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const bare = (tag: string): string => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

function contentDisposition(download: string, key: string): string {
  const name = download || key.split('/').pop() || 'download'
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** A single `bytes=a-b` range; null means "send everything", 'invalid' means 416. */
function parseRange(header: string | undefined, size: number): [number, number] | null | 'invalid' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!match || (match[1] === '' && match[2] === '')) return null
  let start: number
  let end: number
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]))
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  return start > end || start >= size ? 'invalid' : [start, end]
}

/**
 * The object's bytes with Storage's headers. `expires` (a signed URL's expiry) replaces
 * Cache-Control with an Expires header, as Storage answers signed URLs.
 */
export function render(
  request: ApiRequest,
  key: string,
  row: ObjectRow,
  bytes: Buffer,
  expires?: string
): ApiResponse {
  const meta = row.metadata ?? {}
  const etag = meta.eTag ?? ''
  const lastModified = new Date(meta.lastModified ?? row.updated_at.replace(' ', 'T'))
  const headers: Record<string, string> = {
    'content-type': meta.mimetype ?? 'application/octet-stream',
    'cache-control': meta.cacheControl ?? 'no-cache',
    'accept-ranges': 'bytes',
    // User content is never run as a page on the backend's origin.
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox"
  }
  if (etag) headers.etag = etag
  if (!Number.isNaN(lastModified.getTime())) headers['last-modified'] = lastModified.toUTCString()
  const download = request.url.searchParams.get('download')
  if (download !== null) headers['content-disposition'] = contentDisposition(download, key)
  if (expires) {
    delete headers['cache-control']
    headers.expires = expires
  }

  if (etag && etagMatches(request.headers['if-none-match'], etag)) {
    delete headers['content-type']
    return { status: 304, headers, body: null }
  }
  const range = parseRange(request.headers['range'], bytes.length)
  if (range === 'invalid') {
    return { status: 416, headers: { ...headers, 'content-range': `bytes */${bytes.length}` } }
  }
  if (range) {
    const [start, end] = range
    return {
      status: 206,
      headers: { ...headers, 'content-range': `bytes ${start}-${end}/${bytes.length}` },
      body: bytes.subarray(start, end + 1)
    }
  }
  return { status: 200, headers, body: bytes }
}

export type ReadRoute = 'public' | 'authenticated' | 'default'

/**
 * The object's row if this request may read it: public buckets for anyone (as superuser),
 * private ones as the caller's role (so the SELECT policy decides); NoSuchBucket/NoSuchKey
 * otherwise. Image transformations read through the same door.
 */
export async function findReadableObject(
  context: BackendContext,
  request: ApiRequest,
  route: ReadRoute,
  bucketId: string,
  key: string
): Promise<ObjectRow> {
  const caller =
    route === 'public'
      ? null
      : await identifyCaller(context, request, route === 'authenticated' ? 'strict' : 'lenient')
  const bucket = await findBucket(context, bucketId)
  if (route === 'public' && !bucket.public) throw noSuchBucket()
  if (caller && !caller.authenticated && !bucket.public) throw noSuchBucket()

  const row =
    bucket.public || !caller
      ? await selectObject(context.db, bucket.id, key)
      : await asCaller(context, caller, request, (tx) => selectObject(tx, bucket.id, key), true)
  if (!row) throw noSuchKey()
  return row
}

/** The bytes of an object whose row was found; a row without bytes reads as missing. */
export async function readObjectBytes(
  store: ByteStore,
  bucketId: string,
  key: string
): Promise<Buffer> {
  const bytes = await store.read(bucketId, key)
  if (!bytes) {
    console.error(`[storage] object ${bucketId}/${key} has a row but no bytes`)
    throw noSuchKey()
  }
  return bytes
}

export async function handleRead(
  context: BackendContext,
  store: ByteStore,
  request: ApiRequest,
  route: ReadRoute,
  bucketId: string,
  key: string
): Promise<ApiResponse> {
  const row = await findReadableObject(context, request, route, bucketId, key)
  return render(request, key, row, await readObjectBytes(store, bucketId, key))
}
