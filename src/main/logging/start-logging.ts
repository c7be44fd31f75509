// Glue: the crash reporter and the three log files, started before anything else in main so a
// failing start is recorded. Call after the userData path is final (the logs folder derives
// from it on Windows and Linux).

import { app, crashReporter, ipcMain } from 'electron'
import electronLog from 'electron-log/main'
import type { Logger } from '../../shared/logger'
import { crashReporterOptions } from './crash-reports'
import {
  configureFileLogger,
  logLevelFrom,
  type FileLoggerOptions,
  type LogProcess
} from './file-logger'

const ELECTRON_LOG_CHANNEL = '__ELECTRON_LOG__'

export interface AppLogs {
  main: Logger
  renderer: Logger
  backend: Logger
}

export function startLogging(): AppLogs {
  crashReporter.start(
    crashReporterOptions({
      runtimeUrl: process.env.INSTAFRAME_CRASH_REPORT_URL,
      buildUrl: import.meta.env.MAIN_VITE_CRASH_REPORT_URL,
      version: app.getVersion()
    })
  )
  const options = (name: LogProcess): FileLoggerOptions => ({
    logsDir: app.getPath('logs'),
    process: name,
    level: logLevelFrom(process.env.INSTAFRAME_LOG_LEVEL, !app.isPackaged),
    console: !app.isPackaged
  })
  const logs = {
    main: configureFileLogger(electronLog, options('main')),
    renderer: configureFileLogger(electronLog.create({ logId: 'renderer' }), options('renderer')),
    backend: configureFileLogger(electronLog.create({ logId: 'backend' }), options('backend'))
  }
  // Uncaught errors in main go to main.log too, without electron-log's own dialog.
  electronLog.errorHandler.startCatching({ showDialog: false })
  // electron-log listens on its own IPC channel for renderer-side logging when imported. The page
  // does not use it (main records the page's console instead), and every IPC channel goes
  // through the checked handle() wrapper, so that channel is closed again.
  ipcMain.removeAllListeners(ELECTRON_LOG_CHANNEL)
  ipcMain.removeHandler(ELECTRON_LOG_CHANNEL)
  return logs
}

/** electron-log's main instance, for libraries that take a logger of that shape. */
export { electronLog }
