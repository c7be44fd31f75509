// The renderer's Content-Security-Policy. Scripts come from the app only; data may be fetched
// and images and video clips loaded only from the app itself, data:/blob: (previews) and the one backend (its
// Realtime socket included).

export interface CspOptions {
  /** The Supabase or local backend base URL. */
  backendUrl: string
  /** electron-vite's dev server in development (needs inline scripts and a websocket for HMR). */
  devServerUrl?: string | null
  /** True while the backend is not known yet (or failed): no backend origin is allowed. */
  noBackend?: boolean
}

/** The backend's WebSocket origin (Realtime): an http(s) source does not cover ws(s). */
function socketOrigin(url: URL): string {
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`
}

export function buildCsp(options: CspOptions): string {
  const backendUrl = options.noBackend ? null : new URL(options.backendUrl)
  const backends = backendUrl ? [backendUrl.origin] : []
  const backendSockets = backendUrl ? [socketOrigin(backendUrl)] : []
  const dev = options.devServerUrl ? new URL(options.devServerUrl) : null
  const devSocket = dev ? socketOrigin(dev) : null
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    // Vite's React refresh preamble is an inline script, in development only.
    ['script-src', dev ? ["'self'", "'unsafe-inline'"] : ["'self'"]],
    // Inline styles are cheap to allow and React style props / Vite's dev CSS need them.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...backends]],
    [
      'connect-src',
      [
        "'self'",
        'data:',
        'blob:',
        ...backends,
        ...backendSockets,
        ...(devSocket ? [devSocket] : [])
      ]
    ],
    ['font-src', ["'self'", 'data:']],
    // Video posts: the picked clip's preview (blob:) and clips from the one backend.
    ['media-src', ["'self'", 'blob:', ...backends]],
    ['object-src', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['worker-src', ["'self'", 'blob:']],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]]
  ]
  return directives
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ')
}

/** Replaces any CSP a response already carries (header names are case-insensitive). */
export function withCspHeader(
  headers: Record<string, string[]> | undefined,
  csp: string
): Record<string, string[]> {
  const result: Record<string, string[]> = {}
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') result[name] = value
  }
  result['Content-Security-Policy'] = [csp]
  return result
}
