// Main process glue: app lifecycle, the single window, and wiring the services (which take
// their Electron dependencies as arguments) to Electron. Decisions live in the modules.

import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeTheme,
  protocol,
  Tray,
  session
} from 'electron'
import Store from 'electron-store'
import type { AuthSnapshot } from '../shared/auth-snapshot'
import type { BackendSupervisor } from './backend/supervisor'
import { registerIpc } from './ipc/register-ipc'
import { fileDialogs } from './ipc/file-dialogs'
import { createAppNotifier } from './notifications/app-notifier'
import { createAppTray } from './notifications/app-tray'
import type { TrayController } from './notifications/tray'
import { findDeepLinkArg } from '../shared/deep-links'
import { createDeepLinkOpener, registerProtocolClient } from './deep-links'
import { createFileOpener } from './open-files'
import { electronLog, startLogging } from './logging/start-logging'
import { startUpdates } from './updates/start-updates'
import type { UpdateService } from './updates/update-service'
import type { AccountSessions } from '../shared/data/accounts'
import { openAuthLink } from '../shared/data/auth-link'
import type { MainServices } from './session/start-services'
import { startMainServices } from './main-services'
import { appIconPath, trayIcon } from './window/app-icon'
import { registerAppScheme } from './window/app-protocol'
import { serveRendererDocuments } from './window/renderer-documents'
import { createMainWindow, hardenContents } from './window/main-window'
import { whenShown } from './window/when-shown'
import { installApplicationMenu } from './window/app-menu'
import { denyUnusedPermissions } from './window/permissions'
import { createRendererOutbox } from './window/renderer-outbox'
import { storedThemeSource, windowBackground } from './window/theme'
import { createRendererUrlPolicy } from './window/url-policy'
import { attachWindowBehaviour } from './window/window-behaviour'
import { attachAppLifecycle } from './app-lifecycle'
import { createDesktopLanguage, type DesktopLanguage } from './i18n/desktop-language'
import { menuText, type MenuText } from './i18n/menu-text'

// Lets QA and the Electron e2e spec run against a throw-away profile.
if (process.env.INSTAFRAME_USER_DATA_DIR) {
  app.setPath('userData', process.env.INSTAFRAME_USER_DATA_DIR)
}

// First, so a crash anywhere after this leaves a minidump and a failing start is logged.
const logs = startLogging()
const log = logs.main

const devServerUrl = !app.isPackaged ? (process.env.ELECTRON_RENDERER_URL ?? null) : null
const renderer = createRendererUrlPolicy({ devServerUrl })
// The built renderer's own origin, app://instaframe: privileged schemes are registered before
// the app is ready, and served once it is (boot).
registerAppScheme(protocol)

let mainWindow: BrowserWindow | null = null
let supervisor: BackendSupervisor | null = null
let authSession: AccountSessions | null = null
let updates: UpdateService | null = null
let booted = false
// The menus' language: the system's once the app is ready (boot), then the page's.
let desktopLanguage: DesktopLanguage | null = null
const menuWords = (): MenuText => desktopLanguage?.text() ?? menuText('en')

function sendToRenderer(snapshot: AuthSnapshot): void {
  tray.setSignedIn(snapshot.user !== null)
  const contents = mainWindow?.webContents
  if (contents && !contents.isDestroyed()) contents.send('auth:changed', snapshot)
}

// Deep links, menu commands and notices can come before the page listens: they wait here.
const outbox = createRendererOutbox(({ channel, payload }) => {
  const contents = mainWindow?.webContents
  if (contents && !contents.isDestroyed()) contents.send(channel, payload)
})

const loadRenderer = (window: BrowserWindow): Promise<void> => window.loadURL(renderer.indexUrl)

function openWindow(): void {
  const window = createMainWindow({
    preloadPath: join(__dirname, '../preload/index.js'),
    iconPath: app.isPackaged ? undefined : join(app.getAppPath(), 'resources', 'icon.png'),
    store: new Store({ name: 'window-state' }),
    backgroundColor: windowBackground(nativeTheme),
    load: loadRenderer
  })
  mainWindow = window
  attachWindowBehaviour(window, {
    outbox,
    log,
    rendererLog: logs.renderer,
    reload: (crashed) => void loadRenderer(crashed),
    quit: () => app.quit(),
    menuText: menuWords
  })
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null
  })
}

/** Brings the window forward, opening it again if it was closed (macOS keeps running). */
function showWindow(): void {
  if (!booted) return
  if (!mainWindow) {
    openWindow()
    return
  }
  if (mainWindow.isMinimized()) mainWindow.restore()
  mainWindow.show()
  mainWindow.focus()
}

// A mailed link can arrive before boot (macOS open-url): it waits for the accounts boot() starts.
let accountsStarted: (accounts: Promise<AccountSessions>) => void = () => undefined
const accountsReady = new Promise<AccountSessions>((resolve) => (accountsStarted = resolve))
const openDeepLink = createDeepLinkOpener({
  outbox,
  showWindow,
  log,
  openAuthLink: async (raw) => openAuthLink(await accountsReady, raw)
})
const openFile = createFileOpener({
  outbox,
  showWindow,
  log,
  schedule: (run, ms) => void setTimeout(run, ms),
  stat: (path) => stat(path),
  readFile: (path) => readFile(path)
})

// Windows and Linux, once someone is signed in (auth changes reach it through sendToRenderer).
const tray: TrayController = createAppTray({
  platform: process.platform,
  createTray: () => new Tray(trayIcon()),
  buildMenu: (template) => Menu.buildFromTemplate(template),
  showWindow,
  command: (command) => outbox.send('app:command', command),
  quit: () => app.quit()
})

function boot(): void {
  booted = true
  denyUnusedPermissions(session.defaultSession)
  const preferences = new Store({ name: 'preferences' })
  // Before the window exists, so its background and the page's first paint use the right theme.
  nativeTheme.themeSource = storedThemeSource(preferences)
  nativeTheme.on('updated', () => mainWindow?.setBackgroundColor(windowBackground(nativeTheme)))
  const installMenu = (): void =>
    installApplicationMenu({
      preferences,
      iconPath: appIconPath(),
      command: (command) => {
        showWindow()
        outbox.send('app:command', command)
      },
      text: menuWords()
    })
  desktopLanguage = createDesktopLanguage({
    systemLocale: app.getLocale(),
    onChange: (text) => {
      installMenu()
      tray.setText(text)
    }
  })
  installMenu()
  tray.setText(menuWords())
  registerProtocolClient(
    app,
    {
      isPackaged: app.isPackaged,
      defaultApp: Boolean(process.defaultApp),
      execPath: process.execPath,
      argv: process.argv
    },
    log
  )

  // The window opens at once (the renderer shows its splash) while the local backend starts;
  // calls that need the backend wait for it.
  const services = startMainServices({
    log,
    backendLog: logs.backend,
    notice: (message) => outbox.send('app:notice', message),
    emit: sendToRenderer,
    onSupervisor: (started) => {
      supervisor = started
    },
    rendererOrigin: renderer.origin
  })
  let ready: MainServices | null = null
  accountsStarted(services.then((started) => started.auth))
  services.then(
    (started) => {
      ready = started
      authSession = started.auth
    },
    (error: unknown) => {
      log.error('[main] could not start the backend', error)
      dialog.showErrorBox('Instaframe could not start', String(error))
      app.exit(1)
    }
  )
  serveRendererDocuments({
    protocol,
    webRequest: session.defaultSession.webRequest,
    rootDir: join(__dirname, '../renderer'),
    backendUrl: services.then((started) => started.config.backendUrl),
    devServerUrl
  })

  // Every handler is registered once, before the window can call it.
  registerIpc({
    ipcMain,
    log,
    policy: {
      trustedWebContents: () =>
        mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents : null,
      isRendererUrl: (url) => renderer.isRendererUrl(url)
    },
    services,
    ready: () => ready,
    ...fileDialogs(() => mainWindow),
    notifier: createAppNotifier({
      window: () => mainWindow,
      tray,
      accounts: () => authSession,
      menuText: menuWords
    }),
    app: {
      rendererReady: () => {
        outbox.markReady()
        // A reloaded page has missed the announcement of an update that waits for a restart.
        if (updates?.state.status === 'downloaded') outbox.send('app:update', updates.state)
      },
      restartToUpdate: () => {
        if (!updates) throw new Error('Updates are off in this build.')
        updates.restartToUpdate()
      },
      windowShown: () => whenShown(mainWindow),
      getLocale: () => app.getLocale(),
      setLanguage: (language) => desktopLanguage?.set(language)
    }
  })

  openWindow()
  // Windows and Linux start the app with the link that launched it on the command line.
  const launchLink = findDeepLinkArg(process.argv)
  if (launchLink) void openDeepLink(launchLink)
  updates = startUpdates({
    log,
    updaterLog: electronLog,
    onState: (state) => outbox.send('app:update', state)
  })
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  attachAppLifecycle(app, {
    platform: process.platform,
    openDeepLink,
    openFile,
    showWindow,
    reopenWindow: () => {
      if (!mainWindow && booted) openWindow()
    },
    hardenContents: (contents) => hardenContents(contents, renderer),
    quitting: {
      disposeUpdates: () => updates?.dispose(),
      disposeSession: () => authSession?.dispose(),
      supervisor: () => supervisor
    }
  })

  app
    .whenReady()
    .then(boot)
    .catch((error: unknown) => {
      log.error('[main] startup failed', error)
      dialog.showErrorBox('Instaframe could not start', String(error))
      app.exit(1)
    })
}
