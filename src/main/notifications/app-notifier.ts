// The desktop notifier of this app, wired to Electron: native notifications, the badge and the
// taskbar's overlay dot, the tray's counts, and the account's name when several are signed in.

import { app, nativeImage, Notification, type BrowserWindow } from 'electron'
import Store from 'electron-store'
import type { AccountSessions } from '../../shared/data/accounts'
import type { MenuText } from '../i18n/menu-text'
import { badgeDotBitmap, createDesktopNotifier, type DesktopNotifier } from './desktop-notifier'
import type { TrayController } from './tray'

export interface AppNotifierDeps {
  window(): BrowserWindow | null
  tray: TrayController
  /** The signed-in accounts, once the backend has started. */
  accounts(): AccountSessions | null
  menuText(): MenuText
}

export function createAppNotifier(deps: AppNotifierDeps): DesktopNotifier {
  return createDesktopNotifier({
    platform: process.platform,
    notificationsSupported: () => Notification.isSupported(),
    createNotification: (options) => new Notification(options),
    setBadgeCount: (count) => app.setBadgeCount(count),
    overlayIcon: () => nativeImage.createFromBitmap(badgeDotBitmap(16), { width: 16, height: 16 }),
    window: deps.window,
    menuText: deps.menuText,
    open: (target) => {
      const contents = deps.window()?.webContents
      if (contents && !contents.isDestroyed()) contents.send('notifications:open', target)
    },
    settings: new Store({ name: 'settings' }),
    onUnreadCount: (count) => deps.tray.setUnreadCount(count),
    onUnreadMessages: (count) => deps.tray.setUnreadMessages(count),
    // The page reports the current account's activity: name it when there are several.
    accountLabel: () => {
      const accounts = deps.accounts()
      if (!accounts || accounts.list().length < 2) return null
      const username = accounts.currentSnapshot().profile?.username
      return username ? `@${username}` : null
    }
  })
}
