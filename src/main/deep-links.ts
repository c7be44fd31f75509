// instaframe:// links: registering the app as their handler, and passing each one that reaches
// main (macOS `open-url`, a second instance's or the first launch's command line on Windows and
// Linux) to the window as a parsed route, or as the reason it opens nothing. A mailed link
// (instaframe://auth/callback) is completed here first, where the sessions live, so its tokens
// never reach the window or a log.

import { AUTH_LINK_MESSAGES, isAuthLink } from '../shared/auth-links'
import { parseDeepLink, type DeepLink } from '../shared/deep-links'
import { DEEP_LINK_SCHEME } from '../shared/link-scheme'
import type { Logger } from '../shared/logger'
import type { RendererOutbox } from './window/renderer-outbox'

export interface ProtocolClientApp {
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean
}

export interface LaunchInfo {
  isPackaged: boolean
  /** process.defaultApp: true when started as `electron path/to/app` in development. */
  defaultApp: boolean
  execPath: string
  argv: readonly string[]
}

/**
 * The command the OS should run for a link. A packaged app is its own executable; in development
 * the executable is Electron itself, which must be given the app's path or it opens its default
 * app instead of ours.
 */
export function protocolClientCommand(launch: LaunchInfo): { path?: string; args?: string[] } {
  if (launch.isPackaged || !launch.defaultApp || launch.argv.length < 2) return {}
  return { path: launch.execPath, args: [launch.argv[1]] }
}

export function registerProtocolClient(
  app: ProtocolClientApp,
  launch: LaunchInfo,
  log: Logger
): void {
  const command = protocolClientCommand(launch)
  const registered = command.path
    ? app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, command.path, command.args)
    : app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME)
  if (!registered) log.warn(`[deep-link] could not register as the ${DEEP_LINK_SCHEME}:// handler`)
}

export interface DeepLinkDeps {
  outbox: RendererOutbox
  /** Brings the window to the front, opening it again if it was closed. */
  showWindow(): void
  log: Logger
  /** Completes a mailed link with the signed-in accounts (shared/data/auth-link.ts). */
  openAuthLink(raw: string): Promise<DeepLink>
}

/** Opens a link: the window comes forward and shows the route, or says why there is none. */
export function createDeepLinkOpener(deps: DeepLinkDeps): (raw: string) => Promise<void> {
  const deliver = (link: DeepLink): void => {
    // The route, never the raw text: a link is outside input and could carry anything.
    if (link.ok) {
      const detail = link.route.kind === 'auth' ? ` (${link.route.outcome})` : ''
      deps.log.info(`[deep-link] opening ${link.route.kind}${detail}`)
    } else deps.log.warn(`[deep-link] refused: ${link.message}`)
    deps.outbox.send('app:deep-link', link)
    deps.showWindow()
  }
  return async (raw) => {
    if (!isAuthLink(raw)) return deliver(parseDeepLink(raw))
    deps.log.info('[deep-link] completing a link from an email')
    const failed = (error: unknown): DeepLink => {
      deps.log.error('[deep-link] could not complete the link from an email', error)
      return { ok: false, message: AUTH_LINK_MESSAGES.unknownFailure }
    }
    deliver(await deps.openAuthLink(raw).catch(failed))
  }
}
