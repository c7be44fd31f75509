// The tray icon on Windows and Linux (macOS has the dock and its badge): shown once someone is
// signed in, with the unread activity and direct-message counts the badge adds up, and a menu
// to open the window, start a post or quit. Electron draws no text beside a tray icon outside macOS (Tray.setTitle
// exists only there) and Linux AppIndicator trays show no tooltips, so the count is in the
// tooltip and at the top of the menu, where they open the activity and the messages. Decided here with Electron's
// Tray passed in; the menu is a pure function, tested as data. Its words follow the page's
// language (`setText`).

import type { MenuItemConstructorOptions } from 'electron'
import { menuText, type MenuText } from '../i18n/menu-text'

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

const ENGLISH = menuText('en')

/** The count as shown, in the language's digits: 100 and more read "99+". */
function shownCount(count: number, text: MenuText): string {
  const format = new Intl.NumberFormat(text.language)
  return count > 99 ? `${format.format(99)}+` : format.format(count)
}

/** "3 unread notifications", for the tooltip and the menu. */
export function unreadText(unreadCount: number, text: MenuText = ENGLISH): string {
  return text('unreadNotifications', { count: unreadCount, n: shownCount(unreadCount, text) })
}

/** "2 unread messages", for the tooltip and the menu. */
export function unreadMessagesText(count: number, text: MenuText = ENGLISH): string {
  return text('unreadMessages', { count, n: shownCount(count, text) })
}

/** Both counts in words, the zero ones left out ("" when there is nothing unread). */
export function unreadSummary(counts: UnreadCounts, text: MenuText = ENGLISH): string {
  const parts = [
    counts.activity > 0 ? unreadText(counts.activity, text) : null,
    counts.messages > 0 ? unreadMessagesText(counts.messages, text) : null
  ].filter((part) => part !== null)
  return parts.join(text('listSeparator'))
}

export function buildTrayMenuTemplate(
  actions: TrayMenuActions,
  counts: UnreadCounts = NONE,
  text: MenuText = ENGLISH
): MenuItemConstructorOptions[] {
  const lines: MenuItemConstructorOptions[] = [
    ...(counts.activity > 0
      ? [{ label: unreadText(counts.activity, text), click: () => actions.showActivity() }]
      : []),
    ...(counts.messages > 0
      ? [{ label: unreadMessagesText(counts.messages, text), click: () => actions.showMessages() }]
      : [])
  ]
  const unread: MenuItemConstructorOptions[] =
    lines.length > 0 ? [...lines, { type: 'separator' }] : []
  return [
    ...unread,
    { label: text('trayOpen'), click: () => actions.open() },
    { label: text('newPost'), click: () => actions.newPost() },
    { type: 'separator' },
    { label: text('trayQuit'), click: () => actions.quit() }
  ]
}

/** What hovering the icon says. */
export function trayToolTip(counts: UnreadCounts, text: MenuText = ENGLISH): string {
  const summary = unreadSummary(counts, text)
  return summary ? text('trayToolTip', { summary }) : 'Instaframe'
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
  /** Rebuilds the menu and tooltip in another language. */
  setText(text: MenuText): void
  /** Whether the icon is shown (for tests and logs). */
  readonly visible: boolean
}

export function createTrayController(deps: TrayDeps): TrayController {
  // macOS shows the app in the dock, with its badge: a menu-bar icon would repeat it.
  const supported = deps.platform === 'win32' || deps.platform === 'linux'
  let tray: TrayLike | null = null
  let unread: UnreadCounts = NONE
  let text = ENGLISH

  function show(): void {
    if (!tray) return
    tray.setToolTip(trayToolTip(unread, text))
    tray.setContextMenu(buildTrayMenuTemplate(deps.actions, unread, text))
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
    setText(next) {
      text = next
      show()
    },
    get visible() {
      return tray !== null
    }
  }
}
