// The storage-js calls that reach parts of hosted Storage a local backend has no use for, answered
// as a hosted project answers them rather than with "No storage route":
// - DELETE /cdn/{bucket}[/{key}] (purgeCache, purgeBucketCache): service_role only, as hosted;
//   no CDN sits in front of a local backend, so there is never a cached copy and the purge
//   succeeds at once.
// - /iceberg/… (storage.analytics) and /vector/… (storage.vectors): analytics and vector buckets
//   are features this backend does not offer, refused as a project without them is.

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { featureNotEnabled, StorageError } from './errors'
import { identifyCaller } from './identity'

export async function handlePurgeCache(
  context: BackendContext,
  request: ApiRequest
): Promise<ApiResponse> {
  const caller = await identifyCaller(context, request, 'strict')
  if (caller.identity.role !== 'service_role') {
    throw new StorageError(
      '403',
      'AccessDenied',
      'Unauthorized',
      'Access denied: Invalid role',
      403
    )
  }
  return jsonResponse(200, { message: 'success' })
}

export async function refuseFeature(
  context: BackendContext,
  request: ApiRequest,
  feature: 'iceberg_catalog' | 'vector_buckets'
): Promise<ApiResponse> {
  await identifyCaller(context, request, 'strict')
  throw featureNotEnabled(feature)
}
