// A Content-Security-Policy <meta> for production builds of the renderer (desktop and browser).
// Scripts may come only from the app itself, so injected markup can never run code. The backend
// is not known at build time, so data and images may come from any http(s) origin here, and its
// Realtime socket from any ws(s) one; the desktop app's main process narrows that to the one
// backend with a CSP header (src/main/window/csp.ts), and two policies both apply. Development
// builds get none, because Vite's React refresh preamble is an inline script.

import type { Plugin } from 'vite'

export const RENDERER_META_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "connect-src 'self' http: https: ws: wss:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "media-src 'self' blob: http: https:",
  "object-src 'none'",
  "frame-src 'none'",
  "base-uri 'none'",
  "form-action 'none'"
].join('; ')

export function productionCspMeta(): Plugin {
  return {
    name: 'instaframe:csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: RENDERER_META_CSP },
        injectTo: 'head-prepend'
      }
    ]
  }
}
