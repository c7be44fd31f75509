// The one place that decides what serves the renderer: the preload's `window.api` in the desktop
// app, or supabase-js in the page when the renderer runs as a plain web app. The browser
// implementation is its own chunk, loaded only where there is no bridge, so the desktop app
// never downloads or parses it. On both, the data layer's client borrows the current account's
// access token per request, so switching accounts switches whom every request acts as.
import type { Api } from '@shared/bridge-contract'

// Typed locally rather than with `declare global`, so this agrees with the preload's
// index.d.ts whether that declares `api` as optional or not.
type WindowWithApi = Window & { api?: Api }

export interface Platform {
  api: Api
  /** How long the splash shows, when the platform says (the web build's config.json). */
  splashMs?: number
}

/** `fetchImpl`: what the browser platform's client sends its requests with. */
export async function loadPlatform(fetchImpl?: typeof fetch): Promise<Platform> {
  const bridged = (window as WindowWithApi).api
  if (bridged) return { api: bridged }
  const { createBrowserPlatform } = await import('./browser')
  return createBrowserPlatform(fetchImpl)
}
