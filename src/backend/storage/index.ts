// The Supabase-compatible Storage API, mounted at /storage/v1: upload, public
// URLs, downloads, removal and listing. Object rows live in storage.objects (so storage
// policies apply); the bytes live on disk under config.storageDir, or in memory.

import type { BackendContext } from '../context'
import type { ApiRequest, ApiResponse, Handler } from '../http/types'
import { createByteStore, type ByteStore } from './byte-store'
import { listBuckets } from './buckets'
import {
  invalidKey,
  invalidRequest,
  noSuchBucket,
  StorageError,
  storageErrorResponse
} from './errors'
import { parseObjectKey } from './keys'
import { handleList } from './list'
import { createMediaRoutes, type MediaRoute } from './media-routes'
import { handleRead } from './read'
import { handleRemoveMany, handleRemoveOne } from './remove'
import { handleUpload } from './upload'

const PREFIX = '/storage/v1/'

/**
 * The request path split into raw (still encoded) segments. The path as sent is used, not the
 * parsed URL, because URL parsing resolves `..` and `%2e%2e`, which must be refused instead.
 */
function rawSegments(request: ApiRequest): string[] {
  const raw = request.rawPath?.startsWith('/') ? request.rawPath : request.url.pathname
  if (!raw.startsWith(PREFIX)) throw invalidKey(raw)
  return raw.slice(PREFIX.length).split('/')
}

function decodeBucket(raw: string | undefined): string {
  if (!raw) throw noSuchBucket()
  try {
    return decodeURIComponent(raw)
  } catch {
    throw noSuchBucket()
  }
}

async function dispatch(
  context: BackendContext,
  store: ReturnType<typeof createByteStore>,
  request: ApiRequest,
  media: MediaRoute
): Promise<ApiResponse> {
  const segments = rawSegments(request)
  const mediaResponse = media(request, segments)
  if (mediaResponse) return mediaResponse
  const method = request.method
  const [area, second] = segments
  if (area === 'bucket') {
    if (method !== 'GET') throw invalidRequest('Only listing buckets is supported')
    return listBuckets(context, request, second ? decodeBucket(second) : null)
  }
  if (area !== 'object')
    throw invalidRequest(`No storage route for ${method} /${segments.join('/')}`)

  const read = method === 'GET' || method === 'HEAD'
  if (read && (second === 'public' || second === 'authenticated')) {
    const bucket = decodeBucket(segments[2])
    return handleRead(context, store, request, second, bucket, parseObjectKey(segments.slice(3)))
  }
  if (method === 'POST' && second === 'list') {
    return handleList(context, request, decodeBucket(segments[2]))
  }
  const bucket = decodeBucket(second)
  const keySegments = segments.slice(2)
  if (method === 'DELETE' && keySegments.every((s) => s === '')) {
    return handleRemoveMany(context, store, request, bucket)
  }
  const key = parseObjectKey(keySegments)
  if (read) return handleRead(context, store, request, 'default', bucket, key)
  if (method === 'POST') {
    const upsert = (request.headers['x-upsert'] ?? '').toLowerCase() === 'true'
    return handleUpload(context, store, request, bucket, key, upsert)
  }
  // update() replaces an existing object: Storage treats it as an upsert.
  if (method === 'PUT') return handleUpload(context, store, request, bucket, key, true)
  if (method === 'DELETE') return handleRemoveOne(context, store, request, bucket, key)
  throw invalidRequest(`No storage route for ${method} /${segments.join('/')}`)
}

export function createStorageApi(
  context: BackendContext,
  store: ByteStore = createByteStore(context.config.storageDir)
): Handler {
  const media = createMediaRoutes(context, store)
  return async (request) => {
    try {
      return await dispatch(context, store, request, media)
    } catch (error) {
      if (error instanceof StorageError) return storageErrorResponse(error)
      console.error('[storage] unexpected error', error)
      return storageErrorResponse(
        new StorageError('500', 'InternalError', 'Internal Server Error', 'Internal Server Error')
      )
    }
  }
}
