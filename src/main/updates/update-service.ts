// The app's own updates as a small state machine over electron-updater (passed in, so tests
// drive a fake through the same events): idle → checking → available → downloading →
// downloaded, or error; "no update" goes back to idle. Checks run at start and every few hours,
// download in the background, and install only when the user picks "Restart to update" (or on
// the next quit).

import type { UpdateState } from '../../shared/bridge-contract'
import type { Logger } from '../../shared/logger'

/** The parts of electron-updater's AppUpdater this uses. */
export interface UpdaterLike {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  on(event: 'checking-for-update' | 'update-not-available', listener: () => void): unknown
  on(
    event: 'update-available' | 'update-downloaded',
    listener: (info: { version: string }) => void
  ): unknown
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  checkForUpdates(): Promise<unknown>
  downloadUpdate(): Promise<unknown>
  quitAndInstall(): void
}

export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000

export const UPDATE_MESSAGES = {
  failed: 'Could not check for updates. Instaframe will try again later.',
  notReady: 'There is no downloaded update to install yet.'
} as const

export interface Timers {
  setInterval(callback: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

export interface UpdateServiceOptions {
  updater: UpdaterLike
  log: Logger
  onState(state: UpdateState): void
  timers?: Timers
  intervalMs?: number
}

export interface UpdateService {
  readonly state: UpdateState
  /** First check now, then one every interval. */
  start(): void
  check(): Promise<void>
  restartToUpdate(): void
  dispose(): void
}

/** Whether this run checks for updates, and why not when it does not. */
export function updatesEnabled(run: {
  isPackaged: boolean
  /** Whether the build was given a publish provider (electron-builder wrote app-update.yml). */
  hasFeed: boolean
  env: Record<string, string | undefined>
}): { enabled: true } | { enabled: false; reason: string } {
  if (!run.isPackaged) return { enabled: false, reason: 'development build' }
  if (!run.hasFeed) return { enabled: false, reason: 'the build names no update feed' }
  if (run.env.INSTAFRAME_DISABLE_UPDATES)
    return { enabled: false, reason: 'INSTAFRAME_DISABLE_UPDATES' }
  if (run.env.NODE_ENV === 'test' || run.env.CI) return { enabled: false, reason: 'test run' }
  return { enabled: true }
}

export function createUpdateService(options: UpdateServiceOptions): UpdateService {
  const { updater, log } = options
  const timers: Timers = options.timers ?? {
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>)
  }
  let state: UpdateState = { status: 'idle' }
  let timer: unknown = null

  const set = (next: UpdateState): void => {
    state = next
    options.onState(next)
  }
  // The version being fetched, once one was announced.
  const version = (): string => ('version' in state ? state.version : '')

  // The download starts when the user has seen nothing yet: it is small and resumes next time.
  updater.autoDownload = false
  updater.autoInstallOnAppQuit = true

  updater.on('checking-for-update', () => set({ status: 'checking' }))
  updater.on('update-not-available', () => set({ status: 'idle' }))
  updater.on('update-available', (info) => {
    set({ status: 'available', version: info.version })
    set({ status: 'downloading', version: info.version, percent: 0 })
    updater.downloadUpdate().catch((error: unknown) => fail(error))
  })
  updater.on('download-progress', (progress) => {
    if (state.status !== 'downloading') return
    set({ status: 'downloading', version: version(), percent: Math.round(progress.percent) })
  })
  updater.on('update-downloaded', (info) => {
    log.info(`[updates] ${info.version} downloaded; installs on restart`)
    set({ status: 'downloaded', version: info.version })
  })
  updater.on('error', (error) => fail(error))

  function fail(error: unknown): void {
    // A downloaded update stays installable even if a later check fails.
    if (state.status === 'downloaded') return
    log.warn('[updates] check or download failed', error)
    set({ status: 'error', message: UPDATE_MESSAGES.failed })
  }

  return {
    get state() {
      return state
    },
    start() {
      if (timer !== null) return
      void this.check()
      timer = timers.setInterval(
        () => void this.check(),
        options.intervalMs ?? UPDATE_CHECK_INTERVAL_MS
      )
    },
    async check() {
      // One at a time, and nothing to look for once an update waits for the restart.
      if (
        state.status === 'checking' ||
        state.status === 'downloading' ||
        state.status === 'downloaded'
      )
        return
      try {
        await updater.checkForUpdates()
      } catch (error) {
        fail(error)
      }
    },
    restartToUpdate() {
      if (state.status !== 'downloaded') throw new Error(UPDATE_MESSAGES.notReady)
      updater.quitAndInstall()
    },
    dispose() {
      if (timer !== null) timers.clearInterval(timer)
      timer = null
    }
  }
}
