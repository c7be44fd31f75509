// Native notifications and the unread badge, decided here with Electron passed in (so the unit
// tests drive it with fakes). The renderer reads activity and direct messages and words them;
// main only decides whether to show them: activity never while the window has focus (the
// panel's dot says it already), a message only when its thread is not on screen in a focused
// window; never twice for the same line or message, and never once the user has turned them
// off. The badge counts unread activity and unread direct messages together.

import type { ActivityReport, ActivityTarget, DirectReport } from '../../shared/bridge-contract'
import type { MenuText } from '../i18n/menu-text'
import type { KeyValueStore } from '../session/secret-storage'
import { unreadSummary } from './tray'

export const NOTIFICATION_TITLE = 'Instaframe'
export const NOTIFICATIONS_ENABLED_KEY = 'notificationsEnabled'
/** How many shown activity keys are remembered to avoid repeats. */
const REMEMBERED_KEYS = 500

/** The parts of Electron's Notification used. */
export interface NotificationLike {
  on(event: 'click', listener: () => void): void
  show(): void
}

/** The parts of BrowserWindow used. */
export interface NotifierWindow {
  isDestroyed(): boolean
  isFocused(): boolean
  isMinimized(): boolean
  restore(): void
  show(): void
  focus(): void
  /** Windows only: the taskbar overlay; null clears it. */
  setOverlayIcon(icon: unknown, description: string): void
}

export interface NotifierDeps {
  platform: NodeJS.Platform
  notificationsSupported(): boolean
  createNotification(options: { title: string; body: string; silent: boolean }): NotificationLike
  /** app.setBadgeCount: the dock (macOS) or launcher (Unity) count; false where unsupported. */
  setBadgeCount(count: number): boolean
  /** The Windows taskbar overlay image for an unread count. */
  overlayIcon(): unknown
  /** The desktop's words in the page's language, for the overlay's description. */
  menuText?(): MenuText
  window(): NotifierWindow | null
  /** Tells the renderer what a clicked notification was about. */
  open(target: ActivityTarget): void
  settings: KeyValueStore
  /** Told the unread activity count with every report (the tray shows it too). */
  onUnreadCount?(count: number): void
  /** Told the unread direct-message count with every direct report (the tray shows it too). */
  onUnreadMessages?(count: number): void
  /**
   * Whose activity this is ("@alice") when several accounts are signed in, so the notification
   * says which one; null with one account.
   */
  accountLabel?(): string | null
}

/** The title of a notification: the app, and the account it is for when there are several. */
export function notificationTitle(accountLabel: string | null | undefined): string {
  return accountLabel ? `${NOTIFICATION_TITLE} · ${accountLabel}` : NOTIFICATION_TITLE
}

export interface DesktopNotifier {
  report(report: ActivityReport): void
  reportDirect(report: DirectReport): void
  isEnabled(): boolean
  setEnabled(enabled: boolean): void
}

export function createDesktopNotifier(deps: NotifierDeps): DesktopNotifier {
  const shownKeys = new Set<string>()
  // Electron drops a notification's click handler when the object is collected: hold on to
  // the ones on screen.
  const onScreen = new Set<NotificationLike>()
  const unread = { activity: 0, messages: 0 }

  function isEnabled(): boolean {
    return deps.settings.get(NOTIFICATIONS_ENABLED_KEY) !== false
  }

  function remember(key: string): void {
    shownKeys.add(key)
    if (shownKeys.size > REMEMBERED_KEYS) {
      const oldest = shownKeys.values().next().value
      if (oldest !== undefined) shownKeys.delete(oldest)
    }
  }

  function focusWindow(): void {
    const window = deps.window()
    if (!window || window.isDestroyed()) return
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  }

  function showBadge(): void {
    const count = unread.activity + unread.messages
    if (deps.platform === 'win32') {
      const window = deps.window()
      if (!window || window.isDestroyed()) return
      window.setOverlayIcon(
        count > 0 ? deps.overlayIcon() : null,
        unreadSummary(unread, deps.menuText?.())
      )
      return
    }
    deps.setBadgeCount(count)
  }

  const windowFocused = (): boolean => {
    const window = deps.window()
    return Boolean(window && !window.isDestroyed() && window.isFocused())
  }
  const canNotify = (): boolean => isEnabled() && deps.notificationsSupported()

  /** Shows one alert unless already shown; `show` false marks it seen without showing it. */
  function announce(
    key: string,
    show: boolean,
    content: { title: string; body: string },
    target: ActivityTarget
  ): void {
    if (shownKeys.has(key)) return
    // Seen while focused counts as seen: it is not shown later when the window blurs.
    remember(key)
    if (!show) return
    const notification = deps.createNotification({ ...content, silent: false })
    onScreen.add(notification)
    notification.on('click', () => {
      onScreen.delete(notification)
      focusWindow()
      deps.open(target)
    })
    notification.show()
  }

  return {
    report({ unreadCount, alerts }) {
      unread.activity = unreadCount
      showBadge()
      deps.onUnreadCount?.(unreadCount)
      const show = canNotify() && !windowFocused()
      for (const alert of alerts) {
        announce(
          alert.key,
          show,
          { title: notificationTitle(deps.accountLabel?.()), body: alert.body },
          alert.target
        )
      }
    },
    reportDirect({ unreadCount, openThreadId, alerts }) {
      unread.messages = unreadCount
      showBadge()
      deps.onUnreadMessages?.(unreadCount)
      const notify = canNotify()
      const focused = windowFocused()
      const account = deps.accountLabel?.()
      for (const alert of alerts) {
        // The reader sees a message arrive in the thread in front of them: no banner for it.
        const onScreenNow = focused && alert.threadId === openThreadId
        const title = account ? `${alert.title} · ${account}` : alert.title
        announce(
          `direct:${alert.key}`,
          notify && !onScreenNow,
          { title, body: alert.body },
          {
            kind: 'direct',
            threadId: alert.threadId
          }
        )
      }
    },
    isEnabled,
    setEnabled(enabled) {
      deps.settings.set(NOTIFICATIONS_ENABLED_KEY, enabled)
    }
  }
}

/**
 * The overlay's pixels: a red dot on a transparent square, as BGRA (what nativeImage's
 * createFromBitmap takes), so no image file has to ship for it.
 */
export function badgeDotBitmap(size: number): Buffer {
  const pixels = Buffer.alloc(size * size * 4)
  const radius = size / 2
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const dx = x + 0.5 - radius
      const dy = y + 0.5 - radius
      if (dx * dx + dy * dy > radius * radius) continue
      const offset = (y * size + x) * 4
      pixels[offset] = 0x49 // blue
      pixels[offset + 1] = 0x31 // green
      pixels[offset + 2] = 0xed // red
      pixels[offset + 3] = 0xff
    }
  }
  return pixels
}
