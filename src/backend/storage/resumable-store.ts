// Where resumable (TUS) uploads keep their state and the bytes received so far until they
// complete: a JSON file and a part file per upload, always on disk, so an upload in progress
// costs no memory whatever its size. The folder is `resumable-uploads/` in the data folder, or
// (a backend without one) a temporary folder made on first use and removed by close().
// The JSON's offset is the truth: bytes past it (a crash mid-append) are cut off when the upload
// is next read, so a resumed upload never carries half a chunk. An index in memory (who holds
// each live upload, its declared length and expiry) answers the per-person caps and the sweep
// without reading the folder; it is rebuilt from the folder on first use after a restart.

import { createHash } from 'node:crypto'
import {
  appendFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  truncate,
  unlink,
  writeFile
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface ResumableUpload {
  /** base64url of `bucket/key/version`, as hosted names them; the last part of the URL. */
  id: string
  bucketId: string
  key: string
  length: number
  offset: number
  /** The Upload-Metadata header as sent, given back on HEAD. */
  rawMetadata: string
  contentType: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
  upsert: boolean
  /** The JWT `sub` of the creator (null for anon): only they may continue the upload. */
  ownerSub: string | null
  /** Whom the per-person caps count the upload against (resumable-caps.ts). */
  holder: string
  /** Epoch milliseconds; moved on by every chunk (an upload expires when abandoned). */
  expiresAt: number
}

/** One holder's uploads in progress. */
export interface HolderUsage {
  uploads: number
  /** Their declared lengths, added up. */
  bytes: number
}

export interface ResumableStore {
  /**
   * Records a new upload. `admit` sees the holder's uploads in progress and throws to refuse;
   * it runs with the new upload counted atomically (no other create between check and count).
   */
  create(upload: ResumableUpload, admit?: (usage: HolderUsage) => void): Promise<void>
  get(id: string): Promise<ResumableUpload | null>
  /** Appends at the upload's current offset; returns it with the new offset and `expiresAt`. */
  append(upload: ResumableUpload, bytes: Uint8Array, expiresAt: number): Promise<ResumableUpload>
  bytes(upload: ResumableUpload): Promise<Buffer>
  remove(id: string): Promise<void>
  /** The ids of uploads whose expiry is at or before `now`. */
  expired(now: number): Promise<string[]>
  /** When an upload in progress expires (undefined: there is none of that id). */
  expiresAt(id: string): number | undefined
  /** Removes files no upload owns (a crash between writes) last changed before `before`. */
  removeStrays(before: number): Promise<number>
  /** The folder the parts are in, once there is one. */
  folder(): string | null
  /** Removes the folder when it is a temporary one; a data folder's uploads stay to resume. */
  close(): Promise<void>
}

interface Indexed {
  holder: string
  length: number
  expiresAt: number
}

const ignoreMissing = (error: unknown): void => {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
}

const TEMPORARY_PREFIX = 'instaframe-resumable-'

/** A store in `dir`, or in a temporary folder when `dir` is null. */
export function createResumableStore(dir: string | null): ResumableStore {
  const index = new Map<string, Indexed>()
  let folder: string | null = dir
  let opened: Promise<string> | null = null
  let closed = false

  /** Files are named by a digest of the id: any id makes a safe name. */
  const nameOf = (id: string): string => createHash('sha256').update(id).digest('hex')
  const fileBase = (root: string, id: string): string => join(root, nameOf(id))

  async function readState(file: string): Promise<ResumableUpload | null> {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as ResumableUpload
    } catch {
      return null
    }
  }

  /**
   * The folder for a sweep: a data folder is opened (its uploads from an earlier run are swept
   * too), a temporary one only once an upload made it.
   */
  const openForSweep = (): Promise<string> | null => (dir ? open() : opened)

  /** The folder, made (and, for a data folder, indexed) on first use. */
  function open(): Promise<string> {
    if (closed) return Promise.reject(new Error('The resumable upload store is closed'))
    opened ??= (async () => {
      if (!dir) {
        folder = await mkdtemp(join(tmpdir(), TEMPORARY_PREFIX))
        return folder
      }
      await mkdir(dir, { recursive: true })
      for (const name of await readdir(dir)) {
        if (!name.endsWith('.json')) continue
        const upload = await readState(join(dir, name))
        if (upload && `${nameOf(upload.id)}.json` === name) {
          index.set(upload.id, {
            holder: upload.holder,
            length: upload.length,
            expiresAt: upload.expiresAt
          })
        }
      }
      return dir
    })()
    return opened
  }

  async function saveState(root: string, upload: ResumableUpload): Promise<void> {
    const file = `${fileBase(root, upload.id)}.json`
    await writeFile(`${file}.tmp`, JSON.stringify(upload))
    await rename(`${file}.tmp`, file)
  }

  function usageOf(holder: string): HolderUsage {
    const usage: HolderUsage = { uploads: 0, bytes: 0 }
    for (const entry of index.values()) {
      if (entry.holder !== holder) continue
      usage.uploads++
      usage.bytes += entry.length
    }
    return usage
  }

  async function remove(id: string): Promise<void> {
    const root = await open()
    index.delete(id)
    await unlink(`${fileBase(root, id)}.json`).catch(ignoreMissing)
    await unlink(`${fileBase(root, id)}.part`).catch(ignoreMissing)
  }

  return {
    async create(upload, admit) {
      const root = await open()
      // Check and count with no await between them: two creates cannot both pass one check.
      admit?.(usageOf(upload.holder))
      index.set(upload.id, {
        holder: upload.holder,
        length: upload.length,
        expiresAt: upload.expiresAt
      })
      try {
        await writeFile(`${fileBase(root, upload.id)}.part`, new Uint8Array())
        await saveState(root, upload)
      } catch (error) {
        await remove(upload.id).catch(() => undefined)
        throw error
      }
    },
    async get(id) {
      const root = await open()
      if (!index.has(id)) return null
      const base = fileBase(root, id)
      const upload = await readState(`${base}.json`)
      if (!upload || upload.id !== id) return null
      const size = (await stat(`${base}.part`).catch(() => null))?.size ?? -1
      if (size < upload.offset) return null
      if (size > upload.offset) await truncate(`${base}.part`, upload.offset)
      return upload
    },
    async append(upload, bytes, expiresAt) {
      const root = await open()
      const entry = index.get(upload.id)
      if (!entry) throw new Error(`No resumable upload ${upload.id}`)
      if (bytes.byteLength > 0) await appendFile(`${fileBase(root, upload.id)}.part`, bytes)
      const next = { ...upload, offset: upload.offset + bytes.byteLength, expiresAt }
      await saveState(root, next)
      entry.expiresAt = expiresAt
      return next
    },
    async bytes(upload) {
      const root = await open()
      return (await readFile(`${fileBase(root, upload.id)}.part`)).subarray(0, upload.offset)
    },
    remove,
    async expired(now) {
      await openForSweep()
      return [...index].filter(([, entry]) => entry.expiresAt <= now).map(([id]) => id)
    },
    expiresAt: (id) => index.get(id)?.expiresAt,
    async removeStrays(before) {
      const root = await openForSweep()
      if (!root) return 0
      const owned = new Set([...index.keys()].map(nameOf))
      let removed = 0
      for (const name of await readdir(root).catch(() => [] as string[])) {
        if (owned.has(name.replace(/\.(json|part|json\.tmp)$/, ''))) continue
        const file = join(root, name)
        const info = await stat(file).catch(() => null)
        if (info && info.mtimeMs < before) {
          await unlink(file).catch(() => undefined)
          removed++
        }
      }
      return removed
    },
    folder: () => folder,
    async close() {
      closed = true
      index.clear()
      // Wait for the folder to exist (or fail) so a temporary one never outlives close().
      await opened?.catch(() => undefined)
      if (!dir && folder) await rm(folder, { recursive: true, force: true })
    }
  }
}
