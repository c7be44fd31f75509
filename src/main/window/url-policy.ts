// Which URLs belong to our renderer and which may leave the app. Pure, so it is tested
// without Electron; main uses it for the IPC sender check, navigation and external links.

import { APP_HOST, APP_INDEX_URL, APP_ORIGIN, APP_SCHEME } from './app-protocol'

/** Only http(s) links open in the user's browser: never file:, javascript:, smb: or custom schemes. */
export function isSafeExternalUrl(raw: string): boolean {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  // Credentials in a link are a phishing tell ("https://bank.com@evil.example").
  return url.hostname !== '' && url.username === '' && url.password === ''
}

export interface RendererLocation {
  /** electron-vite's dev server (ELECTRON_RENDERER_URL) in development. */
  devServerUrl?: string | null
}

export interface RendererUrlPolicy {
  isRendererUrl(raw: string): boolean
  /** The page's origin, the one the backend allows: the dev server's, or app://instaframe. */
  readonly origin: string
  /** What the window loads. */
  readonly indexUrl: string
}

export function createRendererUrlPolicy(location: RendererLocation): RendererUrlPolicy {
  const dev = location.devServerUrl ? new URL(location.devServerUrl) : null
  return {
    origin: dev ? dev.origin : APP_ORIGIN,
    indexUrl: dev ? dev.toString() : APP_INDEX_URL,
    isRendererUrl(raw: string): boolean {
      let url: URL
      try {
        url = new URL(raw)
      } catch {
        return false
      }
      if (dev) return url.origin === dev.origin
      // Node gives app: URLs no origin of their own, so compare scheme, host and the document.
      return (
        url.protocol === `${APP_SCHEME}:` &&
        url.host === APP_HOST &&
        url.username === '' &&
        url.password === '' &&
        url.pathname === new URL(APP_INDEX_URL).pathname
      )
    }
  }
}
