// app:get-config — which backend the renderer talks to, and whether tokens are encrypted.
// app:ready — the page has subscribed to app events (deep links, menu commands), so main can
// deliver the ones it held back while the page was loading.
// app:restart-to-update — installs the downloaded update (the button the page shows).
// app:window-shown — answers once the window is on screen, so the splash counts from then.
// app:get-locale — the system's language, which the page speaks unless Settings › Language says.
// app:set-language — the language the page now speaks, which the desktop menus follow.

import type { AppConfig } from '../../shared/bridge-contract'
import type { Language } from '../../shared/languages'
import type { Handle } from './handle'
import { languageSchema, noPayload } from './schemas'

export interface AppIpcDeps {
  getConfig(): AppConfig | Promise<AppConfig>
  rendererReady(): void
  /** Throws a readable message when no update is downloaded (or updates are off). */
  restartToUpdate(): void
  /** Resolves once the window is on screen. */
  windowShown(): Promise<void>
  /** `app.getLocale()`: the system's language as Electron reads it. */
  getLocale(): string
  /** Rebuilds the desktop menus in the page's language. */
  setLanguage(language: Language): void
}

export function registerAppIpc(handle: Handle, deps: AppIpcDeps): void {
  handle('app:get-config', noPayload, () => deps.getConfig())
  handle('app:ready', noPayload, () => deps.rendererReady())
  handle('app:restart-to-update', noPayload, () => deps.restartToUpdate())
  handle('app:window-shown', noPayload, () => deps.windowShown())
  handle('app:get-locale', noPayload, () => deps.getLocale())
  handle('app:set-language', languageSchema, (language) => deps.setLanguage(language))
}
