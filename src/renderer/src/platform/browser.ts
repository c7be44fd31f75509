// The bridge contract implemented in the page, for the plain web build: the page owns the
// signed-in accounts' sessions (persisted in localStorage, one slot per user id) and serves auth
// and posts through the shared session bridge, the same AccountSessions and createPostAs that
// main runs in the desktop app.
import { createClient } from '@supabase/supabase-js'
import type { Api, AppConfig } from '@shared/bridge-contract'
import { AccountSessions } from '@shared/data/accounts'
import type { SessionStorage } from '@shared/data/account-storage'
import { createSessionBridge } from '@shared/data/session-bridge'
import { consoleLogger } from '@shared/logger'
import { createBrowserExport } from './browserExport'
import { loadBrowserConfig, type BrowserConfig } from './config'
import { pageLinkEvents, takeMailedLink } from './pageLinks'

/** localStorage as supabase-js's async storage. */
function pageStorage(): SessionStorage {
  return {
    getItem: async (key) => window.localStorage.getItem(key),
    setItem: async (key, value) => window.localStorage.setItem(key, value),
    removeItem: async (key) => window.localStorage.removeItem(key)
  }
}

/** The page's api, and the splash length its config.json asks for (once that has been read). */
export async function createBrowserPlatform(
  fetchImpl?: typeof fetch
): Promise<{ api: Api; splashMs?: number }> {
  const config = loadBrowserConfig()
  const api = createBrowserApi(() => config, fetchImpl)
  // No config at all: the app starts as usual and says why it cannot reach a backend.
  const splashMs = await config.then(
    (loaded) => loaded.splashMs,
    () => undefined
  )
  return { api, splashMs }
}

export function createBrowserApi(
  loadConfig: () => Promise<BrowserConfig> = loadBrowserConfig,
  /** The fetch the page's client sends with (one that reports whether the backend answered). */
  fetchImpl?: typeof fetch
): Api {
  const configPromise = loadConfig()
  const sessionPromise = configPromise.then(
    (config) =>
      new AccountSessions({
        storage: pageStorage(),
        createClient: (slot) =>
          createClient(config.supabaseUrl, config.supabaseAnonKey, {
            auth: {
              persistSession: true,
              storage: slot,
              storageKey: slot.storageKey,
              autoRefreshToken: true,
              // Mailed links are completed by pageLinks.ts, as the desktop app completes them.
              detectSessionInUrl: false
            },
            ...(fetchImpl ? { global: { fetch: fetchImpl } } : {})
          }),
        emit: (snapshot) => bridge.emitAuthChange(snapshot),
        log: consoleLogger,
        emailRedirectTo: window.location.origin + '/'
      })
  )
  // Keep an unhandled rejection out of the console; every caller sees the error itself.
  sessionPromise.catch(() => undefined)
  const bridge = createSessionBridge(sessionPromise, window.location.origin + '/')
  const links = pageLinkEvents(takeMailedLink(window.location, window.history), sessionPromise)

  return {
    auth: bridge.auth,
    account: bridge.account,
    posts: bridge.posts,
    data: createBrowserExport(sessionPromise),
    images: {
      // A page has no native dialog; the create-post modal falls back to a file input.
      pick: async () => [],
      hasNativeDialog: false
    },
    app: {
      async getConfig(): Promise<AppConfig> {
        const config = await configPromise
        return {
          backendUrl: config.supabaseUrl,
          anonKey: config.supabaseAnonKey,
          backendKind: 'hosted',
          version: 'web',
          secretStorageWarning: null
        }
      },
      // A page has no main process: its only link is a mailed one it was opened with (pageLinks).
      // No application menu or backend notices reach it.
      ready: links.ready,
      onDeepLink: links.onDeepLink,
      onCommand: () => () => undefined,
      onNotice: () => () => undefined,
      // A page is updated by reloading it; there is no app update to install.
      onUpdate: () => () => undefined,
      // Files reach a page only by a drop on it (handled in the page), never from the OS.
      onOpenFiles: () => () => undefined,
      restartToUpdate: async () => {
        throw new Error('Updates are installed by the desktop app only.')
      },
      // A tab paints only while it is shown, so its first paint is already on screen.
      windowShown: async () => undefined,
      getSystemLanguages: async () => [...navigator.languages],
      setLanguage: async () => undefined
    },
    // A page shows no OS notifications (that would need the Notification permission): the
    // activity dot is the only signal, so reports go nowhere and the setting stays off.
    notifications: {
      native: false,
      report: async () => undefined,
      reportDirect: async () => undefined,
      getEnabled: async () => false,
      setEnabled: async () => undefined,
      onOpen: () => () => undefined
    }
  }
}
