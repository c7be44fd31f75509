// The tray icon on Windows and Linux (macOS has the dock and its badge): shown once someone is
// signed in, with the unread activity count the badge shows and a menu to open the window,
// start a post or quit. Electron draws no text beside a tray icon outside macOS (Tray.setTitle
// exists only there) and Linux AppIndicator trays show no tooltips, so the count is in the
// tooltip and at the top of the menu, where it opens the activity. Decided here with Electron's
// Tray passed in; the menu is a pure function, tested as data.

import type { MenuItemConstructorOptions } from 'electron'

export interface TrayMenuActions {
  open(): void
  newPost(): void
  /** Opens the window on the activity panel. */
  showActivity(): void
  quit(): void
}

const countText = (unreadCount: number): string => (unreadCount > 99 ? '99+' : String(unreadCount))

/** "3 unread notifications", for the tooltip and the menu. */
export function unreadText(unreadCount: number): string {
  return `${countText(unreadCount)} unread ${unreadCount === 1 ? 'notification' : 'notifications'}`
}

export function buildTrayMenuTemplate(
  actions: TrayMenuActions,
  unreadCount = 0
): MenuItemConstructorOptions[] {
  const unread: MenuItemConstructorOptions[] =
    unreadCount > 0
      ? [
          { label: unreadText(unreadCount), click: () => actions.showActivity() },
          { type: 'separator' }
        ]
      : []
  return [
    ...unread,
    { label: 'Open Instaframe', click: () => actions.open() },
    { label: 'New Post', click: () => actions.newPost() },
    { type: 'separator' },
    { label: 'Quit Instaframe', click: () => actions.quit() }
  ]
}

/** What hovering the icon says. */
export function trayToolTip(unreadCount: number): string {
  return unreadCount > 0 ? `Instaframe: ${unreadText(unreadCount)}` : 'Instaframe'
}

/** The parts of Electron's Tray used. */
export interface TrayLike {
  setToolTip(toolTip: string): void
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
    tray.setContextMenu(buildTrayMenuTemplate(deps.actions, unread))
  }

  return {
    setSignedIn(signedIn) {
      if (!supported) return
      if (signedIn && !tray) {
        tray = deps.createTray()
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
      const next = Math.max(0, count)
      if (next === unread) return
      unread = next
      show()
    },
    get visible() {
      return tray !== null
    }
  }
}
