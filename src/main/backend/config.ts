// Which backend the app talks to. A Supabase URL and anon key from the environment, a
// supabase.json in userData, or the build (in that order: the most local setting wins) select a
// hosted project; without one, main runs the embedded local backend.

export type BackendChoice =
  | { kind: 'hosted'; url: string; anonKey: string; source: string }
  | { kind: 'local'; reasons: string[] }

export interface BackendSettings {
  url?: string | null
  anonKey?: string | null
}

export interface BackendSources {
  /** SUPABASE_URL / SUPABASE_ANON_KEY at run time. */
  env: Record<string, string | undefined>
  /** The parsed supabase.json from userData, if any. */
  configFile: unknown
  /** import.meta.env.MAIN_VITE_SUPABASE_URL / _ANON_KEY baked in at build time. */
  buildTime: BackendSettings
}

function fromConfigFile(file: unknown): BackendSettings {
  if (!file || typeof file !== 'object') return {}
  const record = file as Record<string, unknown>
  const pick = (...keys: string[]): string | null => {
    for (const key of keys) if (typeof record[key] === 'string') return record[key] as string
    return null
  }
  return {
    url: pick('url', 'supabaseUrl', 'SUPABASE_URL'),
    anonKey: pick('anonKey', 'supabaseAnonKey', 'SUPABASE_ANON_KEY')
  }
}

function validUrl(raw: string): string | null {
  try {
    const url = new URL(raw)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
    return url.origin
  } catch {
    return null
  }
}

export function chooseBackend(sources: BackendSources): BackendChoice {
  const candidates: Array<[string, BackendSettings]> = [
    ['environment', { url: sources.env.SUPABASE_URL, anonKey: sources.env.SUPABASE_ANON_KEY }],
    ['supabase.json', fromConfigFile(sources.configFile)],
    ['build', sources.buildTime]
  ]
  const reasons: string[] = []
  for (const [source, settings] of candidates) {
    const rawUrl = settings.url?.trim()
    const anonKey = settings.anonKey?.trim()
    if (!rawUrl && !anonKey) continue
    const url = rawUrl ? validUrl(rawUrl) : null
    // Half a configuration is a mistake worth reporting, not a reason to guess.
    if (!url) reasons.push(`${source}: Supabase URL missing or not http(s)`)
    else if (!anonKey) reasons.push(`${source}: Supabase anon key missing`)
    else return { kind: 'hosted', url, anonKey, source }
  }
  return { kind: 'local', reasons }
}

/** Reads and parses supabase.json; null when it is absent or not JSON (the caller logs). */
export function parseConfigFile(read: () => string): { value: unknown; error: string | null } {
  let text: string
  try {
    text = read()
  } catch {
    return { value: null, error: null }
  }
  try {
    return { value: JSON.parse(text) as unknown, error: null }
  } catch (error) {
    return { value: null, error: `supabase.json is not valid JSON: ${String(error)}` }
  }
}
