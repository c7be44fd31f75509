import { describe, expect, it, vi } from 'vitest'
import type { ActivityAlert, DirectAlert } from '../../../src/shared/bridge-contract'
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
    onUnreadMessages: vi.fn(),
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

const message: DirectAlert = { key: 'm1', title: 'ana', body: 'see you at 8?', threadId: 't1' }
const direct = (alerts: DirectAlert[], openThreadId: string | null = null, unreadCount = 1) => ({
  unreadCount,
  openThreadId,
  alerts
})

describe('desktop notifier: direct messages', () => {
  it('shows a message with its sender as the title, once, and opens its thread on click', () => {
    const { notifier, shown, deps, window } = setup()
    notifier.reportDirect(direct([message]))
    notifier.reportDirect(direct([message]))
    expect(shown.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: 'ana', body: 'see you at 8?' }
    ])
    shown[0].click()
    expect(window.focus).toHaveBeenCalled()
    expect(deps.open).toHaveBeenCalledWith({ kind: 'direct', threadId: 't1' })
  })

  it('names the account a message is for when several are signed in', () => {
    const { notifier, shown } = setup({ accountLabel: () => '@bob' })
    notifier.reportDirect(direct([message]))
    expect(shown.map((n) => n.title)).toEqual(['ana · @bob'])
  })

  it('stays quiet for the thread on screen in the focused window, not for another thread', () => {
    const { notifier, shown, window } = setup({ focused: true })
    notifier.reportDirect(direct([message], 't1'))
    notifier.reportDirect(direct([{ ...message, key: 'm2', threadId: 't2', body: 'hey' }], 't1'))
    expect(shown.map((n) => n.body)).toEqual(['hey'])
    // The same thread open but the window in the background: it is news.
    window.focused = false
    notifier.reportDirect(direct([{ ...message, key: 'm3', body: 'still there?' }], 't1'))
    expect(shown.map((n) => n.body)).toEqual(['hey', 'still there?'])
  })

  it('shows no message once notifications are turned off', () => {
    const { notifier, shown } = setup()
    notifier.setEnabled(false)
    notifier.reportDirect(direct([message]))
    expect(shown).toHaveLength(0)
  })

  it('adds unread messages to unread activity on the badge, and tells the tray each count', () => {
    const { notifier, deps } = setup({ platform: 'darwin' })
    notifier.report({ unreadCount: 2, alerts: [] })
    notifier.reportDirect(direct([], null, 3))
    notifier.report({ unreadCount: 0, alerts: [] })
    notifier.reportDirect(direct([], null, 0))
    expect(vi.mocked(deps.setBadgeCount).mock.calls).toEqual([[2], [5], [3], [0]])
    expect(vi.mocked(deps.onUnreadMessages!).mock.calls).toEqual([[3], [0]])
    expect(vi.mocked(deps.onUnreadCount!).mock.calls).toEqual([[2], [0]])
  })

  it('describes both counts on the Windows overlay', () => {
    const { notifier, window } = setup({ platform: 'win32' })
    notifier.reportDirect(direct([], null, 1))
    notifier.report({ unreadCount: 2, alerts: [] })
    expect(window.setOverlayIcon.mock.calls.at(-1)).toEqual([
      'dot-image',
      '2 unread notifications, 1 unread message'
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
