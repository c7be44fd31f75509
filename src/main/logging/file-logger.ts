// Log files: one per process (main.log, renderer.log, backend.log) in the OS's logs folder (Help ›
// Open Logs Folder), each rotated at a size limit into <name>.old.log, with levels. Built on
// electron-log, passed in so tests drive a real instance (its Node build) into a temporary
// folder. Every message is redacted before any transport sees it.

import { join } from 'node:path'
import type { LogLevel, LogMessage, NodeLogger } from 'electron-log'
import type { Logger } from '../../shared/logger'
import { redact } from '../../shared/redact'

export type LogProcess = 'main' | 'renderer' | 'backend'

/** A log grows to this size, then the previous one is kept as .old.log: at most twice this each. */
export const MAX_LOG_FILE_BYTES = 5 * 1024 * 1024

const LEVELS: readonly LogLevel[] = ['error', 'warn', 'info', 'verbose', 'debug', 'silly']

/** INSTAFRAME_LOG_LEVEL when it names a level, otherwise info (debug in development). */
export function logLevelFrom(value: string | undefined, isDev: boolean): LogLevel {
  const wanted = value?.trim().toLowerCase()
  if (wanted && (LEVELS as readonly string[]).includes(wanted)) return wanted as LogLevel
  return isDev ? 'debug' : 'info'
}

export interface FileLoggerOptions {
  logsDir: string
  process: LogProcess
  level: LogLevel
  /** Echo to stdout/stderr too (development and tests of the app, not the packaged app). */
  console: boolean
}

/** Replaces every argument with its redacted copy; runs before the file and console transports. */
export function redactMessage(message: LogMessage): LogMessage {
  return { ...message, data: message.data.map((item: unknown) => redact(item)) }
}

export function configureFileLogger(log: NodeLogger, options: FileLoggerOptions): Logger {
  const file = log.transports.file
  file.level = options.level
  file.maxSize = MAX_LOG_FILE_BYTES
  file.resolvePathFn = () => join(options.logsDir, `${options.process}.log`)
  log.transports.console.level = options.console ? options.level : false
  // Hooks run before transports; a logger that is configured twice gets the hook once.
  if (!log.hooks.includes(redactMessage)) log.hooks.push(redactMessage)
  return {
    info: (message, ...details) => log.info(message, ...details),
    warn: (message, ...details) => log.warn(message, ...details),
    error: (message, ...details) => log.error(message, ...details)
  }
}
