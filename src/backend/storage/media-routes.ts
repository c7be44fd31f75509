// The Storage routes for signed URLs, signed uploads, image transformations and resumable
// uploads, matched on the raw path segments after /storage/v1/ (index.ts asks here first).
// The state they keep (the rendition cache, the resumable uploads) lives as long as the API.

import type { BackendContext } from '../context'
import type { ApiRequest, ApiResponse } from '../http/types'
import type { ByteStore } from './byte-store'
import { noSuchBucket } from './errors'
import { parseObjectKey } from './keys'
import { handleRenderImage, type RenderRoute } from './render-image'
import { createResumableUploads } from './resumable'
import { handleSignedUpload, handleSignUpload } from './signed-uploads'
import { handleSignedRead, handleSignUrl, handleSignUrls } from './signed-urls'
import { TransformCache } from './transform-cache'

export type MediaRoute = (request: ApiRequest, segments: string[]) => Promise<ApiResponse> | null

function decodeBucket(raw: string | undefined): string {
  if (!raw) throw noSuchBucket()
  try {
    return decodeURIComponent(raw)
  } catch {
    throw noSuchBucket()
  }
}

const RENDER_ROUTES: readonly string[] = ['public', 'authenticated', 'sign']

export function createMediaRoutes(context: BackendContext, store: ByteStore): MediaRoute {
  const cache = new TransformCache(context.config.transformCacheDir)
  const resumable = createResumableUploads(context, store)
  return (request, segments) => {
    const method = request.method
    const [area, second, third] = segments
    const read = method === 'GET' || method === 'HEAD'
    if (area === 'upload' && second === 'resumable') {
      return resumable.handle(request, segments.slice(2))
    }
    if (area === 'render' && second === 'image' && read && RENDER_ROUTES.includes(third)) {
      const bucket = decodeBucket(segments[3])
      const key = parseObjectKey(segments.slice(4))
      return handleRenderImage(context, store, cache, request, third as RenderRoute, bucket, key)
    }
    if (area !== 'object') return null
    if (second === 'sign') {
      const bucket = decodeBucket(third)
      const keySegments = segments.slice(3)
      if (method === 'POST' && keySegments.every((s) => s === '')) {
        return handleSignUrls(context, request, bucket)
      }
      const key = parseObjectKey(keySegments)
      if (method === 'POST') return handleSignUrl(context, request, bucket, key)
      if (read) return handleSignedRead(context, store, request, bucket, key)
      return null
    }
    if (second === 'upload' && third === 'sign') {
      const bucket = decodeBucket(segments[3])
      const key = parseObjectKey(segments.slice(4))
      if (method === 'POST') return handleSignUpload(context, request, bucket, key)
      if (method === 'PUT') return handleSignedUpload(context, store, request, bucket, key)
    }
    return null
  }
}
