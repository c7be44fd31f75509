// The remembered file sizes (src/backend/db/pglite-file-sizes.ts) over a fake Emscripten FS:
// SEEK_END is answered from memory only until something could have changed the file.
import { describe, expect, it } from 'vitest'
import {
  rememberFileSizes,
  type EmscriptenFs,
  type EmscriptenStream
} from '../../../../src/backend/db/pglite-file-sizes'

const NODEFS = { name: 'NODEFS' }
const MEMFS = { name: 'MEMFS' }

/** Files with sizes, answering SEEK_END as NODEFS does (one "fstat" each time). */
function fakeFs() {
  const sizes = new Map<object, number>()
  let fstats = 0
  const fs: EmscriptenFs & { position: Map<object, number> } = {
    position: new Map(),
    llseek(stream, offset, whence) {
      let position = offset
      if (whence === 1) position += fs.position.get(stream) ?? 0
      if (whence === 2) {
        fstats += 1
        position += sizes.get(stream.node) ?? 0
      }
      if (position < 0) throw new Error('EINVAL')
      fs.position.set(stream, position)
      return position
    },
    write(stream, ...rest) {
      const [, , length, at] = rest as [unknown, number, number, number]
      sizes.set(stream.node, Math.max(sizes.get(stream.node) ?? 0, at + length))
      return length
    },
    truncate(target, length) {
      sizes.set(target as object, length)
    },
    ftruncate(fd, length) {
      for (const node of sizes.keys())
        if ((node as { fd?: number }).fd === fd) sizes.set(node, length)
    }
  }
  const file = (type: object, fd: number, size: number): EmscriptenStream => {
    const node = { mount: { type }, fd }
    sizes.set(node, size)
    return { node }
  }
  return { fs, file, fstats: () => fstats }
}

describe('remembered file sizes', () => {
  it('asks a file its size once, then answers SEEK_END from memory with the same position', () => {
    const { fs, file, fstats } = fakeFs()
    const stats = rememberFileSizes(fs, NODEFS)
    const relation = file(NODEFS, 3, 8192)
    expect(fs.llseek(relation, 0, 2)).toBe(8192)
    expect(fs.llseek(relation, 0, 2)).toBe(8192)
    expect(fs.llseek(relation, -192, 2)).toBe(8000)
    expect(fs.position.get(relation)).toBe(8000)
    expect(fstats()).toBe(1)
    expect(stats).toEqual({ asked: 3, answeredFromMemory: 2 })
  })

  it('asks again after a write to that file, and only that file', () => {
    const { fs, file, fstats } = fakeFs()
    rememberFileSizes(fs, NODEFS)
    const grown = file(NODEFS, 3, 8192)
    const other = file(NODEFS, 4, 100)
    fs.llseek(grown, 0, 2)
    fs.llseek(other, 0, 2)
    fs.write(grown, new Uint8Array(8192), 0, 8192, 8192)
    expect(fs.llseek(grown, 0, 2)).toBe(16384)
    expect(fs.llseek(other, 0, 2)).toBe(100)
    expect(fstats()).toBe(3)
  })

  it('forgets every size after a truncation, by path or by descriptor', () => {
    const { fs, file } = fakeFs()
    rememberFileSizes(fs, NODEFS)
    const relation = file(NODEFS, 3, 8192)
    fs.llseek(relation, 0, 2)
    fs.truncate(relation.node, 0)
    expect(fs.llseek(relation, 0, 2)).toBe(0)
    fs.write(relation, new Uint8Array(10), 0, 10, 0)
    fs.llseek(relation, 0, 2)
    fs.ftruncate(3, 4)
    expect(fs.llseek(relation, 0, 2)).toBe(4)
  })

  it('leaves other file systems and other seeks alone', () => {
    const { fs, file, fstats } = fakeFs()
    const stats = rememberFileSizes(fs, NODEFS)
    const inMemory = file(MEMFS, 5, 10)
    fs.llseek(inMemory, 0, 2)
    fs.llseek(inMemory, 0, 2)
    expect(fstats()).toBe(2)
    const relation = file(NODEFS, 3, 50)
    expect(fs.llseek(relation, 7, 0)).toBe(7)
    expect(fs.llseek(relation, 3, 1)).toBe(10)
    expect(stats.asked).toBe(0)
  })

  it('refuses a position before the start, as the file system does', () => {
    const { fs, file } = fakeFs()
    rememberFileSizes(fs, NODEFS)
    const relation = file(NODEFS, 3, 10)
    fs.llseek(relation, 0, 2)
    expect(() => fs.llseek(relation, -11, 2)).toThrow('EINVAL')
  })
})
