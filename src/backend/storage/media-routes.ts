// The route handlers for image transformations and resumable uploads, for index.ts's table, and
// the state they keep per backend (the rendition cache, the resumable uploads), made when the
// storage API is (openMediaState) and ended by its close(). Signed URLs and uploads keep no
// state: their handlers are in the table directly.

import type { BackendContext } from '../context'
import type { ApiResponse } from '../http/types'
import type { ByteStore } from './byte-store'
import { handleRenderImage, type RenderRoute } from './render-image'
import { createResumableUploads, type ResumableUploads } from './resumable'
import type { RouteCall } from './routes'
import { TransformCache } from './transform-cache'

interface MediaState {
  cache: TransformCache
  resumable: ResumableUploads
}

const states = new WeakMap<BackendContext, MediaState>()

function stateOf(context: BackendContext, store: ByteStore): MediaState {
  let state = states.get(context)
  if (!state) {
    state = {
      cache: new TransformCache(context.config.transformCacheDir),
      resumable: createResumableUploads(context, store)
    }
    states.set(context, state)
  }
  return state
}

const stateFor = (call: RouteCall): MediaState => stateOf(call.context, call.store)

/**
 * Makes the backend's media state now, so the resumable uploads an earlier run left in the data
 * folder are swept from the start; close() stops their sweep and removes a temporary folder.
 */
export function openMediaState(
  context: BackendContext,
  store: ByteStore
): { close(): Promise<void> } {
  const state = stateOf(context, store)
  return {
    async close() {
      if (states.get(context) === state) states.delete(context)
      await state.resumable.close()
    }
  }
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
