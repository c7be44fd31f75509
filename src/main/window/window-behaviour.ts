// Glue that gives the app window its desktop behaviour: the right-click menu, recovery when the
// page's process dies, and telling the outbox when the page reloads. The decisions live in
// context-menu.ts and crash-recovery.ts.

import { clipboard, dialog, Menu, type BrowserWindow } from 'electron'
import type { Logger } from '../../shared/logger'
import type { MenuText } from '../i18n/menu-text'
import { buildContextMenuTemplate } from './context-menu'
import { createCrashRecovery, needsRecovery } from './crash-recovery'
import type { RendererOutbox } from './renderer-outbox'

export interface WindowBehaviourDeps {
  outbox: RendererOutbox
  log: Logger
  /** renderer.log: what the page writes to its console. */
  rendererLog: Logger
  /** Loads the app page again (the same way the window first loaded it). */
  reload(window: BrowserWindow): void
  quit(): void
  /** The menus' words in the page's current language. */
  menuText(): MenuText
}

export function attachWindowBehaviour(window: BrowserWindow, deps: WindowBehaviourDeps): void {
  const contents = window.webContents

  contents.on('context-menu', (_event, params) => {
    const template = buildContextMenuTemplate(
      params,
      {
        replaceMisspelling: (word) => contents.replaceMisspelling(word),
        addToDictionary: (word) => contents.session.addWordToSpellCheckerDictionary(word),
        copyImageAt: (x, y) => contents.copyImageAt(x, y),
        // A download of a URL the page shows; Electron asks where to save it.
        saveImage: (url) => contents.downloadURL(url),
        copyText: (text) => clipboard.writeText(text)
      },
      deps.menuText()
    )
    if (template.length > 0) Menu.buildFromTemplate(template).popup({ window })
  })

  contents.on('console-message', (event) => {
    const line = `${event.message} (${event.sourceId}:${event.lineNumber})`
    if (event.level === 'error') deps.rendererLog.error(line)
    else if (event.level === 'warning') deps.rendererLog.warn(line)
    else if (event.level === 'info') deps.rendererLog.info(line)
  })

  // A new document (a reload, or the recovery below) must subscribe again before it gets events;
  // moving between routes inside the page keeps the same document.
  contents.on('did-start-navigation', (event) => {
    if (event.isMainFrame && !event.isSameDocument) deps.outbox.markNotReady()
  })
  window.on('closed', () => deps.outbox.markNotReady())

  const recovery = createCrashRecovery()
  contents.on('render-process-gone', (_event, gone) => {
    deps.outbox.markNotReady()
    if (!needsRecovery(gone)) return
    deps.log.error(`[window] renderer process gone: ${gone.reason} (exit code ${gone.exitCode})`)
    if (window.isDestroyed()) return
    const prompt = recovery.prompt(gone)
    void dialog
      .showMessageBox(window, {
        type: 'error',
        title: 'Instaframe',
        message: prompt.message,
        detail: prompt.detail,
        buttons: prompt.buttons,
        defaultId: 0,
        noLink: true
      })
      .then(({ response }) => {
        if (window.isDestroyed()) return
        if (response === prompt.reloadButton) deps.reload(window)
        else deps.quit()
      })
  })
}
