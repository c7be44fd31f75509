// Which URLs belong to our renderer and which may leave the app. Pure, so it is tested
// without Electron; main uses it for the IPC sender check, navigation and external links.

import { pathToFileURL } from 'node:url'

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
  /** The built index.html, loaded with loadFile in production. */
  indexHtmlPath: string
}

export interface RendererUrlPolicy {
  isRendererUrl(raw: string): boolean
  /** The origin that CSP and logs talk about: the dev server's, or 'file://'. */
  readonly origin: string
}

export function createRendererUrlPolicy(location: RendererLocation): RendererUrlPolicy {
  const dev = location.devServerUrl ? new URL(location.devServerUrl) : null
  const indexPath = pathToFileURL(location.indexHtmlPath).pathname
  return {
    origin: dev ? dev.origin : 'file://',
    isRendererUrl(raw: string): boolean {
      let url: URL
      try {
        url = new URL(raw)
      } catch {
        return false
      }
      // file:// URLs all share the opaque origin "null", so compare the exact document path.
      if (dev) return url.origin === dev.origin
      return url.protocol === 'file:' && url.host === '' && url.pathname === indexPath
    }
  }
}
