// The data folder must be writable before PGlite touches it. A read-only or full disk otherwise
// surfaces as a raw errno from deep inside PGlite's WebAssembly file system ("[object Object]",
// `{"name":"ErrnoError","errno":51}`), which tells the user nothing; the CLI then exits 1 and the
// desktop supervisor retries a start that cannot succeed. Here such failures become one clear
// sentence naming the folder and the cause.

import { randomUUID } from 'node:crypto'
import { mkdir, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export class DataDirError extends Error {
  constructor(
    readonly dataDir: string,
    readonly reason: 'read-only' | 'full' | 'not-permitted' | 'missing',
    cause: unknown
  ) {
    const why = {
      'read-only': 'is on a read-only file system',
      full: 'is on a disk with no space left',
      'not-permitted': 'is not writable by this user',
      missing: 'cannot be created (its parent is missing or read-only)'
    }[reason]
    const hint = reason === 'full' ? 'Free some space or choose' : 'Choose'
    super(`The data folder ${dataDir} ${why}. ${hint} another folder with --data.`, { cause })
  }
}

// Node's error codes, and the numbers Emscripten's file system (PGlite) throws as ErrnoError.
const BY_CODE: Record<string, DataDirError['reason']> = {
  EROFS: 'read-only',
  ENOSPC: 'full',
  EDQUOT: 'full',
  EACCES: 'not-permitted',
  EPERM: 'not-permitted',
  ENOENT: 'missing'
}
const BY_WASM_ERRNO: Record<number, DataDirError['reason']> = {
  69: 'read-only',
  51: 'full',
  19: 'full',
  2: 'not-permitted',
  63: 'not-permitted'
}

/** The DataDirError a file-system failure under `dataDir` amounts to, or null if it is not one. */
export function asDataDirError(dataDir: string, error: unknown): DataDirError | null {
  if (error instanceof DataDirError) return error
  if (!error || typeof error !== 'object') return null
  const { code, errno, name } = error as { code?: unknown; errno?: unknown; name?: unknown }
  const reason =
    (typeof code === 'string' ? BY_CODE[code] : undefined) ??
    (name === 'ErrnoError' && typeof errno === 'number' ? BY_WASM_ERRNO[errno] : undefined)
  return reason ? new DataDirError(dataDir, reason, error) : null
}

/** Creates the folder and proves it takes a write, so start fails early and clearly. */
export async function prepareDataDir(dataDir: string): Promise<void> {
  const probe = join(dataDir, `.write-test-${randomUUID()}`)
  try {
    await mkdir(dataDir, { recursive: true })
    await writeFile(probe, 'ok')
    await unlink(probe)
  } catch (error) {
    throw asDataDirError(dataDir, error) ?? error
  }
}

/** A start error as one line for the console. */
export function describeStartError(error: unknown): string {
  if (error instanceof Error) return error.message
  if (error && typeof error === 'object') return JSON.stringify(error)
  return String(error)
}
