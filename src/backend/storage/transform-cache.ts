// Transformed renditions, kept so a photo is resized once, not on every view: a memory LRU
// bounded in bytes, backed by files under the data folder when there is one (so renditions
// survive a restart), itself bounded by pruning the least recently written files. Keys name the
// object's version, so an overwritten object never serves an old rendition; concurrent requests
// for the same rendition share one render.

import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { OutputType, Rendition } from './image-transform'

export interface TransformCacheLimits {
  memoryBytes: number
  diskBytes: number
}

export const DEFAULT_TRANSFORM_CACHE_LIMITS: TransformCacheLimits = {
  memoryBytes: 64 * 1024 * 1024,
  diskBytes: 512 * 1024 * 1024
}

const EXTENSIONS: Record<OutputType, string> = {
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif'
}

export class TransformCache {
  private readonly memory = new Map<string, Rendition>()
  private memoryBytes = 0
  private readonly inFlight = new Map<string, Promise<Rendition>>()
  /** Bytes on disk, learned by one scan of the folder on first write. */
  private diskBytes: number | null = null

  constructor(
    private readonly dir: string | null,
    private readonly limits: TransformCacheLimits = DEFAULT_TRANSFORM_CACHE_LIMITS
  ) {}

  /** The cached rendition for `key`, or the one `render` makes (then cached). */
  async get(key: string, type: OutputType, render: () => Promise<Rendition>): Promise<Rendition> {
    const cached = this.memory.get(key)
    if (cached) {
      // Re-insert: a Map iterates in insertion order, so the front is least recently used.
      this.memory.delete(key)
      this.memory.set(key, cached)
      return cached
    }
    const pending = this.inFlight.get(key)
    if (pending) return pending
    const work = this.load(key, type, render).finally(() => this.inFlight.delete(key))
    this.inFlight.set(key, work)
    return work
  }

  private async load(
    key: string,
    type: OutputType,
    render: () => Promise<Rendition>
  ): Promise<Rendition> {
    const file = this.fileFor(key, type)
    if (file) {
      const bytes = await readFile(file).catch(() => null)
      if (bytes) {
        const rendition = { bytes, contentType: type }
        this.remember(key, rendition)
        return rendition
      }
    }
    const rendition = await render()
    this.remember(key, rendition)
    if (file) await this.persist(file, rendition.bytes)
    return rendition
  }

  private fileFor(key: string, type: OutputType): string | null {
    if (!this.dir) return null
    const hash = createHash('sha256').update(key).digest('hex')
    return join(this.dir, `${hash}.${EXTENSIONS[type]}`)
  }

  private remember(key: string, rendition: Rendition): void {
    const size = rendition.bytes.byteLength
    // One huge rendition must not flush everything else.
    if (size > this.limits.memoryBytes / 4) return
    this.memory.set(key, rendition)
    this.memoryBytes += size
    for (const [oldest, value] of this.memory) {
      if (this.memoryBytes <= this.limits.memoryBytes) break
      this.memory.delete(oldest)
      this.memoryBytes -= value.bytes.byteLength
    }
  }

  private async persist(file: string, bytes: Buffer): Promise<void> {
    const dir = this.dir as string
    try {
      await mkdir(dir, { recursive: true })
      if (this.diskBytes === null) this.diskBytes = await folderBytes(dir)
      // Written aside and renamed, so a crash never leaves half a rendition to be served.
      const temp = `${file}.${process.pid}.tmp`
      await writeFile(temp, bytes)
      await rename(temp, file)
      this.diskBytes += bytes.byteLength
      if (this.diskBytes > this.limits.diskBytes) await this.prune(dir)
    } catch (error) {
      // The cache only saves work: a full disk must not fail the request that rendered.
      console.warn('[storage] could not keep a transformed image on disk', error)
    }
  }

  /** Removes the oldest renditions until the folder is back under 80 % of its limit. */
  private async prune(dir: string): Promise<void> {
    const entries = await Promise.all(
      (await readdir(dir)).map(async (name) => {
        const info = await stat(join(dir, name)).catch(() => null)
        return info ? { name, size: info.size, mtime: info.mtimeMs } : null
      })
    )
    const files = entries.filter((e) => e !== null).sort((a, b) => a.mtime - b.mtime)
    let total = files.reduce((sum, f) => sum + f.size, 0)
    for (const file of files) {
      if (total <= this.limits.diskBytes * 0.8) break
      await unlink(join(dir, file.name)).catch(() => undefined)
      total -= file.size
    }
    this.diskBytes = total
  }
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0
  for (const name of await readdir(dir)) {
    const info = await stat(join(dir, name)).catch(() => null)
    if (info) total += info.size
  }
  return total
}
