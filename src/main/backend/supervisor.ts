// Runs the local backend in a child (Electron's utilityProcess, so database work never blocks
// the UI thread): waits for it to report ready, restarts it with back-off when it dies, gives
// up after a limit, and stops it cleanly on quit. `fork` is a dependency so tests use a fake.

import type { Logger } from '../../shared/logger'
import { isBackendMessage } from '../../shared/backend-protocol'

export interface BackendChild {
  postMessage(message: unknown): void
  kill(): boolean
  on(event: 'message', listener: (message: unknown) => void): unknown
  on(event: 'exit', listener: (code: number) => void): unknown
}

export interface BackendEndpoint {
  url: string
  anonKey: string
}

/** Starts one child. `port` is the port of the previous run, so a restart keeps the URL. */
export type ForkBackend = (options: { port: number | null }) => BackendChild

export interface SupervisorOptions {
  fork: ForkBackend
  log: Logger
  /** First start opens PGlite and runs migrations: allow it time. */
  readyTimeoutMs?: number
  /** Restarts (or failed start attempts) before giving up. */
  maxRestarts?: number
  restartDelayMs?: (attempt: number) => number
  /** How long a 'shutdown' request may take before the child is killed. */
  shutdownGraceMs?: number
  /** Called once the supervisor has given up on a backend that was running. */
  onFatal?: (error: Error) => void
  /** Called when a running backend died and a restart is scheduled, so the user can be told. */
  onRestarting?: (attempt: number) => void
  /** Called when a restarted backend is ready again. */
  onRestarted?: () => void
}

export interface BackendSupervisor {
  start(): Promise<BackendEndpoint>
  stop(): Promise<void>
  readonly endpoint: BackendEndpoint | null
  readonly restarts: number
}

export const defaultRestartDelay = (attempt: number): number =>
  Math.min(500 * 2 ** (attempt - 1), 10_000)

interface Running {
  child: BackendChild
  exited: Promise<number>
}

export function createBackendSupervisor(options: SupervisorOptions): BackendSupervisor {
  const {
    fork,
    log,
    readyTimeoutMs = 60_000,
    maxRestarts = 5,
    restartDelayMs = defaultRestartDelay,
    shutdownGraceMs = 5_000
  } = options
  let running: Running | null = null
  let endpoint: BackendEndpoint | null = null
  let restarts = 0
  let stopping = false
  let restartTimer: ReturnType<typeof setTimeout> | null = null
  let starting: Promise<BackendEndpoint> | null = null

  const portOf = (url: string | undefined): number | null => {
    if (!url) return null
    const port = Number(new URL(url).port)
    return Number.isInteger(port) && port > 0 ? port : null
  }

  /** One child, resolved when it reports ready, rejected when it fails before that. */
  function launch(): Promise<BackendEndpoint> {
    const child = fork({ port: portOf(endpoint?.url) })
    let onExit: (code: number) => void = () => {}
    const exited = new Promise<number>((resolve) => {
      onExit = resolve
    })
    const current: Running = { child, exited }
    running = current
    return new Promise<BackendEndpoint>((resolve, reject) => {
      let ready = false
      const timer = setTimeout(() => {
        if (ready) return
        child.kill()
        reject(new Error(`Local backend did not start within ${readyTimeoutMs} ms`))
      }, readyTimeoutMs)
      child.on('message', (message) => {
        if (!isBackendMessage(message)) return
        if (message.type === 'ready' && !ready) {
          ready = true
          clearTimeout(timer)
          resolve({ url: message.url, anonKey: message.anonKey })
        } else if (message.type === 'error') {
          log.error(`[backend] ${message.message}`)
          if (!ready) {
            clearTimeout(timer)
            reject(new Error(message.message))
          }
        }
      })
      child.on('exit', (code) => {
        onExit(code)
        if (running === current) running = null
        if (!ready) {
          clearTimeout(timer)
          reject(new Error(`Local backend exited with code ${code} before it was ready`))
        } else if (!stopping) {
          log.warn(`[backend] exited unexpectedly with code ${code}`)
          scheduleRestart()
        }
      })
    })
  }

  /** Launches until one child is ready, counting each failure against the restart limit. */
  async function launchWithRetries(): Promise<BackendEndpoint> {
    for (;;) {
      try {
        const ready = await launch()
        endpoint = ready
        return ready
      } catch (error) {
        if (stopping) throw error
        if (restarts >= maxRestarts) throw error
        restarts++
        const delay = restartDelayMs(restarts)
        log.warn(`[backend] start failed (${String(error)}); retry ${restarts} in ${delay} ms`)
        await new Promise((resolve) => setTimeout(resolve, delay))
        if (stopping) throw new Error('Local backend stopped while restarting')
      }
    }
  }

  function scheduleRestart(): void {
    if (restarts >= maxRestarts) {
      const error = new Error(`Local backend crashed ${restarts + 1} times; giving up`)
      log.error(`[backend] ${error.message}`)
      endpoint = null
      options.onFatal?.(error)
      return
    }
    restarts++
    const delay = restartDelayMs(restarts)
    log.info(`[backend] restart ${restarts} of ${maxRestarts} in ${delay} ms`)
    options.onRestarting?.(restarts)
    restartTimer = setTimeout(() => {
      restartTimer = null
      if (stopping) return
      starting = launchWithRetries()
      starting.then(
        () => {
          if (!stopping) options.onRestarted?.()
        },
        (error: Error) => {
          if (stopping) return
          endpoint = null
          options.onFatal?.(error)
        }
      )
    }, delay)
  }

  return {
    get endpoint() {
      return endpoint
    },
    get restarts() {
      return restarts
    },
    start(): Promise<BackendEndpoint> {
      if (!starting) {
        stopping = false
        starting = launchWithRetries()
      }
      return starting
    },
    async stop(): Promise<void> {
      stopping = true
      if (restartTimer) clearTimeout(restartTimer)
      restartTimer = null
      const current = running
      if (!current) return
      // Ask first, so PGlite can flush and close; kill if it does not finish in time.
      try {
        current.child.postMessage({ type: 'shutdown' })
      } catch (error) {
        log.warn('[backend] could not send shutdown', error)
      }
      let graceTimer: ReturnType<typeof setTimeout> | undefined
      const timedOut = new Promise<'timeout'>((resolve) => {
        graceTimer = setTimeout(() => resolve('timeout'), shutdownGraceMs)
      })
      const outcome = await Promise.race([current.exited, timedOut])
      clearTimeout(graceTimer)
      if (outcome === 'timeout') {
        log.warn(`[backend] did not stop within ${shutdownGraceMs} ms; killing it`)
        current.child.kill()
      }
      endpoint = null
      starting = null
    }
  }
}
