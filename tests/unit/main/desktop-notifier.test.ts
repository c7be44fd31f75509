import { describe, expect, it, vi } from 'vitest'
import type { ActivityAlert } from '../../../src/shared/bridge-contract'
import {
  badgeDotBitmap,
  createDesktopNotifier,
  NOTIFICATIONS_ENABLED_KEY,
  type NotifierDeps
} from '../../../src/main/notifications/desktop-notifier'

function setup(
  options: {
    platform?: NodeJS.Platform
    focused?: boolean
    supported?: boolean
    accountLabel?: () => string | null
  } = {}
) {
  const shown: { title: string; body: string; click(): void }[] = []
  const window = {
    focused: options.focused ?? false,
    isDestroyed: () => false,
    isFocused: () => window.focused,
    isMinimized: vi.fn(() => true),
    restore: vi.fn(),
    show: vi.fn(),
    focus: vi.fn(),
    setOverlayIcon: vi.fn()
  }
  const values = new Map<string, unknown>()
  const deps: NotifierDeps = {
    platform: options.platform ?? 'darwin',
    notificationsSupported: () => options.supported ?? true,
    createNotification: ({ title, body }) => {
      let onClick = (): void => undefined
      return {
        on: (_event, listener) => {
          onClick = listener
        },
        show: () => shown.push({ title, body, click: () => onClick() })
      }
    },
    setBadgeCount: vi.fn(() => true),
    overlayIcon: () => 'dot-image',
    window: () => window,
    open: vi.fn(),
    onUnreadCount: vi.fn(),
    accountLabel: options.accountLabel,
    settings: {
      get: (key) => values.get(key),
      set: (key, value) => values.set(key, value),
      delete: (key) => values.delete(key)
    }
  }
  return { notifier: createDesktopNotifier(deps), deps, window, shown, values }
}

const like: ActivityAlert = {
  key: 'like:p1@2026-01-01',
  body: 'ana liked your photo.',
  target: { kind: 'post', postId: 'p1' }
}

describe('desktop notifier', () => {
  it('shows new activity natively while the window is unfocused, once per activity line', () => {
    const { notifier, shown } = setup()
    notifier.report({ unreadCount: 1, alerts: [like] })
    notifier.report({ unreadCount: 1, alerts: [like] })
    expect(shown.map((n) => n.body)).toEqual(['ana liked your photo.'])
  })

  it('says which account the activity is for when several are signed in', () => {
    let label: string | null = null
    const { notifier, shown } = setup({ accountLabel: () => label })
    notifier.report({ unreadCount: 1, alerts: [like] })
    label = '@bob'
    notifier.report({ unreadCount: 2, alerts: [{ ...like, key: 'like:p2@2026-01-01' }] })
    expect(shown.map((n) => n.title)).toEqual(['Instaframe', 'Instaframe · @bob'])
  })

  it('shows nothing while the window has focus, nor later for what was seen then', () => {
    const { notifier, shown, window } = setup({ focused: true })
    notifier.report({ unreadCount: 1, alerts: [like] })
    window.focused = false
    notifier.report({ unreadCount: 1, alerts: [like] })
    expect(shown).toHaveLength(0)
  })

  it('focuses the window and tells the renderer the target when a notification is clicked', () => {
    const { notifier, shown, window, deps } = setup()
    notifier.report({ unreadCount: 1, alerts: [like] })
    shown[0].click()
    expect(window.restore).toHaveBeenCalled()
    expect(window.focus).toHaveBeenCalled()
    expect(deps.open).toHaveBeenCalledWith({ kind: 'post', postId: 'p1' })
  })

  it('is on by default, and shows nothing once turned off (persisted in the store)', () => {
    const { notifier, shown, values } = setup()
    expect(notifier.isEnabled()).toBe(true)
    notifier.setEnabled(false)
    expect(values.get(NOTIFICATIONS_ENABLED_KEY)).toBe(false)
    expect(notifier.isEnabled()).toBe(false)
    notifier.report({ unreadCount: 1, alerts: [like] })
    expect(shown).toHaveLength(0)
  })

  it('shows nothing where the OS has no notifications', () => {
    const { notifier, shown } = setup({ supported: false })
    notifier.report({ unreadCount: 1, alerts: [like] })
    expect(shown).toHaveLength(0)
  })

  it('puts the unread count on the dock badge, and clears it at zero', () => {
    const { notifier, deps } = setup({ platform: 'darwin' })
    notifier.report({ unreadCount: 3, alerts: [] })
    notifier.report({ unreadCount: 0, alerts: [] })
    expect(vi.mocked(deps.setBadgeCount).mock.calls).toEqual([[3], [0]])
  })

  it('tells the tray every unread count it puts on the badge', () => {
    const { notifier, deps } = setup({ platform: 'linux' })
    notifier.report({ unreadCount: 3, alerts: [] })
    notifier.report({ unreadCount: 0, alerts: [] })
    expect(vi.mocked(deps.onUnreadCount!).mock.calls).toEqual([[3], [0]])
  })

  it('uses a taskbar overlay icon on Windows instead of the badge count', () => {
    const { notifier, deps, window } = setup({ platform: 'win32' })
    notifier.report({ unreadCount: 2, alerts: [] })
    notifier.report({ unreadCount: 0, alerts: [] })
    expect(deps.setBadgeCount).not.toHaveBeenCalled()
    expect(window.setOverlayIcon.mock.calls).toEqual([
      ['dot-image', '2 unread notifications'],
      [null, '']
    ])
  })
})

describe('badge dot bitmap', () => {
  it('is an opaque red dot in the middle and transparent in the corners (BGRA)', () => {
    const pixels = badgeDotBitmap(16)
    expect(pixels.length).toBe(16 * 16 * 4)
    const at = (x: number, y: number) => [
      ...pixels.subarray((y * 16 + x) * 4, (y * 16 + x) * 4 + 4)
    ]
    expect(at(8, 8)).toEqual([0x49, 0x31, 0xed, 0xff])
    expect(at(0, 0)).toEqual([0, 0, 0, 0])
  })
})
