// The one app window: hardened webPreferences, remembered bounds, and no navigation away from
// the renderer. Glue over Electron; the decisions live in the pure modules next to it.

import { BrowserWindow, screen, shell } from 'electron'
import { sanitizeBounds, MIN_WINDOW_SIZE } from './bounds'
import type { KeyValueStore } from '../session/secret-storage'
import type { RendererUrlPolicy } from './url-policy'
import { isSafeExternalUrl } from './url-policy'

const BOUNDS_KEY = 'windowBounds'

export interface MainWindowOptions {
  preloadPath: string
  iconPath?: string
  store: KeyValueStore
  /** The page's background in the current theme, painted before the page loads. */
  backgroundColor: string
  load(window: BrowserWindow): Promise<void>
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const bounds = sanitizeBounds(
    options.store.get(BOUNDS_KEY),
    screen.getAllDisplays().map((display) => display.workArea)
  )
  const window = new BrowserWindow({
    x: bounds.x,
    y: bounds.y,
    width: bounds.width,
    height: bounds.height,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    // The page's document.title (the current view) replaces this once it loads.
    title: 'Instaframe',
    show: false,
    backgroundColor: options.backgroundColor,
    icon: options.iconPath,
    autoHideMenuBar: process.platform !== 'darwin',
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      // Middle-click on a link would ask for a new window; refuse it at the source too.
      disableBlinkFeatures: 'Auxclick',
      // Suggestions in the caption and comment fields; other fields opt out in the page.
      spellcheck: true
    }
  })
  if (bounds.maximized) window.maximize()
  if (bounds.fullScreen) window.setFullScreen(true)
  window.once('ready-to-show', () => window.show())

  window.on('close', () => {
    options.store.set(BOUNDS_KEY, {
      ...window.getNormalBounds(),
      maximized: window.isMaximized(),
      fullScreen: window.isFullScreen()
    })
  })

  // Navigation rules are applied in app's 'web-contents-created', for every webContents.
  void options.load(window)
  return window
}

/** Denies new windows and navigation; http(s) links open in the user's browser instead. */
export function hardenContents(contents: Electron.WebContents, renderer: RendererUrlPolicy): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(new URL(url).toString())
    return { action: 'deny' }
  })
  const blockNavigation = (event: Electron.Event, url: string): void => {
    // Reloading the app itself (dev server full reload) is the only navigation allowed.
    if (renderer.isRendererUrl(url)) return
    event.preventDefault()
    if (isSafeExternalUrl(url)) void shell.openExternal(new URL(url).toString())
  }
  contents.on('will-navigate', blockNavigation)
  contents.on('will-redirect', blockNavigation)
  contents.on('will-attach-webview', (event) => event.preventDefault())
}
