// The tray icon on Windows and Linux (macOS has the dock and its badge): shown once someone is
// signed in, with the unread activity count the badge shows (tooltip, and the title where the
// desktop shows one next to the icon) and a menu to open the window, start a post or quit.
// Decided here with Electron's Tray passed in; the menu is a pure function, tested as data.

import type { MenuItemConstructorOptions } from 'electron'

export interface TrayMenuActions {
  open(): void
  newPost(): void
  quit(): void
}

export function buildTrayMenuTemplate(actions: TrayMenuActions): MenuItemConstructorOptions[] {
  return [
    { label: 'Open Instaframe', click: () => actions.open() },
    { label: 'New Post', click: () => actions.newPost() },
    { type: 'separator' },
    { label: 'Quit Instaframe', click: () => actions.quit() }
  ]
}

/** What hovering the icon says. */
export function trayToolTip(unreadCount: number): string {
  if (unreadCount <= 0) return 'Instaframe'
  const count = unreadCount > 99 ? '99+' : String(unreadCount)
  return `Instaframe: ${count} unread ${unreadCount === 1 ? 'notification' : 'notifications'}`
}

/** The text beside the icon: the count alone, nothing when all is read. */
export function trayTitle(unreadCount: number): string {
  if (unreadCount <= 0) return ''
  return unreadCount > 99 ? '99+' : String(unreadCount)
}

/** The parts of Electron's Tray used. */
export interface TrayLike {
  setToolTip(toolTip: string): void
  setTitle(title: string): void
  setContextMenu(template: MenuItemConstructorOptions[]): void
  on(event: 'click', listener: () => void): void
  destroy(): void
}

export interface TrayDeps {
  platform: NodeJS.Platform
  /** A new tray icon (new Tray(image)), with its menu built from a template. */
  createTray(): TrayLike
  actions: TrayMenuActions
}

export interface TrayController {
  setSignedIn(signedIn: boolean): void
  setUnreadCount(count: number): void
  /** Whether the icon is shown (for tests and logs). */
  readonly visible: boolean
}

export function createTrayController(deps: TrayDeps): TrayController {
  // macOS shows the app in the dock, with its badge: a menu-bar icon would repeat it.
  const supported = deps.platform === 'win32' || deps.platform === 'linux'
  let tray: TrayLike | null = null
  let unread = 0

  function show(): void {
    if (!tray) return
    tray.setToolTip(trayToolTip(unread))
    // Windows shows no title; Linux desktops show it where their tray supports a label.
    if (deps.platform === 'linux') tray.setTitle(trayTitle(unread))
  }

  return {
    setSignedIn(signedIn) {
      if (!supported) return
      if (signedIn && !tray) {
        tray = deps.createTray()
        tray.setContextMenu(buildTrayMenuTemplate(deps.actions))
        // A click on the icon (Windows) opens the window; the menu is on right-click.
        tray.on('click', () => deps.actions.open())
        show()
      } else if (!signedIn && tray) {
        tray.destroy()
        tray = null
        unread = 0
      }
    },
    setUnreadCount(count) {
      unread = Math.max(0, count)
      show()
    },
    get visible() {
      return tray !== null
    }
  }
}
