// Where resumable (TUS) uploads keep their state and the bytes received so far until they
// complete: a JSON file and a part file per upload under the data folder, or a Map when there
// is none. The JSON's offset is the truth: bytes past it (a crash mid-append) are cut off when
// the upload is next read, so a resumed upload never carries half a chunk. Uploads that are not
// completed by their expiry are removed by sweep().

import { createHash } from 'node:crypto'
import {
  appendFile,
  mkdir,
  readdir,
  readFile,
  rename,
  stat,
  truncate,
  unlink,
  writeFile
} from 'node:fs/promises'
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
  /** Epoch milliseconds. */
  expiresAt: number
}

export interface ResumableStore {
  create(upload: ResumableUpload): Promise<void>
  get(id: string): Promise<ResumableUpload | null>
  /** Appends at the upload's current offset and returns it with the new offset. */
  append(upload: ResumableUpload, bytes: Uint8Array): Promise<ResumableUpload>
  bytes(upload: ResumableUpload): Promise<Buffer>
  remove(id: string): Promise<void>
  /** Removes every upload expired at `now`; returns how many. */
  sweep(now: number): Promise<number>
}

const ignoreMissing = (error: unknown): void => {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
}

function diskStore(dir: string): ResumableStore {
  const base = (id: string): string => join(dir, createHash('sha256').update(id).digest('hex'))
  const saveState = async (upload: ResumableUpload): Promise<void> => {
    const file = `${base(upload.id)}.json`
    await writeFile(`${file}.tmp`, JSON.stringify(upload))
    await rename(`${file}.tmp`, file)
  }
  const remove = async (id: string): Promise<void> => {
    await unlink(`${base(id)}.json`).catch(ignoreMissing)
    await unlink(`${base(id)}.part`).catch(ignoreMissing)
  }
  return {
    async create(upload) {
      await mkdir(dir, { recursive: true })
      await writeFile(`${base(upload.id)}.part`, new Uint8Array())
      await saveState(upload)
    },
    async get(id) {
      let upload: ResumableUpload
      try {
        upload = JSON.parse(await readFile(`${base(id)}.json`, 'utf8')) as ResumableUpload
      } catch {
        return null
      }
      if (upload.id !== id) return null
      const part = `${base(id)}.part`
      const size = (await stat(part).catch(() => null))?.size ?? -1
      if (size < upload.offset) return null
      if (size > upload.offset) await truncate(part, upload.offset)
      return upload
    },
    async append(upload, bytes) {
      await appendFile(`${base(upload.id)}.part`, bytes)
      const next = { ...upload, offset: upload.offset + bytes.byteLength }
      await saveState(next)
      return next
    },
    async bytes(upload) {
      return (await readFile(`${base(upload.id)}.part`)).subarray(0, upload.offset)
    },
    remove,
    async sweep(now) {
      let names: string[]
      try {
        names = await readdir(dir)
      } catch {
        return 0
      }
      let removed = 0
      for (const name of names.filter((n) => n.endsWith('.json'))) {
        const file = join(dir, name)
        const upload = await readFile(file, 'utf8')
          .then((text) => JSON.parse(text) as ResumableUpload)
          .catch(() => null)
        if (upload && upload.expiresAt > now) continue
        await unlink(file).catch(() => undefined)
        await unlink(file.replace(/\.json$/, '.part')).catch(() => undefined)
        removed++
      }
      // Part files whose state never got written (a crash right after create).
      for (const name of names.filter((n) => n.endsWith('.part') || n.endsWith('.tmp'))) {
        const file = join(dir, name)
        const orphan = !names.includes(name.replace(/\.(part|json\.tmp)$/, '.json'))
        const info = await stat(file).catch(() => null)
        if (orphan && info && info.mtimeMs < now - 60 * 60 * 1000) {
          await unlink(file).catch(() => undefined)
        }
      }
      return removed
    }
  }
}

function memoryStore(): ResumableStore {
  const uploads = new Map<string, { upload: ResumableUpload; chunks: Buffer[] }>()
  return {
    async create(upload) {
      uploads.set(upload.id, { upload, chunks: [] })
    },
    async get(id) {
      return uploads.get(id)?.upload ?? null
    },
    async append(upload, bytes) {
      const entry = uploads.get(upload.id)
      if (!entry) throw new Error(`No resumable upload ${upload.id}`)
      entry.chunks.push(Buffer.from(bytes))
      entry.upload = { ...upload, offset: upload.offset + bytes.byteLength }
      return entry.upload
    },
    async bytes(upload) {
      return Buffer.concat(uploads.get(upload.id)?.chunks ?? [])
    },
    async remove(id) {
      uploads.delete(id)
    },
    async sweep(now) {
      let removed = 0
      for (const [id, { upload }] of uploads) {
        if (upload.expiresAt <= now) {
          uploads.delete(id)
          removed++
        }
      }
      return removed
    }
  }
}

export function createResumableStore(dir: string | null): ResumableStore {
  return dir ? diskStore(dir) : memoryStore()
}
