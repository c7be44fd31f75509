// The window glue on a fake window: the outbox queues again only for a new document, a renderer
// crash asks and reloads (never on a clean exit), the page's console reaches renderer.log with
// its level, and the right-click menu pops up only when it has items.

import { EventEmitter } from 'node:events'
import type { BrowserWindow } from 'electron'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createRendererOutbox, type OutboxEvent } from '../../../src/main/window/renderer-outbox'
import { menuText } from '../../../src/main/i18n/menu-text'
import { silentLogger } from './fakes'

const electron = vi.hoisted(() => ({
  showMessageBox: vi.fn(async () => ({ response: 0 })),
  popup: vi.fn(),
  buildFromTemplate: vi.fn((template: unknown[]) => ({ template, popup: electron.popup })),
  writeText: vi.fn()
}))

vi.mock('electron', () => ({
  clipboard: { writeText: electron.writeText },
  dialog: { showMessageBox: electron.showMessageBox },
  Menu: { buildFromTemplate: electron.buildFromTemplate }
}))

const { attachWindowBehaviour } = await import('../../../src/main/window/window-behaviour')

let words = menuText('en')

function setUp(): {
  contents: EventEmitter
  window: EventEmitter & { isDestroyed(): boolean }
  delivered: OutboxEvent[]
  outbox: ReturnType<typeof createRendererOutbox>
  reload: ReturnType<typeof vi.fn>
  quit: ReturnType<typeof vi.fn>
  rendererLog: ReturnType<typeof silentLogger>
} {
  const contents = new EventEmitter()
  const window = Object.assign(new EventEmitter(), {
    webContents: contents,
    isDestroyed: () => false
  })
  const delivered: OutboxEvent[] = []
  const outbox = createRendererOutbox((event) => delivered.push(event))
  const reload = vi.fn()
  const quit = vi.fn()
  const rendererLog = silentLogger()
  attachWindowBehaviour(window as unknown as BrowserWindow, {
    outbox,
    log: silentLogger(),
    rendererLog,
    reload,
    quit,
    menuText: () => words
  })
  return { contents, window, delivered, outbox, reload, quit, rendererLog }
}

describe('window behaviour', () => {
  beforeEach(() => {
    electron.showMessageBox.mockClear()
    electron.popup.mockClear()
  })

  it('queues events again for a new document, but not for a route change inside the page', () => {
    const { contents, delivered, outbox } = setUp()
    outbox.markReady()
    contents.emit('did-start-navigation', { isMainFrame: true, isSameDocument: true })
    contents.emit('did-start-navigation', { isMainFrame: false, isSameDocument: false })
    outbox.send('app:command', 'go-home')
    expect(delivered).toHaveLength(1)
    contents.emit('did-start-navigation', { isMainFrame: true, isSameDocument: false })
    outbox.send('app:command', 'go-profile')
    expect(delivered).toHaveLength(1)
  })

  it('a crashed page asks, then reloads when the user picks Reload', async () => {
    const { contents, window, reload, quit } = setUp()
    contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 })
    expect(electron.showMessageBox).toHaveBeenCalledOnce()
    const [, options] = electron.showMessageBox.mock.calls[0] as unknown as [
      unknown,
      { buttons: string[] }
    ]
    expect(options.buttons).toEqual(['Reload', 'Quit'])
    await vi.waitFor(() => expect(reload).toHaveBeenCalledWith(window))
    expect(quit).not.toHaveBeenCalled()
  })

  it('a clean exit (the window closing) asks nothing', () => {
    const { contents } = setUp()
    contents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 })
    expect(electron.showMessageBox).not.toHaveBeenCalled()
  })

  it("writes the page's console to renderer.log at its level", () => {
    const { contents, rendererLog } = setUp()
    const message = (level: string, text: string): object => ({
      level,
      message: text,
      sourceId: 'index.js',
      lineNumber: 3
    })
    contents.emit('console-message', message('error', 'boom'))
    contents.emit('console-message', message('warning', 'careful'))
    contents.emit('console-message', message('info', 'hello'))
    contents.emit('console-message', message('debug', 'noise'))
    expect(rendererLog.error).toHaveBeenCalledWith('boom (index.js:3)')
    expect(rendererLog.warn).toHaveBeenCalledWith('careful (index.js:3)')
    expect(rendererLog.info).toHaveBeenCalledWith('hello (index.js:3)')
    expect(rendererLog.info).toHaveBeenCalledTimes(1)
  })

  it('pops up the right-click menu only where it has items', () => {
    const { contents } = setUp()
    const params = {
      x: 1,
      y: 2,
      isEditable: false,
      selectionText: '',
      misspelledWord: '',
      dictionarySuggestions: [],
      mediaType: 'none',
      srcURL: '',
      linkURL: '',
      editFlags: { canCut: false, canCopy: false, canPaste: false, canSelectAll: false }
    }
    contents.emit('context-menu', {}, params)
    expect(electron.popup).not.toHaveBeenCalled()
    contents.emit('context-menu', {}, { ...params, selectionText: 'hello' })
    expect(electron.popup).toHaveBeenCalledOnce()
  })

  it('words the right-click menu in the language the page speaks at that moment', () => {
    const { contents } = setUp()
    const params = {
      x: 1,
      y: 2,
      isEditable: false,
      selectionText: 'hallo',
      misspelledWord: '',
      dictionarySuggestions: [],
      mediaType: 'none',
      srcURL: '',
      linkURL: '',
      editFlags: { canCut: false, canCopy: true, canPaste: false, canSelectAll: false }
    }
    words = menuText('de')
    contents.emit('context-menu', {}, params)
    words = menuText('en')
    const built = electron.buildFromTemplate.mock.calls.at(-1)?.[0] as Array<{ label?: string }>
    expect(built.map((item) => item.label)).toEqual(['Kopieren'])
  })
})
