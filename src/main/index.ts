// Main process glue: app lifecycle, the single window, and wiring the services (which take
// their Electron dependencies as arguments) to Electron. Decisions live in the modules.

import { readFileSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  nativeImage,
  Menu,
  Notification,
  nativeTheme,
  Tray,
  type NativeImage,
  safeStorage,
  session,
  utilityProcess
} from 'electron'
import Store from 'electron-store'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { AppConfig } from '../shared/bridge-contract'
import type { AuthSnapshot } from '../shared/domain'
import { chooseBackend, parseConfigFile } from './backend/config'
import { backendDataDir, migrationsDir } from './backend/paths'
import { createBackendSupervisor, type BackendSupervisor } from './backend/supervisor'
import { registerAppIpc } from './ipc/app'
import { registerAuthIpc } from './ipc/auth'
import { createHandle } from './ipc/handle'
import { registerImagesIpc } from './ipc/images'
import { registerNotificationsIpc } from './ipc/notifications'
import { badgeDotBitmap, createDesktopNotifier } from './notifications/desktop-notifier'
import { registerPostsIpc } from './ipc/posts'
import { createTrayController, type TrayController } from './notifications/tray'
import { backendLaunchArgs } from '../shared/backend-protocol'
import { findDeepLinkArg } from '../shared/deep-links'
import { createDeepLinkOpener, registerProtocolClient } from './deep-links'
import { createFileOpener } from './open-files'
import { electronLog, startLogging } from './logging/start-logging'
import { forwardLines } from './logging/forward-lines'
import { startUpdates } from './updates/start-updates'
import type { UpdateService } from './updates/update-service'
import { AuthSession } from '../shared/data/session'
import { createMainClient } from './session/client'
import { chooseSessionStorage } from './session/secret-storage'
import { buildCsp, withCspHeader } from './window/csp'
import { createMainWindow, hardenContents } from './window/main-window'
import { installApplicationMenu } from './window/app-menu'
import { denyUnusedPermissions } from './window/permissions'
import { createRendererOutbox } from './window/renderer-outbox'
import { storedThemeSource, windowBackground } from './window/theme'
import { createRendererUrlPolicy } from './window/url-policy'
import { attachWindowBehaviour } from './window/window-behaviour'

// Lets QA and the Electron e2e spec run against a throw-away profile.
if (process.env.INSTAFRAME_USER_DATA_DIR) {
  app.setPath('userData', process.env.INSTAFRAME_USER_DATA_DIR)
}

// First, so a crash anywhere after this leaves a minidump and a failing start is logged.
const logs = startLogging()
const log = logs.main

const devServerUrl = !app.isPackaged ? (process.env.ELECTRON_RENDERER_URL ?? null) : null
const renderer = createRendererUrlPolicy({
  devServerUrl,
  indexHtmlPath: join(__dirname, '../renderer/index.html')
})

let mainWindow: BrowserWindow | null = null
let supervisor: BackendSupervisor | null = null
let authSession: AuthSession | null = null
let updates: UpdateService | null = null
let quitting = false
let booted = false

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

const loadRenderer = (window: BrowserWindow): Promise<void> =>
  devServerUrl
    ? window.loadURL(devServerUrl)
    : window.loadFile(join(__dirname, '../renderer/index.html'))

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
    quit: () => app.quit()
  })
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null
  })
}

/** The app icon as a file: beside the archive in a packaged app (where the tray takes it too). */
function appIconPath(): string {
  return app.isPackaged
    ? join(process.resourcesPath, 'tray-icon.png')
    : join(app.getAppPath(), 'resources', 'icon.png')
}

/** The tray's image: the app icon (shipped beside the archive), at the size trays draw. */
function trayIcon(): NativeImage {
  const path = appIconPath()
  const size = process.platform === 'win32' ? 16 : 24
  return nativeImage.createFromPath(path).resize({ width: size, height: size })
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

const openDeepLink = createDeepLinkOpener({ outbox, showWindow, log })
const openFile = createFileOpener({
  outbox,
  showWindow,
  log,
  schedule: (run, ms) => void setTimeout(run, ms),
  stat: (path) => stat(path),
  readFile: (path) => readFile(path)
})

// Windows and Linux, once someone is signed in (auth changes reach it through sendToRenderer).
const tray: TrayController = createTrayController({
  platform: process.platform,
  createTray: () => {
    const icon = new Tray(trayIcon())
    return {
      setToolTip: (toolTip) => icon.setToolTip(toolTip),
      setContextMenu: (template) => icon.setContextMenu(Menu.buildFromTemplate(template)),
      on: (event, listener) => void icon.on(event, listener),
      destroy: () => icon.destroy()
    }
  },
  actions: {
    open: showWindow,
    newPost: () => {
      showWindow()
      outbox.send('app:command', 'new-post')
    },
    showActivity: () => {
      showWindow()
      outbox.send('app:command', 'go-activity')
    },
    quit: () => app.quit()
  }
})

async function resolveBackend(): Promise<{
  url: string
  anonKey: string
  kind: 'local' | 'hosted'
}> {
  const configFile = parseConfigFile(() =>
    readFileSync(join(app.getPath('userData'), 'supabase.json'), 'utf8')
  )
  if (configFile.error) log.warn(`[backend] ${configFile.error}`)
  const choice = chooseBackend({
    env: process.env,
    configFile: configFile.value,
    buildTime: {
      url: import.meta.env.MAIN_VITE_SUPABASE_URL,
      anonKey: import.meta.env.MAIN_VITE_SUPABASE_ANON_KEY
    }
  })
  if (choice.kind === 'hosted') {
    log.info(`[backend] using hosted Supabase ${choice.url} (from ${choice.source})`)
    return { url: choice.url, anonKey: choice.anonKey, kind: 'hosted' }
  }
  for (const reason of choice.reasons) log.warn(`[backend] ignoring configuration: ${reason}`)

  const dataDir = backendDataDir(app.getPath('userData'))
  const migrations = migrationsDir({
    isPackaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    appPath: app.getAppPath()
  })
  supervisor = createBackendSupervisor({
    log,
    onRestarting: () =>
      outbox.send('app:notice', 'The local server stopped unexpectedly and is restarting…'),
    onRestarted: () => outbox.send('app:notice', 'The local server is running again.'),
    fork: ({ port }) => {
      const child = utilityProcess.fork(
        join(__dirname, 'backend.js'),
        backendLaunchArgs({ dataDir, migrationsDir: migrations, port: port ?? 0 }),
        { serviceName: 'Instaframe local backend', stdio: 'pipe' }
      )
      // The backend logs to its stdout and stderr; they become backend.log.
      forwardLines(child.stdout, (line) => logs.backend.info(line))
      forwardLines(child.stderr, (line) => logs.backend.error(line))
      return child
    },
    onFatal: (error) => {
      dialog.showErrorBox('Instaframe', `The local backend stopped working.\n\n${error.message}`)
    }
  })
  const endpoint = await supervisor.start()
  log.info(`[backend] local backend ready at ${endpoint.url}`)
  return { ...endpoint, kind: 'local' }
}

interface Services {
  auth: AuthSession
  client: SupabaseClient
  config: AppConfig
}

/** The backend (possibly a first-run database set-up) and the session behind it. */
async function startServices(): Promise<Services> {
  const backend = await resolveBackend()
  const storage = await chooseSessionStorage({
    safeStorage,
    store: new Store({ name: 'session' }),
    platform: process.platform,
    log
  })
  const client: SupabaseClient = createMainClient(backend, storage.storage)
  const auth = new AuthSession({ client, emit: sendToRenderer, log })
  authSession = auth
  void auth.start()
  return {
    auth,
    client,
    config: {
      backendUrl: backend.url,
      anonKey: backend.anonKey,
      backendKind: backend.kind,
      version: app.getVersion(),
      secretStorageWarning: storage.warning
    }
  }
}

function boot(): void {
  booted = true
  denyUnusedPermissions(session.defaultSession)
  const preferences = new Store({ name: 'preferences' })
  // Before the window exists, so its background and the page's first paint use the right theme.
  nativeTheme.themeSource = storedThemeSource(preferences)
  nativeTheme.on('updated', () => mainWindow?.setBackgroundColor(windowBackground(nativeTheme)))
  installApplicationMenu({
    preferences,
    iconPath: appIconPath(),
    command: (command) => {
      showWindow()
      outbox.send('app:command', command)
    }
  })
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
  const services = startServices()
  let ready: Services | null = null
  services.then(
    (started) => {
      ready = started
    },
    (error: unknown) => {
      log.error('[main] could not start the backend', error)
      dialog.showErrorBox('Instaframe could not start', String(error))
      app.exit(1)
    }
  )

  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    // Documents only; API responses are not documents and keep their own headers.
    if (details.resourceType !== 'mainFrame' && details.resourceType !== 'subFrame') {
      callback({})
      return
    }
    // Until the backend is known the CSP allows no backend at all (connect-src 'self').
    const respond = (backendUrl: string | null): void =>
      callback({
        responseHeaders: withCspHeader(
          details.responseHeaders,
          buildCsp({
            backendUrl: backendUrl ?? 'http://127.0.0.1',
            devServerUrl,
            noBackend: !backendUrl
          })
        )
      })
    services.then(
      (started) => respond(started.config.backendUrl),
      () => respond(null)
    )
  })

  // Every handler is registered once, before the window can call it.
  const handle = createHandle({
    ipcMain,
    log,
    policy: {
      trustedWebContents: () =>
        mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents : null,
      isRendererUrl: (url) => renderer.isRendererUrl(url)
    }
  })
  registerAuthIpc(handle, {
    getSnapshot: async () => (await services).auth.getSnapshot(),
    getAccessToken: async () => (await services).auth.getAccessToken(),
    signUp: async (input) => (await services).auth.signUp(input),
    signIn: async (input) => (await services).auth.signIn(input),
    signOut: async () => (await services).auth.signOut()
  })
  registerImagesIpc(handle, {
    // Looked up on each call (not bound once), so tests can stub dialog.showOpenDialog.
    showOpenDialog: (options) =>
      mainWindow ? dialog.showOpenDialog(mainWindow, options) : dialog.showOpenDialog(options),
    stat: (path) => stat(path),
    readFile: (path) => readFile(path)
  })
  registerPostsIpc(handle, {
    // Only reachable signed in, which needs the services: `ready` is set by then.
    client: () => {
      if (!ready) throw new Error('The backend is still starting')
      return ready.client
    },
    currentUserId: () => ready?.auth.currentUserId() ?? null
  })
  registerNotificationsIpc(
    handle,
    createDesktopNotifier({
      platform: process.platform,
      notificationsSupported: () => Notification.isSupported(),
      createNotification: (options) => new Notification(options),
      setBadgeCount: (count) => app.setBadgeCount(count),
      overlayIcon: () =>
        nativeImage.createFromBitmap(badgeDotBitmap(16), { width: 16, height: 16 }),
      window: () => mainWindow,
      open: (target) => {
        const contents = mainWindow?.webContents
        if (contents && !contents.isDestroyed()) contents.send('notifications:open', target)
      },
      settings: new Store({ name: 'settings' }),
      onUnreadCount: (count) => tray.setUnreadCount(count)
    })
  )
  registerAppIpc(handle, {
    getConfig: async () => (await services).config,
    rendererReady: () => {
      outbox.markReady()
      // A reloaded page has missed the announcement of an update that waits for a restart.
      if (updates?.state.status === 'downloaded') outbox.send('app:update', updates.state)
    },
    restartToUpdate: () => {
      if (!updates) throw new Error('Updates are off in this build.')
      updates.restartToUpdate()
    }
  })

  openWindow()
  // Windows and Linux start the app with the link that launched it on the command line.
  const launchLink = findDeepLinkArg(process.argv)
  if (launchLink) openDeepLink(launchLink)
  updates = startUpdates({
    log,
    updaterLog: electronLog,
    onState: (state) => outbox.send('app:update', state)
  })
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  // Windows and Linux: opening a link or the app again starts a second instance, which quits at
  // once and hands its command line to this one.
  app.on('second-instance', (_event, argv) => {
    const link = findDeepLinkArg(argv)
    if (link) openDeepLink(link)
    else showWindow()
  })

  // macOS delivers links as an event, possibly before the app is ready (a link that launched it).
  app.on('open-url', (event, url) => {
    event.preventDefault()
    openDeepLink(url)
  })

  // macOS: photos dropped on the dock icon or opened with the app ("Open With"), also the ones
  // that launched it, open Create with them.
  app.on('open-file', (event, path) => {
    event.preventDefault()
    openFile(path)
  })

  // Every webContents (including any created later) gets the same navigation rules.
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, renderer))

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  app.on('activate', () => {
    if (!mainWindow && booted) openWindow()
  })

  app.on('before-quit', (event) => {
    if (quitting) return
    updates?.dispose()
    if (!supervisor) {
      authSession?.dispose()
      return
    }
    // Let the local backend close its database before the process goes away.
    event.preventDefault()
    quitting = true
    authSession?.dispose()
    void supervisor.stop().finally(() => app.quit())
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
