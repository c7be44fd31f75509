// The one place that decides what serves the renderer: the preload's `window.api` in the desktop
// app, or supabase-js in the page when the renderer runs as a plain web app.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Api } from '@shared/bridge-contract'
import { createBrowserApi } from './browser'

// Typed locally rather than with `declare global`, so this agrees with the preload's
// index.d.ts whether that declares `api` as optional or not.
type WindowWithApi = Window & { api?: Api }

export interface Platform {
  api: Api
  /** The browser platform's own client (it holds the session); null in the desktop app. */
  sessionClient: Promise<SupabaseClient> | null
}

let platform: Platform | null = null

export function getPlatform(): Platform {
  if (!platform) {
    const bridged = (window as WindowWithApi).api
    if (bridged) {
      platform = { api: bridged, sessionClient: null }
    } else {
      const api = createBrowserApi()
      platform = { api, sessionClient: api.client }
    }
  }
  return platform
}

export function getApi(): Api {
  return getPlatform().api
}
