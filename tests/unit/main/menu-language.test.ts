// The desktop menus in the page's language: the words (plurals by each language's rules), the
// application menu, the tray and the right-click menu built from them, the language chosen from
// the system at start and changed by the page, and the glue that installs the menu again.

import type { MenuItemConstructorOptions } from 'electron'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDesktopLanguage } from '../../../src/main/i18n/desktop-language'
import { menuLanguage, menuText } from '../../../src/main/i18n/menu-text'
import { buildMenuTemplate, type MenuOptions } from '../../../src/main/window/menu'
import { buildContextMenuTemplate } from '../../../src/main/window/context-menu'
import {
  buildTrayMenuTemplate,
  createTrayController,
  trayToolTip,
  unreadSummary,
  type TrayLike
} from '../../../src/main/notifications/tray'
import { LANGUAGES } from '../../../src/shared/languages'

const electron = vi.hoisted(() => ({
  setApplicationMenu: vi.fn(),
  buildFromTemplate: vi.fn((template: unknown) => ({ template }))
}))

vi.mock('electron', () => ({
  app: {
    name: 'Instaframe',
    isPackaged: true,
    getVersion: () => '1.0.0',
    getPath: () => '/logs',
    getLoginItemSettings: () => ({ openAtLogin: false }),
    setLoginItemSettings: vi.fn(),
    setAboutPanelOptions: vi.fn()
  },
  Menu: {
    setApplicationMenu: electron.setApplicationMenu,
    buildFromTemplate: electron.buildFromTemplate
  },
  nativeTheme: { themeSource: 'system' },
  shell: { openPath: vi.fn(), openExternal: vi.fn() }
}))

const { installApplicationMenu } = await import('../../../src/main/window/app-menu')

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [
    item,
    ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])
  ])
}

function options(platform: NodeJS.Platform, language: (typeof LANGUAGES)[number]): MenuOptions {
  return {
    platform,
    appName: 'Instaframe',
    isDev: true,
    theme: 'system',
    openAtLogin: platform === 'linux' ? null : false,
    actions: {
      command: vi.fn(),
      setTheme: vi.fn(),
      openLogsFolder: vi.fn(),
      setOpenAtLogin: vi.fn(),
      reportProblem: vi.fn()
    },
    text: menuText(language)
  }
}

const labels = (items: MenuItemConstructorOptions[]): string[] =>
  flatten(items).flatMap((item) => (item.label ? [item.label] : []))

describe('the menus’ words', () => {
  it('picks the menus’ language from the system’s tag, English when the app lacks it', () => {
    expect(menuLanguage('de-AT')).toBe('de')
    expect(menuLanguage('ar')).toBe('ar')
    expect(menuLanguage('ja-JP')).toBe('ja')
    expect(menuLanguage('pt-BR')).toBe('en')
  })

  it('fills placeholders and picks each language’s plural form', () => {
    expect(menuText('de')('about', { appName: 'Instaframe' })).toBe('Über Instaframe')
    const ar = menuText('ar')
    expect(ar('unreadMessages', { count: 1, n: '1' })).toBe('رسالة واحدة غير مقروءة')
    expect(ar('unreadMessages', { count: 2, n: '2' })).toBe('رسالتان غير مقروءتين')
    expect(ar('unreadMessages', { count: 3, n: '٣' })).toBe('٣ رسائل غير مقروءة')
    expect(menuText('en')('unreadMessages', { count: 1, n: '1' })).toBe('1 unread message')
  })
})

describe('the application menu in the page’s language', () => {
  it.each(['win32', 'linux'] as const)(
    'on %s every item is labelled in Arabic, role items too (Electron’s own are English)',
    (platform) => {
      const arabic = buildMenuTemplate(options(platform, 'ar'))
      const english = new Set(labels(buildMenuTemplate(options(platform, 'en'))))
      for (const item of flatten(arabic)) {
        if (item.type === 'separator') continue
        expect(item.label, String(item.role)).toBeTruthy()
        expect(english.has(item.label ?? ''), item.label).toBe(false)
      }
      expect(arabic.map((top) => top.label)).toEqual([
        'ملف',
        'تحرير',
        'انتقال',
        'عرض',
        'نافذة',
        'تعليمات'
      ])
    }
  )

  it('on macOS labels the app’s own items and leaves role items to the system', () => {
    const german = buildMenuTemplate(options('darwin', 'de'))
    const items = flatten(german)
    expect(labels(german)).toEqual(
      expect.arrayContaining(['Datei', 'Neuer Beitrag', 'Einstellungen…', 'Design', 'Hell'])
    )
    for (const item of items.filter((entry) => entry.role)) expect(item.label).toBeUndefined()
  })

  it('a Windows Edit menu keeps Electron’s roles behind the translated labels', () => {
    const edit = buildMenuTemplate(options('win32', 'ja'))[1]
      .submenu as MenuItemConstructorOptions[]
    expect(edit.filter((item) => item.role).map((item) => [item.role, item.label])).toEqual([
      ['undo', '元に戻す'],
      ['redo', 'やり直す'],
      ['cut', '切り取り'],
      ['copy', 'コピー'],
      ['paste', '貼り付け'],
      ['delete', '削除'],
      ['selectAll', 'すべてを選択']
    ])
  })

  it('the right-click menu speaks the language, role items included', () => {
    const actions = {
      replaceMisspelling: vi.fn(),
      addToDictionary: vi.fn(),
      copyImageAt: vi.fn(),
      saveImage: vi.fn(),
      copyText: vi.fn()
    }
    const params = {
      x: 0,
      y: 0,
      isEditable: true,
      selectionText: '',
      misspelledWord: 'hallo',
      dictionarySuggestions: [],
      mediaType: 'none',
      srcURL: '',
      linkURL: '',
      editFlags: { canCut: true, canCopy: true, canPaste: true, canSelectAll: true }
    }
    expect(labels(buildContextMenuTemplate(params, actions, menuText('es')))).toEqual([
      'No hay sugerencias',
      'Añadir al diccionario',
      'Cortar',
      'Copiar',
      'Pegar',
      'Seleccionar todo'
    ])
  })
})

describe('the tray in the page’s language', () => {
  it('counts in the language’s words and digits, 100 and more as 99+', () => {
    const ar = menuText('ar')
    expect(unreadSummary({ activity: 2, messages: 0 }, ar)).toBe('إشعاران غير مقروءين')
    // Digits as the renderer's Intl writes them in Arabic (the ICU data decides which).
    const digits = new Intl.NumberFormat('ar')
    expect(unreadSummary({ activity: 150, messages: 11 }, ar)).toBe(
      `${digits.format(99)}+ إشعارًا غير مقروء، ${digits.format(11)} رسالة غير مقروءة`
    )
    expect(trayToolTip({ activity: 3, messages: 1 })).toBe(
      'Instaframe: 3 unread notifications, 1 unread message'
    )
    expect(labels(buildTrayMenuTemplate(trayActions(), { activity: 0, messages: 0 }, ar))).toEqual([
      'فتح Instaframe',
      'منشور جديد',
      'إنهاء Instaframe'
    ])
  })

  it('rebuilds its menu and tooltip when the language changes', () => {
    let shown: { toolTip: string; template: MenuItemConstructorOptions[] } = {
      toolTip: '',
      template: []
    }
    const tray: TrayLike = {
      setToolTip: (toolTip) => void (shown = { ...shown, toolTip }),
      setContextMenu: (template) => void (shown = { ...shown, template }),
      on: () => undefined,
      destroy: () => undefined
    }
    const controller = createTrayController({
      platform: 'linux',
      createTray: () => tray,
      actions: trayActions()
    })
    controller.setSignedIn(true)
    controller.setUnreadCount(1)
    expect(shown.toolTip).toBe('Instaframe: 1 unread notification')
    controller.setText(menuText('de'))
    expect(shown.toolTip).toBe('Instaframe: 1 ungelesene Benachrichtigung')
    expect(labels(shown.template)).toContain('Instaframe beenden')
  })
})

describe('the menus follow the page', () => {
  beforeEach(() => {
    electron.setApplicationMenu.mockClear()
    electron.buildFromTemplate.mockClear()
  })

  it('start in the system’s language and change once when the page speaks another', () => {
    const onChange = vi.fn()
    const language = createDesktopLanguage({ systemLocale: 'de-CH', onChange })
    expect(language.text().language).toBe('de')
    language.set('de')
    expect(onChange).not.toHaveBeenCalled()
    language.set('ar')
    language.set('ar')
    expect(onChange).toHaveBeenCalledOnce()
    expect(onChange.mock.calls[0][0]('file')).toBe('ملف')
    expect(language.text().language).toBe('ar')
  })

  it('installs the application menu in the language it is given', () => {
    const preferences = { get: vi.fn(), set: vi.fn(), delete: vi.fn() }
    installApplicationMenu({ preferences, command: vi.fn(), text: menuText('ja') })
    const template = electron.buildFromTemplate.mock.calls[0][0] as MenuItemConstructorOptions[]
    expect(labels(template)).toEqual(expect.arrayContaining(['ファイル', '新規投稿']))
    expect(electron.setApplicationMenu).toHaveBeenCalledOnce()
  })
})

function trayActions(): Parameters<typeof buildTrayMenuTemplate>[0] {
  return {
    open: vi.fn(),
    newPost: vi.fn(),
    showActivity: vi.fn(),
    showMessages: vi.fn(),
    quit: vi.fn()
  }
}
