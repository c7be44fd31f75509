// The Supabase-compatible Storage API, mounted at /storage/v1: buckets, upload, public
// URLs, downloads, object info, move and copy, removal and listing, signed URLs, image
// transformations and resumable uploads. Object rows live in storage.objects (so storage
// policies apply); the bytes live on disk under config.storageDir, or in memory.
// Every route is one line of the table below (routes.ts matches them, most specific first).

import type { BackendContext } from '../context'
import type { Handler } from '../http/types'
import { createByteStore, type ByteStore } from './byte-store'
import { createBucket, deleteBucket, emptyBucket, updateBucket } from './bucket-admin'
import { handlePurgeCache, refuseFeature } from './features-off'
import { getBucket, listBuckets } from './buckets'
import { StorageError, storageErrorResponse } from './errors'
import { handleList } from './list'
import { openMediaState, renderImageRoute, resumableRoute } from './media-routes'
import { handleListV2 } from './list-v2'
import { handleCopy, handleMove } from './move-copy'
import { handleInfo } from './object-info'
import { handleRead } from './read'
import { handleRemoveMany, handleRemoveOne } from './remove'
import { createRouter, route } from './routes'
import { handleSignedUpload, handleSignUpload } from './signed-uploads'
import { handleSignedRead, handleSignUrl, handleSignUrls } from './signed-urls'
import { handleUpload } from './upload'
import { upsertHeader } from './upload-fields'

const READ = ['GET', 'HEAD'] as const
const ANY = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

const dispatch = createRouter([
  route('GET', 'bucket', (c) => listBuckets(c.context, c.request)),
  route('GET', 'bucket/:bucket', (c) => getBucket(c.context, c.request, c.params.bucket)),
  route('POST', 'bucket', (c) => createBucket(c.context, c.request)),
  route('PUT', 'bucket/:bucket', (c) => updateBucket(c.context, c.request, c.params.bucket)),
  route('DELETE', 'bucket/:bucket', (c) => deleteBucket(c.context, c.request, c.params.bucket)),
  route('POST', 'bucket/:bucket/empty', (c) =>
    emptyBucket(c.context, c.store, c.request, c.params.bucket)
  ),
  route('POST', 'object/list/:bucket', (c) => handleList(c.context, c.request, c.params.bucket)),
  route('POST', 'object/list-v2/:bucket', (c) =>
    handleListV2(c.context, c.request, c.params.bucket)
  ),
  route('POST', 'object/move', (c) => handleMove(c.context, c.store, c.request)),
  route('POST', 'object/copy', (c) => handleCopy(c.context, c.store, c.request)),
  route('GET', 'object/info/public/:bucket/*', (c) =>
    handleInfo(c.context, c.request, 'public', c.params.bucket, c.key())
  ),
  route('GET', 'object/info/authenticated/:bucket/*', (c) =>
    handleInfo(c.context, c.request, 'authenticated', c.params.bucket, c.key())
  ),
  route('GET', 'object/info/:bucket/*', (c) =>
    handleInfo(c.context, c.request, 'default', c.params.bucket, c.key())
  ),
  route(READ, 'object/public/:bucket/*', (c) =>
    handleRead(c.context, c.store, c.request, 'public', c.params.bucket, c.key())
  ),
  route(READ, 'object/authenticated/:bucket/*', (c) =>
    handleRead(c.context, c.store, c.request, 'authenticated', c.params.bucket, c.key())
  ),
  route(READ, 'object/:bucket/*', (c) =>
    handleRead(c.context, c.store, c.request, 'default', c.params.bucket, c.key())
  ),
  route('POST', 'object/:bucket/*', (c) =>
    handleUpload(c.context, c.store, c.request, c.params.bucket, c.key(), upsertHeader(c.request))
  ),
  // update() replaces an existing object: Storage treats it as an upsert.
  route('PUT', 'object/:bucket/*', (c) =>
    handleUpload(c.context, c.store, c.request, c.params.bucket, c.key(), true)
  ),
  route('DELETE', 'object/:bucket', (c) =>
    handleRemoveMany(c.context, c.store, c.request, c.params.bucket)
  ),
  route('DELETE', 'cdn/:bucket/*', (c) => handlePurgeCache(c.context, c.request)),
  route('DELETE', 'cdn/:bucket', (c) => handlePurgeCache(c.context, c.request)),
  route('POST', 'object/sign/:bucket', (c) =>
    handleSignUrls(c.context, c.request, c.params.bucket)
  ),
  route('POST', 'object/sign/:bucket/*', (c) =>
    handleSignUrl(c.context, c.request, c.params.bucket, c.key())
  ),
  route(READ, 'object/sign/:bucket/*', (c) =>
    handleSignedRead(c.context, c.store, c.request, c.params.bucket, c.key())
  ),
  route('POST', 'object/upload/sign/:bucket/*', (c) =>
    handleSignUpload(c.context, c.request, c.params.bucket, c.key())
  ),
  route('PUT', 'object/upload/sign/:bucket/*', (c) =>
    handleSignedUpload(c.context, c.store, c.request, c.params.bucket, c.key())
  ),
  route(READ, 'render/image/public/:bucket/*', renderImageRoute('public')),
  route(READ, 'render/image/authenticated/:bucket/*', renderImageRoute('authenticated')),
  route(READ, 'render/image/sign/:bucket/*', renderImageRoute('sign')),
  route(['POST', 'HEAD', 'PATCH', 'DELETE'], 'upload/resumable/*', resumableRoute),
  route(ANY, 'iceberg/*', (c) => refuseFeature(c.context, c.request, 'iceberg_catalog')),
  route(ANY, 'vector/*', (c) => refuseFeature(c.context, c.request, 'vector_buckets')),
  route('DELETE', 'object/:bucket/*', (c) =>
    handleRemoveOne(c.context, c.store, c.request, c.params.bucket, c.key())
  )
])

/** The storage handler, and close() for the state it keeps (resumable uploads in progress). */
export type StorageApi = Handler & { close(): Promise<void> }

export function createStorageApi(
  context: BackendContext,
  store: ByteStore = createByteStore(context.config.storageDir)
): StorageApi {
  const media = openMediaState(context, store)
  const handler: Handler = async (request) => {
    try {
      return await dispatch(context, store, request)
    } catch (error) {
      if (error instanceof StorageError) return storageErrorResponse(error)
      console.error('[storage] unexpected error', error)
      return storageErrorResponse(
        new StorageError('500', 'InternalError', 'Internal Server Error', 'Internal Server Error')
      )
    }
  }
  return Object.assign(handler, { close: () => media.close() })
}
