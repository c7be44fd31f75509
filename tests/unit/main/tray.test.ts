// The tray icon on Windows and Linux: shown once signed in, with the unread count, and a menu
// whose every item does something.

import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import {
  buildTrayMenuTemplate,
  createTrayController,
  trayTitle,
  trayToolTip,
  type TrayLike
} from '../../../src/main/notifications/tray'

function fakeTray(): TrayLike & {
  toolTip: string
  title: string | null
  template: MenuItemConstructorOptions[]
  clickListeners: Array<() => void>
  destroyed: boolean
} {
  const tray = {
    toolTip: '',
    title: null as string | null,
    template: [] as MenuItemConstructorOptions[],
    clickListeners: [] as Array<() => void>,
    destroyed: false,
    setToolTip: (toolTip: string) => void (tray.toolTip = toolTip),
    setTitle: (title: string) => void (tray.title = title),
    setContextMenu: (template: MenuItemConstructorOptions[]) => void (tray.template = template),
    on: (_event: 'click', listener: () => void) => void tray.clickListeners.push(listener),
    destroy: () => void (tray.destroyed = true)
  }
  return tray
}

function setup(platform: NodeJS.Platform): {
  controller: ReturnType<typeof createTrayController>
  trays: ReturnType<typeof fakeTray>[]
  actions: {
    open: ReturnType<typeof vi.fn>
    newPost: ReturnType<typeof vi.fn>
    quit: ReturnType<typeof vi.fn>
  }
} {
  const trays: ReturnType<typeof fakeTray>[] = []
  const actions = { open: vi.fn(), newPost: vi.fn(), quit: vi.fn() }
  const controller = createTrayController({
    platform,
    createTray: () => {
      const tray = fakeTray()
      trays.push(tray)
      return tray
    },
    actions
  })
  return { controller, trays, actions }
}

const click = (item: MenuItemConstructorOptions): void => (item.click as () => void)()

describe('tray menu', () => {
  it('offers Open, New Post and Quit, each calling its own action', () => {
    const actions = { open: vi.fn(), newPost: vi.fn(), quit: vi.fn() }
    const template = buildTrayMenuTemplate(actions)
    expect(template.map((item) => item.label ?? item.type)).toEqual([
      'Open Instaframe',
      'New Post',
      'separator',
      'Quit Instaframe'
    ])
    for (const item of template) if (item.type !== 'separator') click(item)
    expect([actions.open, actions.newPost, actions.quit].map((fn) => fn.mock.calls.length)).toEqual(
      [1, 1, 1]
    )
  })

  it('says the unread count in the tooltip and the title, capped at 99+', () => {
    expect(trayToolTip(0)).toBe('Instaframe')
    expect(trayToolTip(1)).toBe('Instaframe: 1 unread notification')
    expect(trayToolTip(3)).toBe('Instaframe: 3 unread notifications')
    expect(trayToolTip(250)).toBe('Instaframe: 99+ unread notifications')
    expect([trayTitle(0), trayTitle(7), trayTitle(100)]).toEqual(['', '7', '99+'])
  })
})

describe('tray icon', () => {
  it.each(['win32', 'linux'] as const)(
    'on %s appears once signed in, and goes on sign-out',
    (platform) => {
      const { controller, trays } = setup(platform)
      expect(controller.visible).toBe(false)
      controller.setUnreadCount(2)
      expect(trays).toHaveLength(0)
      controller.setSignedIn(true)
      controller.setSignedIn(true)
      expect(trays).toHaveLength(1)
      expect(trays[0].template.map((item) => item.label).filter(Boolean)).toContain('New Post')
      controller.setSignedIn(false)
      expect(trays[0].destroyed).toBe(true)
      expect(controller.visible).toBe(false)
    }
  )

  it('is never shown on macOS, which has the dock and its badge', () => {
    const { controller, trays } = setup('darwin')
    controller.setSignedIn(true)
    controller.setUnreadCount(4)
    expect(trays).toHaveLength(0)
  })

  it('follows the unread count: the tooltip everywhere, the title on Linux', () => {
    const linux = setup('linux')
    linux.controller.setSignedIn(true)
    linux.controller.setUnreadCount(3)
    expect(linux.trays[0].toolTip).toBe('Instaframe: 3 unread notifications')
    expect(linux.trays[0].title).toBe('3')
    linux.controller.setUnreadCount(0)
    expect([linux.trays[0].toolTip, linux.trays[0].title]).toEqual(['Instaframe', ''])

    const windows = setup('win32')
    windows.controller.setSignedIn(true)
    windows.controller.setUnreadCount(5)
    expect(windows.trays[0].toolTip).toBe('Instaframe: 5 unread notifications')
    expect(windows.trays[0].title).toBeNull()
  })

  it('a new sign-in starts from no unread count; a click on the icon opens the window', () => {
    const { controller, trays, actions } = setup('win32')
    controller.setSignedIn(true)
    controller.setUnreadCount(9)
    controller.setSignedIn(false)
    controller.setSignedIn(true)
    expect(trays[1].toolTip).toBe('Instaframe')
    trays[1].clickListeners.forEach((listener) => listener())
    expect(actions.open).toHaveBeenCalledOnce()
  })
})
