// The protocol between main and the local backend's utilityProcess (src/local/utility-entry.ts),
// defined once for both sides: the arguments main starts the process with, and the messages
// each side sends. Main checks every message it receives, and so does the backend.

/**
 * Node flags of the backend's process (utilityProcess, `npm run backend`, the tests' child
 * backend). V8 grows a thread's young generation up to 16 MB per semi-space under request load
 * and keeps it; at 2 MB the backend held ~25 MB less (idle and after 1,000 feed pages on
 * 100,000 posts), with the same CPU per page, timed in turns.
 */
export const BACKEND_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2']

/**
 * Environment of the backend's process (the same launchers; `npm run backend` cannot set it on
 * every platform, so it runs without). glibc reads these when a process starts: blocks of 16 KB
 * and more are mapped one by one and given back when freed, and a heap's free top is returned
 * past 64 KB. V8 optimizes PGlite's hot Postgres functions in background threads whose freed
 * memory otherwise stays resident in their malloc arenas: with these the CLI on 100,000 posts held
 * ~206 MB idle and ~238 MB after the feed load instead of ~286 and ~312 MB, at the same speed.
 * Other C libraries ignore them.
 */
export const BACKEND_ENV: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: '16384',
  MALLOC_TRIM_THRESHOLD_: '65536'
}

export interface BackendReadyMessage {
  type: 'ready'
  url: string
  anonKey: string
}

export interface BackendErrorMessage {
  type: 'error'
  message: string
}

export type BackendToMain = BackendReadyMessage | BackendErrorMessage

export interface BackendStartMessage {
  type: 'start'
  dataDir: string
  migrationsDir: string
  port?: number
  /** The browser origins of the app's window (CORS); see BackendLaunch. */
  origins?: string[]
}

export interface BackendShutdownMessage {
  type: 'shutdown'
}

export type MainToBackend = BackendStartMessage | BackendShutdownMessage

/** What the backend needs to start; main passes it as arguments (or in a 'start' message). */
export interface BackendLaunch {
  dataDir: string
  migrationsDir: string
  port: number
  /**
   * The origin the app's window is loaded from (app://instaframe, or the dev server's): the
   * only page the backend lets read its answers.
   */
  origins: string[]
}

/** The utilityProcess's argv for `launch`, in the syntax src/backend/args.ts parses. */
export function backendLaunchArgs(launch: BackendLaunch): string[] {
  return [
    `--data=${launch.dataDir}`,
    `--migrations=${launch.migrationsDir}`,
    `--port=${launch.port}`,
    ...launch.origins.map((origin) => `--origin=${origin}`)
  ]
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

export function isBackendMessage(value: unknown): value is BackendToMain {
  if (!isRecord(value)) return false
  if (value.type === 'ready') {
    return typeof value.url === 'string' && typeof value.anonKey === 'string'
  }
  return value.type === 'error' && typeof value.message === 'string'
}

export function isMainMessage(value: unknown): value is MainToBackend {
  if (!isRecord(value)) return false
  if (value.type === 'shutdown') return true
  return (
    value.type === 'start' &&
    typeof value.dataDir === 'string' &&
    typeof value.migrationsDir === 'string' &&
    (value.port === undefined || typeof value.port === 'number') &&
    (value.origins === undefined ||
      (Array.isArray(value.origins) && value.origins.every((o) => typeof o === 'string')))
  )
}
