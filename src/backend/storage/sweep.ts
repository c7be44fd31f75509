// Stray-file sweep: what a crash can leave behind in the storage folder, removed when the
// backend starts (and hourly while it runs). Within one upload, the bytes are published just
// before the commit (upload.ts): a kill -9 in that window leaves a file with no object row, and
// one during staging leaves a temporary file in .staging. The sweep removes
// 1. files in bucket folders that have no object row and are older than the grace period (an
//    upload committing right now has its row a moment after its file);
// 2. everything in .staging (at start nothing is in flight; later, only files older than grace).
// Objects whose rows exist are the API's business: which of them a project still needs is its
// own rule (this app's housekeeping removes unreferenced uploads through the Storage API).

import { readdir, stat, unlink } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import type { BackendContext } from '../context'

async function listFiles(dir: string): Promise<string[]> {
  let entries
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true })
  } catch {
    return []
  }
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}

async function olderThan(file: string, cutoff: number): Promise<boolean> {
  try {
    return (await stat(file)).mtimeMs < cutoff
  } catch {
    return false
  }
}

async function sweepFiles(
  context: BackendContext,
  storageDir: string,
  graceSeconds: number,
  atStart: boolean
): Promise<number> {
  const cutoff = Date.now() - graceSeconds * 1000
  let removed = 0
  for (const file of await listFiles(join(storageDir, '.staging'))) {
    if (atStart || (await olderThan(file, cutoff))) {
      await unlink(file).catch(() => undefined)
      removed++
    }
  }
  for (const file of await listFiles(storageDir)) {
    const parts = relative(storageDir, file).split(sep)
    if (parts[0] === '.staging' || parts.length < 2) continue
    let bucket: string
    let key: string
    try {
      // diskName (keys.ts) percent-encodes every unsafe character, so this reverses it.
      ;[bucket, key] = [
        decodeURIComponent(parts[0]),
        parts.slice(1).map(decodeURIComponent).join('/')
      ]
    } catch {
      continue
    }
    if (!(await olderThan(file, cutoff))) continue
    const { rows } = await context.db.query(
      'select 1 from storage.objects where bucket_id = $1 and name = $2',
      [bucket, key]
    )
    if (rows.length === 0) {
      await unlink(file).catch(() => undefined)
      removed++
    }
  }
  return removed
}

/** Removes row-less files and staging leftovers; returns how many files went. */
export async function sweepStrayFiles(
  context: BackendContext,
  options: { graceMinutes: number; atStart: boolean }
): Promise<number> {
  const storageDir = context.config.storageDir
  if (!storageDir) return 0
  return sweepFiles(context, storageDir, Math.max(0, options.graceMinutes * 60), options.atStart)
}
