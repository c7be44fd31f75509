// The tray icon on Windows and Linux (macOS has the dock and its badge): shown once someone is
// signed in, with the unread activity and direct-message counts the badge adds up, and a menu
// to open the window, start a post or quit. Electron draws no text beside a tray icon outside macOS (Tray.setTitle
// exists only there) and Linux AppIndicator trays show no tooltips, so the count is in the
// tooltip and at the top of the menu, where they open the activity and the messages. Decided here with Electron's
// Tray passed in; the menu is a pure function, tested as data.

import type { MenuItemConstructorOptions } from 'electron'

export interface TrayMenuActions {
  open(): void
  newPost(): void
  /** Opens the window on the activity panel. */
  showActivity(): void
  /** Opens the window on the direct messages. */
  showMessages(): void
  quit(): void
}

/** Unread activity and unread direct messages. */
export interface UnreadCounts {
  activity: number
  messages: number
}

const NONE: UnreadCounts = { activity: 0, messages: 0 }

const countText = (unreadCount: number): string => (unreadCount > 99 ? '99+' : String(unreadCount))

/** "3 unread notifications", for the tooltip and the menu. */
export function unreadText(unreadCount: number): string {
  return `${countText(unreadCount)} unread ${unreadCount === 1 ? 'notification' : 'notifications'}`
}

/** "2 unread messages", for the tooltip and the menu. */
export function unreadMessagesText(count: number): string {
  return `${countText(count)} unread ${count === 1 ? 'message' : 'messages'}`
}

/** Both counts in words, the zero ones left out ("" when there is nothing unread). */
export function unreadSummary(counts: UnreadCounts): string {
  return [
    counts.activity > 0 ? unreadText(counts.activity) : null,
    counts.messages > 0 ? unreadMessagesText(counts.messages) : null
  ]
    .filter((part) => part !== null)
    .join(', ')
}

export function buildTrayMenuTemplate(
  actions: TrayMenuActions,
  counts: UnreadCounts = NONE
): MenuItemConstructorOptions[] {
  const lines: MenuItemConstructorOptions[] = [
    ...(counts.activity > 0
      ? [{ label: unreadText(counts.activity), click: () => actions.showActivity() }]
      : []),
    ...(counts.messages > 0
      ? [{ label: unreadMessagesText(counts.messages), click: () => actions.showMessages() }]
      : [])
  ]
  const unread: MenuItemConstructorOptions[] =
    lines.length > 0 ? [...lines, { type: 'separator' }] : []
  return [
    ...unread,
    { label: 'Open Instaframe', click: () => actions.open() },
    { label: 'New Post', click: () => actions.newPost() },
    { type: 'separator' },
    { label: 'Quit Instaframe', click: () => actions.quit() }
  ]
}

/** What hovering the icon says. */
export function trayToolTip(counts: UnreadCounts): string {
  const summary = unreadSummary(counts)
  return summary ? `Instaframe: ${summary}` : 'Instaframe'
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
  setUnreadMessages(count: number): void
  /** Whether the icon is shown (for tests and logs). */
  readonly visible: boolean
}

export function createTrayController(deps: TrayDeps): TrayController {
  // macOS shows the app in the dock, with its badge: a menu-bar icon would repeat it.
  const supported = deps.platform === 'win32' || deps.platform === 'linux'
  let tray: TrayLike | null = null
  let unread: UnreadCounts = NONE

  function show(): void {
    if (!tray) return
    tray.setToolTip(trayToolTip(unread))
    tray.setContextMenu(buildTrayMenuTemplate(deps.actions, unread))
  }

  function setCount(which: keyof UnreadCounts, count: number): void {
    const next = Math.max(0, count)
    if (next === unread[which]) return
    unread = { ...unread, [which]: next }
    show()
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
        unread = NONE
      }
    },
    setUnreadCount: (count) => setCount('activity', count),
    setUnreadMessages: (count) => setCount('messages', count),
    get visible() {
      return tray !== null
    }
  }
}
