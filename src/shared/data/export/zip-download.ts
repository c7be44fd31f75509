// An Instagram download (or our own archive) given as a zip: the names are read from the zip's
// directory without inflating anything, and each file is inflated only when asked for, so the
// preview reads the posts lists and the photos they name, never the whole download's contents.
// Before anything is inflated, the directory's declarations are held to the import's bounds
// (how many files, how many bytes once inflated, how many times their compressed size), and
// each file inflates to no more than its declared size (zip-directory.ts): a zip bomb or a
// header that lies is refused with a message, before any post is made.

import {
  MAX_IMPORT_ARCHIVE_BYTES,
  MAX_IMPORT_ARCHIVE_ENTRIES,
  MAX_IMPORT_COMPRESSION_RATIO
} from '../../limits'
import { refused, REFUSED } from '../refusal'
import type { DownloadFiles } from './instagram-import'
import {
  inflateEntry,
  readZipDirectory,
  ZipReadError,
  ZipTooManyEntriesError,
  type ZipEntry
} from './zip-directory'

/** Below this, a file (or archive) that compresses well is no threat, so its ratio is not asked. */
const RATIO_FLOOR_BYTES = 1024 * 1024

const count = (value: number): string => value.toLocaleString('en-US')
const gigabytes = (bytes: number): string => `${count(bytes / 1024 ** 3)} GB`

/** What the person is told; nothing is imported in any of these cases. */
export const IMPORT_ARCHIVE_MESSAGES = {
  tooManyFiles: refused('zipTooManyFiles', { files: count(MAX_IMPORT_ARCHIVE_ENTRIES) }),
  tooLarge: refused('zipTooLarge', { size: gigabytes(MAX_IMPORT_ARCHIVE_BYTES) }),
  bomb: refused('zipBomb', { ratio: MAX_IMPORT_COMPRESSION_RATIO }),
  damaged: REFUSED.zipDamaged,
  unsupported: REFUSED.zipUnsupported,
  encrypted: REFUSED.zipEncrypted
} as const

/** A refusal to read an import archive, with the message for the person. */
export class ImportArchiveError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ImportArchiveError'
  }
}

const refusal = (error: unknown): unknown =>
  error instanceof ZipTooManyEntriesError
    ? new ImportArchiveError(IMPORT_ARCHIVE_MESSAGES.tooManyFiles)
    : error instanceof ZipReadError
      ? new ImportArchiveError(IMPORT_ARCHIVE_MESSAGES[error.reason])
      : error

const inflatesTooFar = (size: number, compressed: number): boolean =>
  size > RATIO_FLOOR_BYTES && size > compressed * MAX_IMPORT_COMPRESSION_RATIO

/** The directory, once its declarations are within the import's bounds. */
export function boundedEntries(zip: Uint8Array): ZipEntry[] {
  let entries: ZipEntry[]
  try {
    entries = readZipDirectory(zip, MAX_IMPORT_ARCHIVE_ENTRIES)
  } catch (error) {
    throw refusal(error)
  }
  let total = 0
  for (const entry of entries) {
    total += entry.size
    if (total > MAX_IMPORT_ARCHIVE_BYTES) {
      throw new ImportArchiveError(IMPORT_ARCHIVE_MESSAGES.tooLarge)
    }
    if (inflatesTooFar(entry.size, entry.compressedSize)) {
      throw new ImportArchiveError(IMPORT_ARCHIVE_MESSAGES.bomb)
    }
  }
  // Many small files each under the floor can still add up to a bomb.
  if (inflatesTooFar(total, zip.byteLength)) {
    throw new ImportArchiveError(IMPORT_ARCHIVE_MESSAGES.bomb)
  }
  return entries
}

export function zipDownloadFiles(zip: Uint8Array): DownloadFiles {
  // A name listed twice is read as its last copy, as unzip tools do.
  const files = new Map<string, ZipEntry>()
  for (const entry of boundedEntries(zip)) {
    if (!entry.name.endsWith('/')) files.set(entry.name, entry)
  }
  return {
    paths: () => [...files.keys()],
    async read(path) {
      const entry = files.get(path)
      if (!entry) return null
      try {
        return inflateEntry(zip, entry)
      } catch (error) {
        throw refusal(error)
      }
    }
  }
}
