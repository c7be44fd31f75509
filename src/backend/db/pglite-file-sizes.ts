// Remembered file sizes for PGlite on a data folder. Postgres learns a relation file's length
// with lseek(fd, 0, SEEK_END) each time a scan of it starts (mdnblocks): every sequential scan,
// and every re-scan of a correlated subquery, so a feed page of 12 posts with their authors and
// photos asks 24 times. Emscripten's NODEFS answers each one with an fstat through Node's fs (a
// system call and a Stats object, about 6 µs), which was 7 % of the backend's time per page.
//
// The size only changes through this process: Postgres's lock keeps any other server off the
// folder, and every write, truncation and extension in PGlite goes through the Emscripten FS
// object patched here (fallocate and open with O_TRUNC call its ftruncate and truncate). So the
// size seen last is kept per file until one of those touches it, and asked again afterwards.

/** The parts of Emscripten's FS this patches; see PGlite's bundled runtime. */
export interface EmscriptenFs {
  llseek(stream: EmscriptenStream, offset: number, whence: number): number
  write(stream: EmscriptenStream, ...rest: unknown[]): number
  truncate(target: unknown, length: number): void
  ftruncate(fd: number, length: number): void
}

export interface EmscriptenStream {
  node: { mount: { type: unknown } }
}

const SEEK_SET = 0
const SEEK_END = 2

/** What the cache did, for the tests. */
export interface FileSizeStats {
  asked: number
  answeredFromMemory: number
}

/**
 * Patches `fs` so that SEEK_END on a file of the `fileSystem` mount type (NODEFS) is answered
 * from the size last seen, until a write or truncation could have changed it.
 */
export function rememberFileSizes(fs: EmscriptenFs, fileSystem: unknown): FileSizeStats {
  const stats: FileSizeStats = { asked: 0, answeredFromMemory: 0 }
  let sizes = new WeakMap<object, number>()
  const llseek = fs.llseek.bind(fs)
  const write = fs.write.bind(fs)
  const truncate = fs.truncate.bind(fs)
  const ftruncate = fs.ftruncate.bind(fs)

  fs.llseek = (stream, offset, whence) => {
    if (whence !== SEEK_END || stream.node.mount.type !== fileSystem) {
      return llseek(stream, offset, whence)
    }
    stats.asked += 1
    const known = sizes.get(stream.node)
    if (known !== undefined) {
      stats.answeredFromMemory += 1
      // SEEK_SET keeps FS.llseek's own checks and bookkeeping (position, EINVAL below zero).
      return llseek(stream, known + offset, SEEK_SET)
    }
    const size = llseek(stream, 0, SEEK_END)
    sizes.set(stream.node, size)
    return offset === 0 ? size : llseek(stream, size + offset, SEEK_SET)
  }
  fs.write = (stream, ...rest) => {
    sizes.delete(stream.node)
    return write(stream, ...rest)
  }
  // Truncations are rare (a dropped or vacuumed relation): every remembered size goes.
  fs.truncate = (target, length) => {
    sizes = new WeakMap()
    truncate(target, length)
  }
  fs.ftruncate = (fd, length) => {
    sizes = new WeakMap()
    ftruncate(fd, length)
  }
  return stats
}
