// What to do when the page's process dies. Electron leaves the window blank; instead the user
// is asked whether to reload. A page that keeps crashing right after each reload would trap the
// user in that question, so after a few crashes in a short time only quitting is offered.

export interface RendererGone {
  reason: string
  exitCode: number
}

export const CRASH_WINDOW_MS = 60_000
export const MAX_RELOADS_PER_WINDOW = 3

export interface RecoveryPrompt {
  message: string
  detail: string
  buttons: string[]
  /** Index of the Reload button, or null when reloading is no longer offered. */
  reloadButton: number | null
}

/** Whether a process exit needs recovering: a clean exit is the window closing. */
export function needsRecovery(gone: RendererGone): boolean {
  return gone.reason !== 'clean-exit'
}

export function createCrashRecovery(now: () => number = Date.now): {
  prompt(gone: RendererGone): RecoveryPrompt
} {
  let crashes: number[] = []
  return {
    prompt(gone) {
      const at = now()
      crashes = [...crashes.filter((time) => at - time < CRASH_WINDOW_MS), at]
      const canReload = crashes.length <= MAX_RELOADS_PER_WINDOW
      const why = gone.reason === 'oom' ? 'it ran out of memory' : `of an error (${gone.reason})`
      return {
        message: 'Instaframe’s window stopped working',
        detail: canReload
          ? `It closed because ${why}. Reload it to carry on where you were; your posts are saved.`
          : `It stopped ${crashes.length} times in a minute because ${why}. Quit and open Instaframe again; if it keeps happening, use Help › Report a Problem.`,
        buttons: canReload ? ['Reload', 'Quit'] : ['Quit'],
        reloadButton: canReload ? 0 : null
      }
    }
  }
}
