// The tray icon on Windows and Linux: shown once signed in, with the unread count, and a menu
// whose every item does something.

import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it, vi, type Mock } from 'vitest'
import {
  buildTrayMenuTemplate,
  createTrayController,
  trayToolTip,
  type TrayLike,
  type TrayMenuActions
} from '../../../src/main/notifications/tray'

type FakeTray = TrayLike & {
  toolTip: string
  template: MenuItemConstructorOptions[]
  clickListeners: Array<() => void>
  destroyed: boolean
}

function fakeTray(): FakeTray {
  const tray: FakeTray = {
    toolTip: '',
    template: [],
    clickListeners: [],
    destroyed: false,
    setToolTip: (toolTip) => void (tray.toolTip = toolTip),
    setContextMenu: (template) => void (tray.template = template),
    on: (_event, listener) => void tray.clickListeners.push(listener),
    destroy: () => void (tray.destroyed = true)
  }
  return tray
}

type Actions = { [K in keyof TrayMenuActions]: Mock<() => void> }

const actions = (): Actions => ({
  open: vi.fn(),
  newPost: vi.fn(),
  showActivity: vi.fn(),
  showMessages: vi.fn(),
  quit: vi.fn()
})

function setup(platform: NodeJS.Platform): {
  controller: ReturnType<typeof createTrayController>
  trays: FakeTray[]
  actions: Actions
} {
  const trays: FakeTray[] = []
  const trayActions = actions()
  const controller = createTrayController({
    platform,
    createTray: () => {
      const tray = fakeTray()
      trays.push(tray)
      return tray
    },
    actions: trayActions
  })
  return { controller, trays, actions: trayActions }
}

const unread = (activity: number, messages = 0) => ({ activity, messages })

const click = (item: MenuItemConstructorOptions): void => (item.click as () => void)()
const labels = (template: MenuItemConstructorOptions[]): string[] =>
  template.map((item) => item.label ?? item.type ?? '')

describe('tray menu', () => {
  it('offers Open, New Post and Quit, each calling its own action', () => {
    const trayActions = actions()
    const template = buildTrayMenuTemplate(trayActions)
    expect(labels(template)).toEqual([
      'Open Instaframe',
      'New Post',
      'separator',
      'Quit Instaframe'
    ])
    for (const item of template) if (item.type !== 'separator') click(item)
    expect(
      [trayActions.open, trayActions.newPost, trayActions.quit].map((fn) => fn.mock.calls.length)
    ).toEqual([1, 1, 1])
  })

  it('puts the unread count first, opening the activity', () => {
    const trayActions = actions()
    const template = buildTrayMenuTemplate(trayActions, unread(3))
    expect(labels(template).slice(0, 3)).toEqual([
      '3 unread notifications',
      'separator',
      'Open Instaframe'
    ])
    click(template[0])
    expect(trayActions.showActivity).toHaveBeenCalledOnce()
    expect(buildTrayMenuTemplate(trayActions, unread(1))[0].label).toBe('1 unread notification')
  })

  it('says the unread count in the tooltip, capped at 99+', () => {
    expect(trayToolTip(unread(0))).toBe('Instaframe')
    expect(trayToolTip(unread(1))).toBe('Instaframe: 1 unread notification')
    expect(trayToolTip(unread(3))).toBe('Instaframe: 3 unread notifications')
    expect(trayToolTip(unread(250))).toBe('Instaframe: 99+ unread notifications')
  })

  it('lists unread direct messages under the activity, opening the messages', () => {
    const trayActions = actions()
    const template = buildTrayMenuTemplate(trayActions, unread(2, 3))
    expect(labels(template).slice(0, 4)).toEqual([
      '2 unread notifications',
      '3 unread messages',
      'separator',
      'Open Instaframe'
    ])
    click(template[1])
    expect(trayActions.showMessages).toHaveBeenCalledOnce()
    expect(trayActions.showActivity).not.toHaveBeenCalled()
    expect(labels(buildTrayMenuTemplate(trayActions, unread(0, 1))).slice(0, 2)).toEqual([
      '1 unread message',
      'separator'
    ])
    expect(trayToolTip(unread(0, 120))).toBe('Instaframe: 99+ unread messages')
    expect(trayToolTip(unread(1, 2))).toBe('Instaframe: 1 unread notification, 2 unread messages')
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
      expect(labels(trays[0].template)).toContain('New Post')
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

  it('follows the unread count in its tooltip and menu', () => {
    const { controller, trays } = setup('linux')
    controller.setSignedIn(true)
    controller.setUnreadCount(3)
    expect(trays[0].toolTip).toBe('Instaframe: 3 unread notifications')
    expect(trays[0].template[0].label).toBe('3 unread notifications')
    controller.setUnreadCount(0)
    expect(trays[0].toolTip).toBe('Instaframe')
    expect(trays[0].template[0].label).toBe('Open Instaframe')
  })

  it('keeps the message count apart from the activity count', () => {
    const { controller, trays } = setup('win32')
    controller.setSignedIn(true)
    controller.setUnreadMessages(3)
    controller.setUnreadCount(1)
    expect(trays[0].toolTip).toBe('Instaframe: 1 unread notification, 3 unread messages')
    controller.setUnreadMessages(0)
    expect(labels(trays[0].template).slice(0, 2)).toEqual(['1 unread notification', 'separator'])
    controller.setSignedIn(false)
    controller.setSignedIn(true)
    expect(trays[1].toolTip).toBe('Instaframe')
  })

  it('a new sign-in starts from no unread count; a click on the icon opens the window', () => {
    const { controller, trays, actions: trayActions } = setup('win32')
    controller.setSignedIn(true)
    controller.setUnreadCount(9)
    controller.setSignedIn(false)
    controller.setSignedIn(true)
    expect(trays[1].toolTip).toBe('Instaframe')
    trays[1].clickListeners.forEach((listener) => listener())
    expect(trayActions.open).toHaveBeenCalledOnce()
  })
})
