// The application menu as a pure function of its options, so what it lists and what each item
// does is tested without Electron. Standard items use roles (the platform's own labels, shortcuts
// and behaviour); the app's own items call `actions`, and the ones the page carries out are
// AppCommands, which the renderer handles every one of.

import type { MenuItemConstructorOptions } from 'electron'
import type { AppCommand } from '../../shared/bridge-contract'
import type { ThemeSource } from './theme'

export interface MenuActions {
  command(command: AppCommand): void
  setTheme(source: ThemeSource): void
  openLogsFolder(): void
  setOpenAtLogin(open: boolean): void
  /** Absent when the build names no issue tracker; the item is left out rather than dead. */
  reportProblem?: () => void
}

export interface MenuOptions {
  platform: NodeJS.Platform
  appName: string
  isDev: boolean
  theme: ThemeSource
  /** Whether the app opens at login; null where the OS offers no login items (Linux). */
  openAtLogin: boolean | null
  actions: MenuActions
}

const THEME_LABELS: Record<ThemeSource, string> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark'
}

function commandItem(
  label: string,
  command: AppCommand,
  accelerator: string,
  actions: MenuActions
): MenuItemConstructorOptions {
  return { label, accelerator, click: () => actions.command(command) }
}

/**
 * Back and Forward show the platform's browser keys, but only the page acts on those keys: it
 * leaves Alt+arrows to text fields (they move the caret by word), which a registered accelerator
 * would not. A click on the item goes through the same command. macOS offers the key to the page
 * first and uses the item only when the page did not handle it.
 */
function historyItem(
  label: string,
  command: 'go-back' | 'go-forward',
  isMac: boolean,
  actions: MenuActions
): MenuItemConstructorOptions {
  const keys = { 'go-back': ['Cmd+[', 'Alt+Left'], 'go-forward': ['Cmd+]', 'Alt+Right'] }[command]
  return {
    label,
    accelerator: isMac ? keys[0] : keys[1],
    registerAccelerator: false,
    click: () => actions.command(command)
  }
}

/**
 * Settings… (macOS: the app menu's, elsewhere File's), on the platform's Cmd/Ctrl+, key. The page
 * handles that key itself, like Back and Forward, so it is shown here but not registered: a
 * registered one would also fire while a dialog that owns the keyboard is open.
 */
function settingsItem(actions: MenuActions): MenuItemConstructorOptions {
  return {
    label: 'Settings…',
    accelerator: 'CmdOrCtrl+,',
    registerAccelerator: false,
    click: () => actions.command('open-settings')
  }
}

function appMenu(appName: string, actions: MenuActions): MenuItemConstructorOptions {
  return {
    label: appName,
    submenu: [
      { role: 'about' },
      { type: 'separator' },
      settingsItem(actions),
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' }
    ]
  }
}

function viewMenu(options: MenuOptions): MenuItemConstructorOptions {
  return {
    label: 'View',
    submenu: [
      { role: 'reload' },
      // DevTools only in development: a shipped app should not invite pasting code.
      ...(options.isDev
        ? ([{ role: 'forceReload' }, { role: 'toggleDevTools' }] as MenuItemConstructorOptions[])
        : []),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      {
        label: 'Theme',
        submenu: (Object.keys(THEME_LABELS) as ThemeSource[]).map((source) => ({
          label: THEME_LABELS[source],
          type: 'radio',
          checked: options.theme === source,
          click: () => options.actions.setTheme(source)
        }))
      },
      { type: 'separator' },
      { role: 'togglefullscreen' }
    ]
  }
}

function helpMenu(options: MenuOptions, isMac: boolean): MenuItemConstructorOptions {
  const { actions } = options
  return {
    role: 'help',
    submenu: [
      commandItem('Keyboard Shortcuts', 'show-shortcuts', 'CmdOrCtrl+/', actions),
      { type: 'separator' },
      { label: 'Open Logs Folder', click: () => actions.openLogsFolder() },
      ...(actions.reportProblem
        ? [{ label: 'Report a Problem…', click: actions.reportProblem }]
        : []),
      // macOS has About in the app menu.
      ...(isMac ? [] : ([{ type: 'separator' }, { role: 'about' }] as MenuItemConstructorOptions[]))
    ]
  }
}

/** Opt-in: the app never adds itself to the login items unless this is ticked. */
function openAtLoginItems(options: MenuOptions): MenuItemConstructorOptions[] {
  if (options.openAtLogin === null) return []
  return [
    { type: 'separator' },
    {
      label: 'Open at Login',
      type: 'checkbox',
      checked: options.openAtLogin,
      click: (item) => options.actions.setOpenAtLogin(item.checked)
    }
  ]
}

export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin'
  const { actions } = options
  return [
    ...(isMac ? [appMenu(options.appName, actions)] : []),
    {
      label: 'File',
      submenu: [
        commandItem('New Post', 'new-post', 'CmdOrCtrl+N', actions),
        ...openAtLoginItems(options),
        ...(isMac
          ? []
          : ([{ type: 'separator' }, settingsItem(actions)] as MenuItemConstructorOptions[])),
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' }
      ]
    },
    { role: 'editMenu' },
    {
      label: 'Go',
      submenu: [
        commandItem('Home', 'go-home', 'CmdOrCtrl+1', actions),
        commandItem('Profile', 'go-profile', 'CmdOrCtrl+2', actions),
        commandItem('Activity', 'go-activity', 'CmdOrCtrl+3', actions),
        commandItem('Messages', 'go-direct', 'CmdOrCtrl+4', actions),
        { type: 'separator' },
        historyItem('Back', 'go-back', isMac, actions),
        historyItem('Forward', 'go-forward', isMac, actions)
      ]
    },
    viewMenu(options),
    { role: 'windowMenu' },
    helpMenu(options, isMac)
  ]
}

export interface AboutFacts {
  appName: string
  version: string
  electronVersion: string
  chromeVersion: string
  platform: NodeJS.Platform
  /** The app icon, for Linux, whose about panel shows none by itself. */
  iconPath?: string
}

/**
 * What Help › About (the `about` role) shows. Linux's panel has no defaults at all, so without
 * these it opens empty; macOS and Windows show the name and version anyway, and the rest here.
 */
export function aboutPanelOptions(facts: AboutFacts): Electron.AboutPanelOptionsOptions {
  return {
    applicationName: facts.appName,
    applicationVersion: facts.version,
    version: `Electron ${facts.electronVersion}, Chromium ${facts.chromeVersion}`,
    copyright: 'Copyright © 2025 Instaframe team. MIT License.',
    credits: 'Share photos with the people you follow.',
    ...(facts.platform === 'linux' && facts.iconPath ? { iconPath: facts.iconPath } : {})
  }
}
