// Signed upload URLs, as Supabase Storage makes them:
// - POST /object/upload/sign/{bucket}/{key} (x-upsert) → {url, token}: the storage policies are
//   asked now, as the caller (can-upload.ts), and the token remembers who asked and whether the
//   upload may overwrite; it is valid for two hours;
// - PUT /object/upload/sign/{bucket}/{key}?token=… uploads with no other credentials: the
//   object is written as the database owner, owned by whoever signed the URL, after the same
//   bucket, size, type and image checks as a plain upload.

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import type { ByteStore } from './byte-store'
import { findBucket } from './buckets'
import { checkCanUpload } from './can-upload'
import { identifyCaller } from './identity'
import { checkAgainstBucket, parseUploadBody, writeObject, type ObjectWriter } from './upload'
import { SCOPE_UPLOAD, signUrlToken, verifyUploadToken } from './url-tokens'
import { upsertHeader } from './upload-fields'

/** Hosted's `uploadSignedUrlExpirationTime`. */
export const SIGNED_UPLOAD_TTL_SECONDS = 2 * 60 * 60

export async function handleSignUpload(
  context: BackendContext,
  request: ApiRequest,
  bucketId: string,
  key: string
): Promise<ApiResponse> {
  const caller = await identifyCaller(context, request, 'strict')
  const upsert = upsertHeader(request)
  await checkCanUpload(context, caller, request, bucketId, key, upsert)
  const url = `${bucketId}/${key}`
  const owner = caller.identity.claims.sub
  const token = await signUrlToken(
    context.keys,
    { url, upsert, ...(owner ? { owner } : {}) },
    SCOPE_UPLOAD,
    SIGNED_UPLOAD_TTL_SECONDS
  )
  return jsonResponse(200, { url: `/object/upload/sign/${url}?token=${token}`, token })
}

export async function handleSignedUpload(
  context: BackendContext,
  store: ByteStore,
  request: ApiRequest,
  bucketId: string,
  key: string
): Promise<ApiResponse> {
  const token = await verifyUploadToken(
    context.keys,
    request.url.searchParams.get('token'),
    `${bucketId}/${key}`
  )
  const bucket = await findBucket(context, bucketId)
  const body = await parseUploadBody(request)
  checkAgainstBucket(bucket, body)
  // The policies were asked when the URL was signed; the token is the permission now.
  const asOwner: ObjectWriter = (work) => context.db.transaction(work)
  const id = await writeObject(store, asOwner, {
    bucket,
    key,
    body,
    ownerSub: token.owner ?? null,
    upsert: token.upsert
  })
  return jsonResponse(200, { Id: id, Key: `${bucket.id}/${key}` })
}
