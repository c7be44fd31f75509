// The bridge's app domain: the backend's config, menu commands, files opened with the app, the
// app's own updates, deep links and notices from main.

import type { DeepLink } from '../deep-links'
import type { Language } from '../languages'
import type { ImageFile } from './posts'

export interface AppConfig {
  backendUrl: string
  anonKey: string
  /** 'local' when the app runs its embedded backend, 'hosted' for a Supabase project. */
  backendKind: 'local' | 'hosted'
  version: string
  /** Set when tokens cannot be encrypted at rest, so the UI can say so. */
  secretStorageWarning: string | null
}

/**
 * What the application menu asks the renderer to do. The menu lists only these, and the renderer
 * handles every one (a Record over this union), so no menu item can do nothing.
 */
export const APP_COMMANDS = [
  'new-post',
  'go-home',
  'go-profile',
  'go-activity',
  'go-direct',
  'go-back',
  'go-forward',
  'show-shortcuts',
  'open-settings'
] as const

export type AppCommand = (typeof APP_COMMANDS)[number]

/**
 * Photos the OS handed to the app (macOS: dropped on the dock icon, or Open With), read and
 * checked by main: the images for Create to start with, or why none can be shared.
 */
export type OpenedFiles = { ok: true; images: ImageFile[] } | { ok: false; message: string }

/** Where the app's own update is; the renderer offers "Restart to update" once downloaded. */
export type UpdateState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'available'; version: string }
  | { status: 'downloading'; version: string; percent: number }
  | { status: 'downloaded'; version: string }
  | { status: 'error'; message: string }

/** The app around the window: config, menu, updates, deep links and notices. */
export interface AppApi {
  getConfig(): Promise<AppConfig>
  /** Call once the listeners below are subscribed; events sent before wait for it. */
  ready(): Promise<void>
  onDeepLink(listener: (link: DeepLink) => void): () => void
  onCommand(listener: (command: AppCommand) => void): () => void
  onNotice(listener: (notice: string) => void): () => void
  onUpdate(listener: (state: UpdateState) => void): () => void
  onOpenFiles(listener: (files: OpenedFiles) => void): () => void
  restartToUpdate(): Promise<void>
  /** Resolves once the window is on screen: the splash counts its second from then. */
  windowShown(): Promise<void>
  /** The system's languages, most preferred first (BCP 47 tags): the app speaks the first it
   * has a catalog for unless Settings › Language says otherwise. */
  getSystemLanguages(): Promise<string[]>
  /** Tells the desktop app the language the page speaks, so its menus follow; a browser has no
   * menus of the app's, and does nothing. */
  setLanguage(language: Language): Promise<void>
}
