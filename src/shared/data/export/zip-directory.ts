// A zip's central directory read without inflating anything (names, methods, declared sizes,
// where each file's data starts), and one file inflated with its declared size as a hard bound:
// output past it stops the inflating at once, so a header that lies costs no more than it
// declared. Zip64 directories (archives past 4 GB or 65,535 files) are read too.

import { Inflate, strFromU8 } from 'fflate'

export interface ZipEntry {
  name: string
  /** 0: stored, 8: deflated; anything else cannot be read here. */
  method: number
  encrypted: boolean
  compressedSize: number
  /** The inflated size the directory declares. */
  size: number
  /** Where the file's local header starts. */
  headerOffset: number
}

/** Why a zip cannot be read: `damaged` (its structure or a size lies) or `unsupported`. */
export class ZipReadError extends Error {
  constructor(
    readonly reason: 'damaged' | 'unsupported' | 'encrypted',
    detail: string
  ) {
    super(detail)
    this.name = 'ZipReadError'
  }
}

/** Thrown by readZipDirectory when the directory lists more entries than allowed. */
export class ZipTooManyEntriesError extends Error {
  constructor(readonly entries: number) {
    super(`the zip lists ${entries} files`)
    this.name = 'ZipTooManyEntriesError'
  }
}

const END_OF_DIRECTORY = 0x06054b50
const ZIP64_LOCATOR = 0x07064b50
const ZIP64_END_OF_DIRECTORY = 0x06064b50
const DIRECTORY_HEADER = 0x02014b50
const LOCAL_HEADER = 0x04034b50
const ZIP64_EXTRA = 0x0001
/** Compressed bytes handed to the inflater at a time: at most ~16 MB of output between checks. */
const INFLATE_SLICE = 16 * 1024

const damaged = (detail: string): ZipReadError => new ZipReadError('damaged', detail)

function reader(zip: Uint8Array) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  const inside = (at: number, length: number): void => {
    if (at < 0 || at + length > zip.byteLength) throw damaged('a record runs past the end')
  }
  return {
    u16: (at: number): number => (inside(at, 2), view.getUint16(at, true)),
    u32: (at: number): number => (inside(at, 4), view.getUint32(at, true)),
    u64: (at: number): number => {
      inside(at, 8)
      const value = view.getUint32(at, true) + view.getUint32(at + 4, true) * 2 ** 32
      if (!Number.isSafeInteger(value)) throw damaged('a size past 2^53')
      return value
    }
  }
}

/** Where the end-of-directory record is: searched backwards past a comment of up to 64 KB. */
function findEnd(zip: Uint8Array, u32: (at: number) => number): number {
  for (let at = zip.byteLength - 22; at >= Math.max(0, zip.byteLength - 22 - 0xffff); at--) {
    if (u32(at) === END_OF_DIRECTORY) return at
  }
  throw damaged('no end of central directory: not a zip')
}

/**
 * Every entry of the directory, refusing before reading them when the directory says it lists
 * more than `maxEntries`.
 */
export function readZipDirectory(zip: Uint8Array, maxEntries: number): ZipEntry[] {
  const { u16, u32, u64 } = reader(zip)
  const end = findEnd(zip, u32)
  let count = u16(end + 10)
  let size = u32(end + 12)
  let offset = u32(end + 16)
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    if (end < 20 || u32(end - 20) !== ZIP64_LOCATOR) throw damaged('no zip64 locator')
    const end64 = u64(end - 12)
    if (u32(end64) !== ZIP64_END_OF_DIRECTORY) throw damaged('no zip64 end of directory')
    count = u64(end64 + 32)
    size = u64(end64 + 40)
    offset = u64(end64 + 48)
  }
  if (count > maxEntries) throw new ZipTooManyEntriesError(count)
  if (offset + size > zip.byteLength) throw damaged('the directory runs past the end')
  const entries: ZipEntry[] = []
  let at = offset
  for (let i = 0; i < count; i++) {
    if (u32(at) !== DIRECTORY_HEADER) throw damaged('the directory holds fewer files than it says')
    const flags = u16(at + 8)
    const nameLength = u16(at + 28)
    const extraLength = u16(at + 30)
    const commentLength = u16(at + 32)
    const nameStart = at + 46
    if (nameStart + nameLength + extraLength + commentLength > zip.byteLength) {
      throw damaged('a directory record runs past the end')
    }
    const entry: ZipEntry = {
      // Bit 11: the name is UTF-8; otherwise code page 437, read as Latin-1 as fflate does.
      name: strFromU8(zip.subarray(nameStart, nameStart + nameLength), !(flags & 0x800)),
      method: u16(at + 10),
      encrypted: (flags & 1) === 1,
      compressedSize: u32(at + 20),
      size: u32(at + 24),
      headerOffset: u32(at + 42)
    }
    readZip64Extra(entry, nameStart + nameLength, extraLength, { u16, u64 })
    entries.push(entry)
    at = nameStart + nameLength + extraLength + commentLength
  }
  return entries
}

/** Sizes and offset too large for 32 bits are in the zip64 extra field, in this order. */
function readZip64Extra(
  entry: ZipEntry,
  start: number,
  length: number,
  { u16, u64 }: Pick<ReturnType<typeof reader>, 'u16' | 'u64'>
): void {
  for (let at = start; at + 4 <= start + length; at += 4 + u16(at + 2)) {
    if (u16(at) !== ZIP64_EXTRA) continue
    let field = at + 4
    for (const key of ['size', 'compressedSize', 'headerOffset'] as const) {
      if (entry[key] !== 0xffffffff) continue
      entry[key] = u64(field)
      field += 8
    }
    return
  }
}

/** The entry's compressed bytes, found through its local header. */
function dataOf(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  const { u16, u32 } = reader(zip)
  if (u32(entry.headerOffset) !== LOCAL_HEADER) throw damaged(`no local header for ${entry.name}`)
  const start =
    entry.headerOffset + 30 + u16(entry.headerOffset + 26) + u16(entry.headerOffset + 28)
  if (start + entry.compressedSize > zip.byteLength)
    throw damaged(`${entry.name} runs past the end`)
  return zip.subarray(start, start + entry.compressedSize)
}

/**
 * The entry inflated, exactly its declared size: inflating stops as soon as the output passes
 * it, and output that falls short of it is refused too.
 */
export function inflateEntry(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  if (entry.encrypted) throw new ZipReadError('encrypted', `${entry.name} is encrypted`)
  const data = dataOf(zip, entry)
  if (entry.method === 0) {
    if (data.byteLength !== entry.size) throw damaged(`${entry.name}: stored size mismatch`)
    return data.slice()
  }
  if (entry.method !== 8) {
    throw new ZipReadError('unsupported', `${entry.name}: compression method ${entry.method}`)
  }
  const out = new Uint8Array(entry.size)
  let written = 0
  const inflater = new Inflate((chunk) => {
    if (written + chunk.byteLength > entry.size) {
      throw damaged(`${entry.name} inflates past its declared ${entry.size} bytes`)
    }
    out.set(chunk, written)
    written += chunk.byteLength
  })
  try {
    let at = 0
    do {
      const next = Math.min(at + INFLATE_SLICE, data.byteLength)
      inflater.push(data.subarray(at, next), next === data.byteLength)
      at = next
    } while (at < data.byteLength)
  } catch (error) {
    if (error instanceof ZipReadError) throw error
    throw damaged(`${entry.name}: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (written !== entry.size) throw damaged(`${entry.name} inflates short of its declared size`)
  return out
}
