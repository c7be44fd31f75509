// The native dialogs and files behind images:pick and data:export, attached to the main window
// when there is one.

import { readFile, rm, stat } from 'node:fs/promises'
import { dialog, type BrowserWindow } from 'electron'
import { openArchiveFile } from './data-export'

export function fileDialogs(window: () => BrowserWindow | null) {
  return {
    images: {
      // Looked up on each call (not bound once), so tests can stub dialog.showOpenDialog.
      showOpenDialog: (options: Electron.OpenDialogOptions) => {
        const parent = window()
        return parent ? dialog.showOpenDialog(parent, options) : dialog.showOpenDialog(options)
      },
      stat: (path: string) => stat(path),
      readFile: (path: string) => readFile(path)
    },
    dataExport: {
      showSaveDialog: (options: Electron.SaveDialogOptions) => {
        const parent = window()
        return parent ? dialog.showSaveDialog(parent, options) : dialog.showSaveDialog(options)
      },
      createFile: openArchiveFile,
      removeFile: (path: string) => rm(path, { force: true })
    }
  }
}
