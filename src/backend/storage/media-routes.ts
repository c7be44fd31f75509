// The route handlers for image transformations and resumable uploads, for index.ts's table, and
// the state they keep per backend (the rendition cache, the resumable uploads), made on first
// use and kept as long as the backend's context. Signed URLs and uploads keep no state: their
// handlers are in the table directly.

import type { BackendContext } from '../context'
import type { ApiResponse } from '../http/types'
import { handleRenderImage, type RenderRoute } from './render-image'
import { createResumableUploads, type ResumableUploads } from './resumable'
import type { RouteCall } from './routes'
import { TransformCache } from './transform-cache'

interface MediaState {
  cache: TransformCache
  resumable: ResumableUploads
}

const states = new WeakMap<BackendContext, MediaState>()

function stateFor(call: RouteCall): MediaState {
  let state = states.get(call.context)
  if (!state) {
    state = {
      cache: new TransformCache(call.context.config.transformCacheDir),
      resumable: createResumableUploads(call.context, call.store)
    }
    states.set(call.context, state)
  }
  return state
}

/** GET /render/image/{route}/{bucket}/{key} (render-image.ts). */
export function renderImageRoute(route: RenderRoute): (call: RouteCall) => Promise<ApiResponse> {
  return (call) =>
    handleRenderImage(
      call.context,
      call.store,
      stateFor(call).cache,
      call.request,
      route,
      call.params.bucket,
      call.key()
    )
}

/** /upload/resumable and /upload/resumable/{id} (resumable.ts). */
export function resumableRoute(call: RouteCall): Promise<ApiResponse> {
  return stateFor(call).resumable.handle(call.request, call.rest)
}
