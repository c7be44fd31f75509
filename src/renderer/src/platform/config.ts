// Where the browser build finds its backend: build-time env (VITE_SUPABASE_URL /
// VITE_SUPABASE_ANON_KEY) or, so one build can be pointed anywhere, a `config.json` served next
// to index.html. The runtime file wins, because it is what `npm run start:web` writes.

export interface BrowserConfig {
  supabaseUrl: string
  supabaseAnonKey: string
  /**
   * How long the splash shows, in ms (0: none); absent, the spec's SPLASH_DURATION_MS. The
   * browser specs' server sets 0: a second per page load, there, is waiting and nothing else.
   */
  splashMs?: number
}

export class MissingConfigError extends Error {
  constructor() {
    super(
      'No backend configured: set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY or serve config.json'
    )
  }
}

function isBrowserConfig(value: unknown): value is BrowserConfig {
  if (typeof value !== 'object' || value === null) return false
  const { supabaseUrl, supabaseAnonKey } = value as Record<string, unknown>
  return typeof supabaseUrl === 'string' && !!supabaseUrl && typeof supabaseAnonKey === 'string'
}

/** A splash length that is not a duration is left out: the app shows its own. */
function splashMsOf(value: unknown): { splashMs?: number } {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? { splashMs: value }
    : {}
}

async function fetchRuntimeConfig(fetchImpl: typeof fetch): Promise<BrowserConfig | null> {
  try {
    const response = await fetchImpl('./config.json', { cache: 'no-store' })
    if (!response.ok) return null
    const body: unknown = await response.json()
    if (!isBrowserConfig(body)) return null
    const { supabaseUrl, supabaseAnonKey, splashMs } = body
    return { supabaseUrl, supabaseAnonKey, ...splashMsOf(splashMs) }
  } catch {
    // Absent or not JSON (a dev server answers index.html for unknown paths): fall back to env.
    return null
  }
}

export interface ConfigSources {
  env: { VITE_SUPABASE_URL?: string; VITE_SUPABASE_ANON_KEY?: string }
  fetch: typeof fetch
}

export async function loadBrowserConfig(
  sources: ConfigSources = { env: import.meta.env, fetch: globalThis.fetch.bind(globalThis) }
): Promise<BrowserConfig> {
  const runtime = await fetchRuntimeConfig(sources.fetch)
  if (runtime) return runtime
  const { VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: key } = sources.env
  if (url && key) return { supabaseUrl: url, supabaseAnonKey: key }
  throw new MissingConfigError()
}
