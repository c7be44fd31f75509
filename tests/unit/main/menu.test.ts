import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it, vi, type Mock } from 'vitest'
import {
  aboutPanelOptions,
  buildMenuTemplate,
  type MenuActions,
  type MenuOptions
} from '../../../src/main/window/menu'
import {
  buildContextMenuTemplate,
  type ContextMenuActions,
  type ContextMenuParamsLike
} from '../../../src/main/window/context-menu'
import { APP_COMMANDS } from '../../../src/shared/bridge-contract'
import { menuText } from '../../../src/main/i18n/menu-text'

const ENGLISH = menuText('en')

function actions(): {
  command: Mock<MenuActions['command']>
  setTheme: Mock<MenuActions['setTheme']>
  openLogsFolder: Mock<() => void>
  setOpenAtLogin: Mock<(open: boolean) => void>
  reportProblem: Mock<() => void>
} {
  return {
    command: vi.fn<MenuActions['command']>(),
    setTheme: vi.fn<MenuActions['setTheme']>(),
    openLogsFolder: vi.fn<() => void>(),
    setOpenAtLogin: vi.fn<(open: boolean) => void>(),
    reportProblem: vi.fn<() => void>()
  }
}

function options(overrides: Partial<MenuOptions> = {}): MenuOptions {
  return {
    platform: 'win32',
    appName: 'Instaframe',
    isDev: false,
    theme: 'system',
    openAtLogin: false,
    actions: actions(),
    text: ENGLISH,
    ...overrides
  }
}

/** Every item, submenus included, depth first. */
function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [
    item,
    ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])
  ])
}

function find(items: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions {
  const item = flatten(items).find((candidate) => candidate.label === label)
  if (!item) throw new Error(`no menu item ${label}`)
  return item
}

const click = (item: MenuItemConstructorOptions): void => (item.click as () => void)()

describe('application menu', () => {
  it.each(['darwin', 'win32', 'linux'] as const)(
    'on %s every item does something: a role, a submenu or a click handler',
    (platform) => {
      for (const item of flatten(buildMenuTemplate(options({ platform, isDev: true })))) {
        if (item.type === 'separator') continue
        const acts = Boolean(item.role) || Array.isArray(item.submenu) || Boolean(item.click)
        expect(acts, `menu item ${item.label ?? item.role}`).toBe(true)
      }
    }
  )

  it('lists every app command exactly once, each sending its own command', () => {
    const menuActions = actions()
    const custom = flatten(buildMenuTemplate(options({ actions: menuActions }))).filter(
      (item) => item.click && item.type !== 'radio' && item.type !== 'checkbox'
    )
    for (const item of custom) click(item)
    const sent = menuActions.command.mock.calls.map((call) => call[0])
    expect([...sent].sort()).toEqual([...APP_COMMANDS].sort())
  })

  it.each([
    ['New Post', 'new-post', 'CmdOrCtrl+N'],
    ['Home', 'go-home', 'CmdOrCtrl+1'],
    ['Profile', 'go-profile', 'CmdOrCtrl+2'],
    ['Activity', 'go-activity', 'CmdOrCtrl+3'],
    ['Messages', 'go-direct', 'CmdOrCtrl+4'],
    ['Keyboard Shortcuts', 'show-shortcuts', 'CmdOrCtrl+/']
  ])('%s sends %s and has the accelerator %s', (label, command, accelerator) => {
    const menuActions = actions()
    const item = find(buildMenuTemplate(options({ actions: menuActions })), label)
    expect(item.accelerator).toBe(accelerator)
    click(item)
    expect(menuActions.command).toHaveBeenCalledWith(command)
  })

  it.each([
    ['darwin', 'Back', 'go-back', 'Cmd+['],
    ['darwin', 'Forward', 'go-forward', 'Cmd+]'],
    ['win32', 'Back', 'go-back', 'Alt+Left'],
    ['linux', 'Forward', 'go-forward', 'Alt+Right']
  ] as const)(
    'on %s Go › %s sends %s and shows %s, which the page handles itself',
    (platform, label, command, accelerator) => {
      const menuActions = actions()
      const item = find(buildMenuTemplate(options({ platform, actions: menuActions })), label)
      expect(item.accelerator).toBe(accelerator)
      // Registered, it would take Alt+← from text fields, where it moves the caret by word.
      expect(item.registerAccelerator).toBe(false)
      click(item)
      expect(menuActions.command).toHaveBeenCalledWith(command)
    }
  )

  it.each(['darwin', 'win32', 'linux'] as const)(
    'on %s Settings… opens the settings on Cmd/Ctrl+, which the page handles itself',
    (platform) => {
      const menuActions = actions()
      const template = buildMenuTemplate(options({ platform, actions: menuActions }))
      const menu = template.find(
        (top) =>
          Array.isArray(top.submenu) && top.submenu.some((item) => item.label === 'Settings…')
      )
      // macOS keeps Settings in the app's own menu; Windows and Linux in File.
      expect(menu?.label).toBe(platform === 'darwin' ? 'Instaframe' : 'File')
      const item = find(template, 'Settings…')
      expect(item.accelerator).toBe('CmdOrCtrl+,')
      expect(item.registerAccelerator).toBe(false)
      click(item)
      expect(menuActions.command).toHaveBeenCalledWith('open-settings')
    }
  )

  it('View › Theme shows the remembered theme checked and sets the one picked', () => {
    const menuActions = actions()
    const template = buildMenuTemplate(options({ theme: 'dark', actions: menuActions }))
    const theme = find(template, 'Theme').submenu as MenuItemConstructorOptions[]
    expect(theme.map((item) => [item.label, item.type, item.checked])).toEqual([
      ['System', 'radio', false],
      ['Light', 'radio', false],
      ['Dark', 'radio', true]
    ])
    click(theme[1])
    expect(menuActions.setTheme).toHaveBeenCalledWith('light')
  })

  it('Help opens the logs folder and reports a problem, and has zoom in View', () => {
    const menuActions = actions()
    const template = buildMenuTemplate(options({ actions: menuActions }))
    click(find(template, 'Open Logs Folder'))
    click(find(template, 'Report a Problem…'))
    expect(menuActions.openLogsFolder).toHaveBeenCalledOnce()
    expect(menuActions.reportProblem).toHaveBeenCalledOnce()
    const roles = flatten(template).map((item) => item.role)
    expect(roles).toEqual(expect.arrayContaining(['zoomIn', 'zoomOut', 'resetZoom', 'about']))
  })

  it('Open at Login is an opt-in checkbox, absent where the OS has no login items', () => {
    const menuActions = actions()
    const item = find(buildMenuTemplate(options({ actions: menuActions })), 'Open at Login')
    expect([item.type, item.checked]).toEqual(['checkbox', false])
    ;(item.click as (menuItem: { checked: boolean }) => void)({ checked: true })
    expect(menuActions.setOpenAtLogin).toHaveBeenCalledWith(true)
    const linux = buildMenuTemplate(options({ platform: 'linux', openAtLogin: null }))
    expect(flatten(linux).map((entry) => entry.label)).not.toContain('Open at Login')
  })

  it('leaves Report a Problem out when the build names no issue tracker', () => {
    const { reportProblem: _omitted, ...withoutTracker } = actions()
    const labels = flatten(buildMenuTemplate(options({ actions: withoutTracker }))).map(
      (item) => item.label
    )
    expect(labels).not.toContain('Report a Problem…')
  })

  it('has the macOS app menu on macOS only, with About there, and DevTools only in development', () => {
    const mac = buildMenuTemplate(options({ platform: 'darwin' }))
    const win = buildMenuTemplate(options({ platform: 'win32' }))
    expect(mac[0].label).toBe('Instaframe')
    expect(win[0].label).toBe('File')
    expect(flatten(mac).filter((item) => item.role === 'about')).toHaveLength(1)
    expect(JSON.stringify(win)).not.toContain('toggleDevTools')
    expect(JSON.stringify(buildMenuTemplate(options({ isDev: true })))).toContain('toggleDevTools')
  })
})

describe('context menu', () => {
  function params(overrides: Partial<ContextMenuParamsLike> = {}): ContextMenuParamsLike {
    return {
      x: 10,
      y: 20,
      isEditable: false,
      selectionText: '',
      misspelledWord: '',
      dictionarySuggestions: [],
      mediaType: 'none',
      srcURL: '',
      linkURL: '',
      editFlags: { canCut: false, canCopy: false, canPaste: true, canSelectAll: true },
      ...overrides
    }
  }
  function contextActions(): { [K in keyof ContextMenuActions]: Mock<ContextMenuActions[K]> } {
    return {
      replaceMisspelling: vi.fn<ContextMenuActions['replaceMisspelling']>(),
      addToDictionary: vi.fn<ContextMenuActions['addToDictionary']>(),
      copyImageAt: vi.fn<ContextMenuActions['copyImageAt']>(),
      saveImage: vi.fn<ContextMenuActions['saveImage']>(),
      copyText: vi.fn<ContextMenuActions['copyText']>()
    }
  }
  const PHOTO = 'http://127.0.0.1:54321/storage/v1/object/public/images/posts/u/p.webp'

  it('text fields get Cut, Copy, Paste and Select All, enabled as Chromium says', () => {
    const template = buildContextMenuTemplate(
      params({ isEditable: true }),
      contextActions(),
      ENGLISH
    )
    expect(template.filter((item) => item.role).map((item) => [item.role, item.enabled])).toEqual([
      ['cut', false],
      ['copy', false],
      ['paste', true],
      ['selectAll', true]
    ])
  })

  it('a misspelled word offers its suggestions first, each replacing the word', () => {
    const handlers = contextActions()
    const template = buildContextMenuTemplate(
      params({
        isEditable: true,
        misspelledWord: 'sunsett',
        dictionarySuggestions: ['sunset', 'sunsets']
      }),
      handlers,
      ENGLISH
    )
    expect(template.slice(0, 3).map((item) => item.label)).toEqual([
      'sunset',
      'sunsets',
      'Add to Dictionary'
    ])
    click(template[0])
    click(template[2])
    expect(handlers.replaceMisspelling).toHaveBeenCalledWith('sunset')
    expect(handlers.addToDictionary).toHaveBeenCalledWith('sunsett')
  })

  it('photos get Copy Image, Save Image As… and Copy Link', () => {
    const handlers = contextActions()
    const template = buildContextMenuTemplate(
      params({ mediaType: 'image', srcURL: PHOTO }),
      handlers,
      ENGLISH
    )
    expect(template.map((item) => item.label)).toEqual([
      'Copy Image',
      'Save Image As…',
      'Copy Link'
    ])
    for (const item of template) click(item)
    expect(handlers.copyImageAt).toHaveBeenCalledWith(10, 20)
    expect(handlers.saveImage).toHaveBeenCalledWith(PHOTO)
    expect(handlers.copyText).toHaveBeenCalledWith(PHOTO)
  })

  it('a local preview (blob:) can be copied but offers no link or save', () => {
    const template = buildContextMenuTemplate(
      params({ mediaType: 'image', srcURL: 'blob:file:///3f2b' }),
      contextActions(),
      ENGLISH
    )
    expect(template.map((item) => item.label)).toEqual(['Copy Image'])
  })

  it('selected text gets Copy; a link gets Copy Link, separated; elsewhere there is no menu', () => {
    const template = buildContextMenuTemplate(
      params({ selectionText: 'hello', linkURL: 'https://example.com/' }),
      contextActions(),
      ENGLISH
    )
    expect(template.map((item) => item.role ?? item.label ?? item.type)).toEqual([
      'Copy Link',
      'separator',
      'copy'
    ])
    expect(buildContextMenuTemplate(params(), contextActions(), ENGLISH)).toEqual([])
    expect(
      buildContextMenuTemplate(
        params({ linkURL: 'javascript:alert(1)' }),
        contextActions(),
        ENGLISH
      )
    ).toEqual([])
  })
})

describe('Help › About', () => {
  const facts = {
    appName: 'Instaframe',
    version: '0.1.0',
    electronVersion: '45.4.1',
    chromeVersion: '142.0.0.0',
    iconPath: '/opt/Instaframe/resources/tray-icon.png'
  }

  it('names the app, its version and what it runs on, so no platform shows an empty panel', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      expect(aboutPanelOptions({ ...facts, platform })).toMatchObject({
        applicationName: 'Instaframe',
        applicationVersion: '0.1.0',
        version: 'Electron 45.4.1, Chromium 142.0.0.0',
        copyright: expect.stringContaining('Instaframe team')
      })
    }
  })

  it('gives Linux the icon, which its panel has no default for', () => {
    expect(aboutPanelOptions({ ...facts, platform: 'linux' }).iconPath).toBe(facts.iconPath)
    expect(aboutPanelOptions({ ...facts, platform: 'darwin' }).iconPath).toBeUndefined()
  })
})
