// Signed download URLs, as Supabase Storage serves them:
// - POST /object/sign/{bucket}/{key} {expiresIn, transform?} → {signedURL}: the caller must be
//   able to see the object (its SELECT policy decides, like a download); with transformations
//   the URL points at /render/image/sign/…;
// - POST /object/sign/{bucket} {expiresIn, paths} → [{error, path, signedURL}], one entry per
//   path, with an error for each the caller cannot see;
// - GET /object/sign/{bucket}/{key}?token=… serves the object to anyone holding the token until
//   it expires (Expires instead of Cache-Control; `download` as on other reads).

import type { BackendContext } from '../context'
import type { Queryable } from '../db/database'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import type { ByteStore } from './byte-store'
import { invalidRequest, noSuchKey, readStorageJson } from './errors'
import { asCaller, identifyCaller } from './identity'
import { readObjectBytes, render, selectObject, type ObjectRow } from './read'
import { signedTransformations, transformOptionsFromBody } from './transform-options'
import {
  checkedExpiresIn,
  signUrlToken,
  SCOPE_DOWNLOAD,
  verifyDownloadToken,
  type DownloadToken
} from './url-tokens'

/** Hosted looks paths up in batches; a request may name at most this many. */
const MAX_SIGNED_PATHS = 1000
const NOT_VISIBLE = 'Either the object does not exist or you do not have access to it'

function bodyObject(request: ApiRequest): Record<string, unknown> {
  const body = readStorageJson(request)
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidRequest('body must be object')
  }
  return body as Record<string, unknown>
}

async function visibleNames(tx: Queryable, bucketId: string, keys: string[]): Promise<Set<string>> {
  const { rows } = await tx.query<{ name: string }>(
    'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
    [bucketId, keys]
  )
  return new Set(rows.map((r) => r.name))
}

export async function handleSignUrl(
  context: BackendContext,
  request: ApiRequest,
  bucketId: string,
  key: string
): Promise<ApiResponse> {
  const caller = await identifyCaller(context, request, 'strict')
  const body = bodyObject(request)
  const expiresIn = checkedExpiresIn(body.expiresIn)
  const transformations = signedTransformations(transformOptionsFromBody(body.transform))
  const format =
    body.transform && typeof body.transform === 'object'
      ? (body.transform as Record<string, unknown>).format
      : undefined
  const visible = await asCaller(
    context,
    caller,
    request,
    (tx) => visibleNames(tx, bucketId, [key]),
    true
  )
  if (!visible.has(key)) throw noSuchKey()
  const url = `${bucketId}/${key}`
  const claims: { url: string; transformations?: string; format?: string } = { url }
  if (transformations) claims.transformations = transformations
  if (typeof format === 'string' && format) claims.format = format
  const token = await signUrlToken(context.keys, claims, SCOPE_DOWNLOAD, expiresIn)
  const path = transformations ? 'render/image' : 'object'
  return jsonResponse(200, { signedURL: `/${path}/sign/${url}?token=${token}` })
}

export async function handleSignUrls(
  context: BackendContext,
  request: ApiRequest,
  bucketId: string
): Promise<ApiResponse> {
  const caller = await identifyCaller(context, request, 'strict')
  const body = bodyObject(request)
  const expiresIn = checkedExpiresIn(body.expiresIn)
  const paths = body.paths
  if (paths === undefined) throw invalidRequest("body must have required property 'paths'")
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string')) {
    throw invalidRequest('body/paths must be array of strings')
  }
  if (paths.length < 1) throw invalidRequest('body/paths must NOT have fewer than 1 items')
  if (paths.length > MAX_SIGNED_PATHS) {
    throw invalidRequest(`body/paths must NOT have more than ${MAX_SIGNED_PATHS} items`)
  }
  const visible = await asCaller(
    context,
    caller,
    request,
    (tx) => visibleNames(tx, bucketId, paths as string[]),
    true
  )
  const entries = await Promise.all(
    (paths as string[]).map(async (path) => {
      if (!visible.has(path)) return { error: NOT_VISIBLE, path, signedURL: null }
      const url = `${bucketId}/${path}`
      const token = await signUrlToken(context.keys, { url }, SCOPE_DOWNLOAD, expiresIn)
      return { error: null, path, signedURL: `/object/sign/${url}?token=${token}` }
    })
  )
  return jsonResponse(200, entries)
}

/**
 * The object a signed download URL opens, with its token's claims. The token is the permission:
 * the object is read as superuser.
 */
export async function signedObject(
  context: BackendContext,
  request: ApiRequest,
  bucketId: string,
  key: string
): Promise<{ token: DownloadToken; row: ObjectRow }> {
  const token = await verifyDownloadToken(
    context.keys,
    request.url.searchParams.get('token'),
    `${bucketId}/${key}`
  )
  const row = await selectObject(context.db, bucketId, key)
  if (!row) throw noSuchKey()
  return { token, row }
}

export async function handleSignedRead(
  context: BackendContext,
  store: ByteStore,
  request: ApiRequest,
  bucketId: string,
  key: string
): Promise<ApiResponse> {
  const { token, row } = await signedObject(context, request, bucketId, key)
  const bytes = await readObjectBytes(store, bucketId, key)
  return render(request, key, row, bytes, new Date(token.exp * 1000).toUTCString())
}
