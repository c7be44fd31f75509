// Where object bytes live: files under storageDir/{bucket}/{key}, or a Map when there is no
// folder (tests, --memory). Writes are staged so the upload route can publish the bytes inside
// its database transaction and undo them if the transaction fails: no orphan files, and an
// upsert that fails keeps the old bytes.

import { randomUUID } from 'node:crypto'
import { mkdir, open, readFile, rename, rmdir, unlink, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { diskName } from './keys'

export interface StagedObject {
  /** Puts the bytes in place (atomically: rename), keeping any previous version aside. */
  publish(): Promise<void>
  /** Undoes publish (restoring the previous version) or discards the staged bytes. */
  rollback(): Promise<void>
  /** After commit: drops the previous version. */
  finish(): Promise<void>
}

export interface ByteStore {
  stage(bucket: string, key: string, bytes: Uint8Array): Promise<StagedObject>
  read(bucket: string, key: string): Promise<Buffer | null>
  /** At most the first `length` bytes (what a file's type is told by), or null. */
  readHead(bucket: string, key: string, length: number): Promise<Buffer | null>
  remove(bucket: string, key: string): Promise<void>
}

const STAGING = '.staging'

const ignoreMissing = (error: unknown): void => {
  const code = (error as NodeJS.ErrnoException).code
  if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'EISDIR') throw error
}

export function objectFilePath(root: string, bucket: string, key: string): string {
  const base = resolve(root)
  const file = resolve(base, diskName(bucket), ...key.split('/').map(diskName))
  // diskName already makes `..` impossible; this is the belt to its braces.
  if (!file.startsWith(base + sep))
    throw new Error(`Object path escapes the storage folder: ${key}`)
  return file
}

/**
 * Renames `temp` to `final`. Removing the last file of a folder tidies the folder away
 * (`remove` below), so a removal in the same folder may take it between our mkdir and rename:
 * the rename then finds no folder (ENOENT), and the folder is made again.
 */
async function moveIntoPlace(temp: string, final: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await rename(temp, final)
      return
    } catch (error) {
      if (attempt >= 3 || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      await mkdir(dirname(final), { recursive: true })
    }
  }
}

function diskStore(root: string): ByteStore {
  const staging = join(resolve(root), STAGING)
  return {
    async stage(bucket, key, bytes) {
      const final = objectFilePath(root, bucket, key)
      await mkdir(staging, { recursive: true })
      const temp = join(staging, randomUUID())
      await writeFile(temp, bytes)
      let published = false
      let backup: string | null = null
      return {
        async publish() {
          await mkdir(dirname(final), { recursive: true })
          const aside = join(staging, `${randomUUID()}.previous`)
          try {
            await rename(final, aside)
            backup = aside
          } catch (error) {
            ignoreMissing(error)
          }
          await moveIntoPlace(temp, final)
          published = true
        },
        async rollback() {
          if (!published) {
            await unlink(temp).catch(ignoreMissing)
          } else if (backup) {
            await rename(backup, final)
          } else {
            await unlink(final).catch(ignoreMissing)
          }
        },
        async finish() {
          if (backup) await unlink(backup).catch(ignoreMissing)
        }
      }
    },
    async read(bucket, key) {
      try {
        return await readFile(objectFilePath(root, bucket, key))
      } catch (error) {
        ignoreMissing(error)
        return null
      }
    },
    async readHead(bucket, key, length) {
      try {
        const file = await open(objectFilePath(root, bucket, key))
        try {
          const head = Buffer.alloc(length)
          const { bytesRead } = await file.read(head, 0, length, 0)
          return head.subarray(0, bytesRead)
        } finally {
          await file.close()
        }
      } catch (error) {
        ignoreMissing(error)
        return null
      }
    },
    async remove(bucket, key) {
      const file = objectFilePath(root, bucket, key)
      await unlink(file).catch(ignoreMissing)
      // Tidy folders left empty, up to (not including) the bucket folder.
      const bucketDir = resolve(root, diskName(bucket))
      for (let dir = dirname(file); dir.startsWith(bucketDir + sep); dir = dirname(dir)) {
        try {
          await rmdir(dir)
        } catch {
          break
        }
      }
    }
  }
}

function memoryStore(): ByteStore {
  const objects = new Map<string, Buffer>()
  const id = (bucket: string, key: string): string => `${bucket}\u0000${key}`
  return {
    async stage(bucket, key, bytes) {
      const copy = Buffer.from(bytes)
      let previous: Buffer | undefined
      let published = false
      return {
        async publish() {
          previous = objects.get(id(bucket, key))
          objects.set(id(bucket, key), copy)
          published = true
        },
        async rollback() {
          if (!published) return
          if (previous) objects.set(id(bucket, key), previous)
          else objects.delete(id(bucket, key))
        },
        async finish() {}
      }
    },
    async read(bucket, key) {
      return objects.get(id(bucket, key)) ?? null
    },
    async readHead(bucket, key, length) {
      return objects.get(id(bucket, key))?.subarray(0, length) ?? null
    },
    async remove(bucket, key) {
      objects.delete(id(bucket, key))
    }
  }
}

export function createByteStore(storageDir: string | null): ByteStore {
  return storageDir ? diskStore(storageDir) : memoryStore()
}
