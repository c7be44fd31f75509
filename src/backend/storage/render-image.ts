// GET /render/image/{public|authenticated|sign}/{bucket}/{key}: an image object resized and
// re-encoded on the fly (image-transform.ts), as hosted Storage serves them. Who may read it is
// decided exactly as for the plain read of the same object (read.ts) or by a signed token; the
// rendition is cached by object version and options (transform-cache.ts). Headers are the
// object's (ETag, Cache-Control, Last-Modified) with the rendition's type and length, plus
// X-Transformations; signed URLs answer with Expires instead of Cache-Control.

import type { BackendContext } from '../context'
import type { ApiRequest, ApiResponse } from '../http/types'
import type { ByteStore } from './byte-store'
import { outputTypeFor, SOURCE_HEAD_BYTES, sourceTypeOf, transformImage } from './image-transform'
import { findReadableObject, readObjectBytes, render, type ObjectRow } from './read'
import type { TransformCache } from './transform-cache'
import {
  appliedTransformations,
  transformOptionsFromQuery,
  transformOptionsFromToken,
  type TransformOptions
} from './transform-options'
import { signedObject } from './signed-urls'

export type RenderRoute = 'public' | 'authenticated' | 'sign'

interface Readable {
  row: ObjectRow
  options: TransformOptions
  expires?: string
}

async function authorise(
  context: BackendContext,
  request: ApiRequest,
  route: RenderRoute,
  bucketId: string,
  key: string
): Promise<Readable> {
  if (route !== 'sign') {
    // Options are checked first, as Storage's schema validation runs before its handler.
    const options = transformOptionsFromQuery(request.url.searchParams)
    const row = await findReadableObject(context, request, route, bucketId, key)
    return { row, options }
  }
  const { token, row } = await signedObject(context, request, bucketId, key)
  return {
    row,
    options: transformOptionsFromToken(token.transformations ?? '', token.format ?? ''),
    expires: new Date(token.exp * 1000).toUTCString()
  }
}

/** What identifies one rendition: the object's version and every option that shapes it. */
function cacheKey(
  bucketId: string,
  key: string,
  row: ObjectRow,
  options: TransformOptions
): string {
  const version = row.version ?? row.metadata?.eTag ?? row.updated_at
  const { width = 0, height = 0, resize = 'cover', quality = 0 } = options
  return JSON.stringify([bucketId, key, version, width, height, resize, quality])
}

export async function handleRenderImage(
  context: BackendContext,
  store: ByteStore,
  cache: TransformCache,
  request: ApiRequest,
  route: RenderRoute,
  bucketId: string,
  key: string
): Promise<ApiResponse> {
  const { row, options, expires } = await authorise(context, request, route, bucketId, key)
  // A row without bytes is answered as a download answers it (readObjectBytes).
  const head =
    (await store.readHead(bucketId, key, SOURCE_HEAD_BYTES)) ??
    (await readObjectBytes(store, bucketId, key))
  const type = outputTypeFor(sourceTypeOf(head), options, request.headers['accept'])
  const rendition = await cache.get(
    `${cacheKey(bucketId, key, row, options)}${type}`,
    type,
    async () => transformImage(await readObjectBytes(store, bucketId, key), options, type)
  )
  const shown: ObjectRow = {
    ...row,
    metadata: { ...row.metadata, mimetype: rendition.contentType }
  }
  const response = render(request, key, shown, rendition.bytes, expires)
  const applied = appliedTransformations(options)
  if (applied) response.headers = { ...response.headers, 'x-transformations': applied }
  return response
}
