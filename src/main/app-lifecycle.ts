// The app's lifecycle events: a second instance or a link hands its command line over, macOS's
// open-url and open-file, the navigation rules on every webContents, quitting when the last
// window closes (not on macOS), and quitting only after the local backend closed its database.
// Electron's app comes in as an argument, so tests drive a fake.

import type { WebContents } from 'electron'
import { findDeepLinkArg } from '../shared/deep-links'

type Listener = (...args: never[]) => void

/** What is used of Electron's app. */
export interface AppLike {
  on(event: string, listener: Listener): unknown
  quit(): void
}

export interface LifecycleDeps {
  platform: NodeJS.Platform
  openDeepLink(url: string): void
  openFile(path: string): void
  showWindow(): void
  /** Opens the window again (macOS: the dock icon clicked with no window open). */
  reopenWindow(): void
  hardenContents(contents: WebContents): void
  /** Each read when quitting: what has to be closed first. */
  quitting: {
    disposeUpdates(): void
    disposeSession(): void
    /** The local backend's supervisor, or null for a hosted backend. */
    supervisor(): { stop(): Promise<void> } | null
  }
}

export function attachAppLifecycle(app: AppLike, deps: LifecycleDeps): void {
  let quitting = false
  // Windows and Linux: opening a link or the app again starts a second instance, which quits at
  // once and hands its command line to this one.
  app.on('second-instance', (_event: unknown, argv: string[]) => {
    const link = findDeepLinkArg(argv)
    if (link) deps.openDeepLink(link)
    else deps.showWindow()
  })

  // macOS delivers links as an event, possibly before the app is ready (a link that launched it).
  app.on('open-url', (event: { preventDefault(): void }, url: string) => {
    event.preventDefault()
    deps.openDeepLink(url)
  })

  // macOS: photos dropped on the dock icon or opened with the app ("Open With"), also the ones
  // that launched it, open Create with them.
  app.on('open-file', (event: { preventDefault(): void }, path: string) => {
    event.preventDefault()
    deps.openFile(path)
  })

  // Every webContents (including any created later) gets the same navigation rules.
  app.on('web-contents-created', (_event: unknown, contents: WebContents) =>
    deps.hardenContents(contents)
  )

  app.on('window-all-closed', () => {
    if (deps.platform !== 'darwin') app.quit()
  })

  app.on('activate', () => deps.reopenWindow())

  app.on('before-quit', (event: { preventDefault(): void }) => {
    if (quitting) return
    deps.quitting.disposeUpdates()
    const supervisor = deps.quitting.supervisor()
    if (!supervisor) {
      deps.quitting.disposeSession()
      return
    }
    // Let the local backend close its database before the process goes away.
    event.preventDefault()
    quitting = true
    deps.quitting.disposeSession()
    void supervisor.stop().finally(() => app.quit())
  })
}
