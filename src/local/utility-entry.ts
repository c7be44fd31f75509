// Entry point of the local backend (with the app's housekeeping, stack.ts) when the desktop app
// runs it in an Electron utilityProcess.
// Options come from argv (see backendLaunchArgs), else from a first {type:'start'} message. It
// answers {type:'ready', url, anonKey} or {type:'error', message}, and closes cleanly on
// {type:'shutdown'}. The protocol is src/shared/backend-protocol.ts, shared with main.

import {
  isMainMessage,
  type BackendLaunch,
  type BackendToMain,
  type MainToBackend
} from '../shared/backend-protocol'
import { parseBackendArgs } from '../backend/args'
import type { RunningBackend } from '../backend/server'
import { startLocalStack } from './stack'

interface ParentPortLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown
  postMessage(message: BackendToMain): void
}

/** The launch options argv carries; whatever is missing must come in a 'start' message. */
export function launchFromArgv(argv: readonly string[]): Partial<BackendLaunch> {
  try {
    const args = parseBackendArgs(argv, { lenient: true })
    const launch: Partial<BackendLaunch> = {}
    if (args.dataDir) launch.dataDir = args.dataDir
    if (args.migrationsDir) launch.migrationsDir = args.migrationsDir
    if (args.port !== undefined) launch.port = args.port
    if (args.origins.length > 0) launch.origins = args.origins
    return launch
  } catch {
    // A malformed value (a port out of range): start only from a 'start' message.
    return {}
  }
}

function isComplete(options: Partial<BackendLaunch>): options is BackendLaunch {
  return (
    typeof options.dataDir === 'string' &&
    typeof options.migrationsDir === 'string' &&
    Array.isArray(options.origins)
  )
}

export function runInUtilityProcess(
  parentPort: ParentPortLike,
  initial: Partial<BackendLaunch>,
  exit: (code: number) => void
): void {
  let backend: RunningBackend | null = null
  let starting: Promise<void> | null = null
  let shuttingDown = false

  const start = (options: BackendLaunch): void => {
    starting = startLocalStack({
      dataDir: options.dataDir,
      migrationsDir: options.migrationsDir,
      port: options.port ?? 0,
      host: '127.0.0.1',
      // The window's own origin (app://instaframe or the dev server), as main names it.
      config: { corsOrigins: options.origins }
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
    if (!isMainMessage(data)) return
    const message: MainToBackend = data
    if (message.type === 'shutdown') {
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
    if (starting) return
    start({
      ...initial,
      dataDir: message.dataDir,
      migrationsDir: message.migrationsDir,
      port: message.port ?? initial.port ?? 0,
      origins: message.origins ?? initial.origins ?? []
    })
  })

  if (isComplete(initial)) start(initial)
}

const parentPort = (process as NodeJS.Process & { parentPort?: ParentPortLike }).parentPort
// Only inside a utilityProcess: importing this module elsewhere (tests) starts nothing.
if (parentPort) {
  runInUtilityProcess(parentPort, launchFromArgv(process.argv), (code) => process.exit(code))
}
