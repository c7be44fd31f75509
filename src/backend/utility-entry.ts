// Entry point of the local backend when the desktop app runs it in an Electron utilityProcess.
// Options come from argv (--data-dir=, --migrations-dir=, --port=), then the environment
// (INSTAFRAME_BACKEND_*), else from a first {type:'start'} message. It answers
// {type:'ready', url, anonKey} or {type:'error', message}, and closes cleanly on {type:'shutdown'}.
// The message shapes mirror src/main/backend/protocol.ts (the backend may not import main).

import { FILE_ORIGIN } from './http/cors'
import { startBackend, type RunningBackend } from './server'

interface ParentPortLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown
  postMessage(message: unknown): void
}

export interface UtilityOptions {
  dataDir: string
  migrationsDir: string
  port: number
}

export function parseUtilityOptions(
  argv: readonly string[],
  env: Record<string, string | undefined>
): Partial<UtilityOptions> {
  const arg = (name: string): string | undefined =>
    argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3)
  const options: Partial<UtilityOptions> = {}
  const dataDir = arg('data-dir') ?? env.INSTAFRAME_BACKEND_DATA_DIR
  const migrationsDir = arg('migrations-dir') ?? env.INSTAFRAME_BACKEND_MIGRATIONS_DIR
  const port = Number(arg('port') ?? env.INSTAFRAME_BACKEND_PORT ?? 0)
  if (dataDir) options.dataDir = dataDir
  if (migrationsDir) options.migrationsDir = migrationsDir
  if (Number.isInteger(port) && port >= 0 && port < 65536) options.port = port
  return options
}

function fromStartMessage(data: unknown): Partial<UtilityOptions> | null {
  if (!data || typeof data !== 'object') return null
  const message = data as Record<string, unknown>
  if (message.type !== 'start') return null
  const options: Partial<UtilityOptions> = {}
  if (typeof message.dataDir === 'string') options.dataDir = message.dataDir
  if (typeof message.migrationsDir === 'string') options.migrationsDir = message.migrationsDir
  if (typeof message.port === 'number') options.port = message.port
  return options
}

function isComplete(options: Partial<UtilityOptions>): options is UtilityOptions {
  return typeof options.dataDir === 'string' && typeof options.migrationsDir === 'string'
}

/**
 * The desktop window's origins: file:// in a packaged app ("null"), or electron-vite's dev
 * server, whose address electron-vite hands to main (and so to this process) in the environment.
 */
export function desktopOrigins(env: Record<string, string | undefined>): string[] {
  const origins = [FILE_ORIGIN]
  const devServer = env.ELECTRON_RENDERER_URL
  if (devServer) {
    try {
      origins.push(new URL(devServer).origin)
    } catch {
      // Not a URL: main would not load it either.
    }
  }
  return origins
}

export function runInUtilityProcess(
  parentPort: ParentPortLike,
  initial: Partial<UtilityOptions>,
  exit: (code: number) => void
): void {
  let backend: RunningBackend | null = null
  let starting: Promise<void> | null = null
  let shuttingDown = false

  const start = (options: UtilityOptions): void => {
    starting = startBackend({
      dataDir: options.dataDir,
      migrationsDir: options.migrationsDir,
      port: options.port ?? 0,
      host: '127.0.0.1',
      config: { corsOrigins: desktopOrigins(process.env) }
    }).then(
      (running) => {
        backend = running
        parentPort.postMessage({ type: 'ready', url: running.url, anonKey: running.anonKey })
      },
      (error: unknown) => {
        parentPort.postMessage({ type: 'error', message: `Local backend failed: ${String(error)}` })
        exit(1)
      }
    )
  }

  parentPort.on('message', ({ data }) => {
    if (data && typeof data === 'object' && (data as { type?: unknown }).type === 'shutdown') {
      if (shuttingDown) return
      shuttingDown = true
      // Wait for a start in progress, so PGlite is never closed half-open.
      void Promise.resolve(starting)
        .then(() => backend?.close())
        .then(
          () => exit(0),
          () => exit(1)
        )
      return
    }
    const fromMessage = fromStartMessage(data)
    if (fromMessage && !starting) {
      const options = { ...initial, ...fromMessage }
      if (isComplete(options)) start(options)
      else
        parentPort.postMessage({
          type: 'error',
          message: 'start message lacks dataDir or migrationsDir'
        })
    }
  })

  if (isComplete(initial)) start(initial)
}

const parentPort = (process as NodeJS.Process & { parentPort?: ParentPortLike }).parentPort
// Only inside a utilityProcess: importing this module elsewhere (tests) starts nothing.
if (parentPort) {
  runInUtilityProcess(parentPort, parseUtilityOptions(process.argv, process.env), (code) =>
    process.exit(code)
  )
}
