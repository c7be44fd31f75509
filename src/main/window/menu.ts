// The application menu as a pure function of its options, so what it lists and what each item
// does is tested without Electron. Standard items use roles (the platform's shortcuts and
// behaviour); the app's own items call `actions`, and the ones the page carries out are
// AppCommands, which the renderer handles every one of. Every label is in the page's language
// (`text`): macOS names role items in the system's language itself, while on Windows and Linux
// Electron's role labels are English, so there the roles get the catalog's labels too.

import type { MenuItemConstructorOptions } from 'electron'
import type { AppCommand } from '../../shared/bridge-contract'
import type { MenuKey, MenuText } from '../i18n/menu-text'
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
  text: MenuText
}

const THEME_LABELS: Record<ThemeSource, MenuKey> = {
  system: 'themeSystem',
  light: 'themeLight',
  dark: 'themeDark'
}

type Role = NonNullable<MenuItemConstructorOptions['role']>

/** A role item, labelled from the catalog where the platform would show Electron's English. */
function roleItem(
  role: Role,
  key: MenuKey,
  options: MenuOptions,
  extra: MenuItemConstructorOptions = {}
): MenuItemConstructorOptions {
  if (options.platform === 'darwin') return { role, ...extra }
  return { role, label: options.text(key, { appName: options.appName }), ...extra }
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
function settingsItem(options: MenuOptions): MenuItemConstructorOptions {
  const { actions } = options
  return {
    label: options.text('settings'),
    accelerator: 'CmdOrCtrl+,',
    registerAccelerator: false,
    click: () => actions.command('open-settings')
  }
}

function appMenu(options: MenuOptions): MenuItemConstructorOptions {
  return {
    label: options.appName,
    submenu: [
      { role: 'about' },
      { type: 'separator' },
      settingsItem(options),
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
  const { text } = options
  return {
    label: text('view'),
    submenu: [
      roleItem('reload', 'reload', options),
      // DevTools only in development: a shipped app should not invite pasting code.
      ...(options.isDev
        ? [
            roleItem('forceReload', 'forceReload', options),
            roleItem('toggleDevTools', 'toggleDevTools', options)
          ]
        : []),
      { type: 'separator' },
      roleItem('resetZoom', 'resetZoom', options),
      roleItem('zoomIn', 'zoomIn', options),
      roleItem('zoomOut', 'zoomOut', options),
      { type: 'separator' },
      {
        label: text('theme'),
        submenu: (Object.keys(THEME_LABELS) as ThemeSource[]).map((source) => ({
          label: text(THEME_LABELS[source]),
          type: 'radio',
          checked: options.theme === source,
          click: () => options.actions.setTheme(source)
        }))
      },
      { type: 'separator' },
      roleItem('togglefullscreen', 'toggleFullScreen', options)
    ]
  }
}

/** Edit and Window: whole roles on macOS (which adds its own items to them), spelled out
 * elsewhere with Electron's same items, so that each can carry a translated label. */
function editMenu(options: MenuOptions): MenuItemConstructorOptions {
  if (options.platform === 'darwin') return { role: 'editMenu' }
  return {
    label: options.text('edit'),
    submenu: [
      roleItem('undo', 'undo', options),
      roleItem('redo', 'redo', options),
      { type: 'separator' },
      roleItem('cut', 'cut', options),
      roleItem('copy', 'copy', options),
      roleItem('paste', 'paste', options),
      roleItem('delete', 'delete', options),
      { type: 'separator' },
      roleItem('selectAll', 'selectAll', options)
    ]
  }
}

function windowMenu(options: MenuOptions): MenuItemConstructorOptions {
  if (options.platform === 'darwin') return { role: 'windowMenu' }
  return {
    label: options.text('window'),
    submenu: [roleItem('minimize', 'minimize', options), roleItem('close', 'close', options)]
  }
}

function helpMenu(options: MenuOptions, isMac: boolean): MenuItemConstructorOptions {
  const { actions, text } = options
  return {
    ...roleItem('help', 'help', options),
    submenu: [
      commandItem(text('keyboardShortcuts'), 'show-shortcuts', 'CmdOrCtrl+/', actions),
      { type: 'separator' },
      { label: text('openLogsFolder'), click: () => actions.openLogsFolder() },
      ...(actions.reportProblem
        ? [{ label: text('reportProblem'), click: actions.reportProblem }]
        : []),
      // macOS has About in the app menu.
      ...(isMac
        ? []
        : ([
            { type: 'separator' },
            roleItem('about', 'about', options)
          ] as MenuItemConstructorOptions[]))
    ]
  }
}

/** Opt-in: the app never adds itself to the login items unless this is ticked. */
function openAtLoginItems(options: MenuOptions): MenuItemConstructorOptions[] {
  if (options.openAtLogin === null) return []
  return [
    { type: 'separator' },
    {
      label: options.text('openAtLogin'),
      type: 'checkbox',
      checked: options.openAtLogin,
      click: (item) => options.actions.setOpenAtLogin(item.checked)
    }
  ]
}

export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin'
  const { actions, text } = options
  return [
    ...(isMac ? [appMenu(options)] : []),
    {
      label: text('file'),
      submenu: [
        commandItem(text('newPost'), 'new-post', 'CmdOrCtrl+N', actions),
        ...openAtLoginItems(options),
        ...(isMac
          ? []
          : ([{ type: 'separator' }, settingsItem(options)] as MenuItemConstructorOptions[])),
        { type: 'separator' },
        isMac
          ? { role: 'close' }
          : roleItem('quit', options.platform === 'win32' ? 'exit' : 'quit', options)
      ]
    },
    editMenu(options),
    {
      label: text('go'),
      submenu: [
        commandItem(text('home'), 'go-home', 'CmdOrCtrl+1', actions),
        commandItem(text('profile'), 'go-profile', 'CmdOrCtrl+2', actions),
        commandItem(text('activity'), 'go-activity', 'CmdOrCtrl+3', actions),
        commandItem(text('messages'), 'go-direct', 'CmdOrCtrl+4', actions),
        { type: 'separator' },
        historyItem(text('back'), 'go-back', isMac, actions),
        historyItem(text('forward'), 'go-forward', isMac, actions)
      ]
    },
    viewMenu(options),
    windowMenu(options),
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
