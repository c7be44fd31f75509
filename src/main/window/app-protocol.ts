// The packaged renderer's own origin: app://instaframe, a privileged standard scheme served
// from the built renderer folder. A page loaded from file:// has the opaque origin "null",
// which every sandboxed iframe on the web shares, so the local backend could not tell the app
// from any page; app://instaframe is a real origin that only this app serves. Electron's
// protocol and the file reader come in as arguments, so tests drive fakes.

import { extname, isAbsolute, relative, resolve, sep } from 'node:path'

export const APP_SCHEME = 'app'
export const APP_HOST = 'instaframe'
/** What the window's requests carry as Origin, and what the backend allows. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`

/**
 * standard: a real origin (and relative URLs, localStorage, IndexedDB); secure: a secure context
 * like https; supportFetchAPI and corsEnabled: its pages fetch the backend with CORS.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true }
}

/** The parts of Electron's protocol module used here. */
export interface ProtocolLike {
  registerSchemesAsPrivileged(schemes: (typeof APP_SCHEME_PRIVILEGES)[]): void
  handle(scheme: string, handler: (request: Request) => Promise<Response>): void
}

/** Must run before the app is ready (Electron's rule for privileged schemes). */
export function registerAppScheme(
  protocol: Pick<ProtocolLike, 'registerSchemesAsPrivileged'>
): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES])
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8'
}

export interface AppProtocolOptions {
  /** The built renderer folder (out/renderer); nothing outside it is ever served. */
  rootDir: string
  readFile(path: string): Promise<Uint8Array>
  /**
   * The Content-Security-Policy header of a document, or null while the backend is not known.
   * webRequest's header events do not fire for custom schemes, so the handler sets it itself;
   * it never waits for the backend (the window shows its splash while the backend starts), and
   * the build's own <meta> policy (scripts/lib/csp-meta.ts) always applies.
   */
  documentCsp(): string | null
}

const notFound = (): Response => new Response('Not found', { status: 404 })

/**
 * The file a request names, or null when it is not one of ours: another host, a path that
 * leaves the folder (`..`, encoded separators), or one that does not decode.
 */
export function appFilePath(rootDir: string, raw: string): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null
  let path: string
  try {
    path = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  // Encoded separators and NULs would name something other than what the URL shows.
  if (path.includes('\\') || path.includes('\0') || /%2f|%5c/i.test(url.pathname)) return null
  const relativePath = path === '/' ? 'index.html' : path.replace(/^\/+/, '')
  const root = resolve(rootDir)
  const file = resolve(root, relativePath)
  const inside = relative(root, file)
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return null
  return inside.split(sep).includes('..') ? null : file
}

export function createAppProtocolHandler(
  options: AppProtocolOptions
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405 })
    }
    const file = appFilePath(options.rootDir, request.url)
    if (!file) return notFound()
    let bytes: Uint8Array
    try {
      bytes = await options.readFile(file)
    } catch {
      return notFound()
    }
    const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
    const headers: Record<string, string> = {
      'content-type': type,
      'x-content-type-options': 'nosniff'
    }
    if (type.startsWith('text/html')) {
      const csp = options.documentCsp()
      if (csp) headers['content-security-policy'] = csp
      headers['cache-control'] = 'no-cache'
    }
    return new Response(request.method === 'HEAD' ? null : Buffer.from(bytes), { headers })
  }
}

/** Serves the renderer folder on app://instaframe (after the app is ready). */
export function serveAppProtocol(
  protocol: Pick<ProtocolLike, 'handle'>,
  options: AppProtocolOptions
): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(options))
}
