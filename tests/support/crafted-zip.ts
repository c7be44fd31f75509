// Zips as an attacker writes them, for the import's bounds: a directory that declares whatever
// the test says (sizes that lie, more entries than it holds, zip64 counts), and DEFLATE streams
// of zeros written directly as fixed-Huffman matches (13 bits per 258 bytes), so a bomb that
// inflates to hundreds of megabytes costs the test a few milliseconds to make.

export interface CraftedEntry {
  name: string
  /** The bytes stored for the entry: raw for method 0, a DEFLATE stream for method 8. */
  data: Uint8Array
  method: 0 | 8
  /** The inflated size the headers declare (true or not). */
  size: number
}

export interface CraftOptions {
  /** The entry count the end record declares (default: the real count). */
  declaredCount?: number
  /** Write a zip64 end record declaring this many entries (the classic record says 0xffff). */
  zip64Count?: number
}

/** A DEFLATE bit stream: header and extra bits LSB first, Huffman codes MSB first. */
class BitWriter {
  private bytes: number[] = []
  private current = 0
  private used = 0

  bits(value: number, count: number): void {
    for (let i = 0; i < count; i++) this.bit((value >> i) & 1)
  }

  code(code: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) this.bit((code >> i) & 1)
  }

  done(): Uint8Array {
    if (this.used > 0) this.bytes.push(this.current)
    return Uint8Array.from(this.bytes)
  }

  private bit(value: number): void {
    this.current |= value << this.used
    if (++this.used === 8) {
      this.bytes.push(this.current)
      this.current = 0
      this.used = 0
    }
  }
}

/** A raw DEFLATE stream that inflates to `size` zero bytes (a ratio of about 1,000). */
export function deflatedZeros(size: number): Uint8Array {
  const out = new BitWriter()
  out.bits(1, 1) // the final block
  out.bits(1, 2) // with the fixed Huffman codes
  let left = size
  if (left > 0) {
    out.code(0x30, 8) // literal 0
    left--
  }
  for (; left >= 258; left -= 258) {
    out.code(0xc5, 8) // length 258 (code 285)
    out.code(0, 5) // distance 1
  }
  for (; left > 0; left--) out.code(0x30, 8)
  out.code(0, 7) // end of block
  return out.done()
}

export function craftZip(entries: CraftedEntry[], options: CraftOptions = {}): Uint8Array {
  const encoder = new TextEncoder()
  const parts: Uint8Array[] = []
  const directory: Uint8Array[] = []
  let offset = 0
  for (const entry of entries) {
    const name = encoder.encode(entry.name)
    const local = new DataView(new ArrayBuffer(30))
    local.setUint32(0, 0x04034b50, true)
    local.setUint16(4, 20, true)
    local.setUint16(6, 0x800, true)
    local.setUint16(8, entry.method, true)
    local.setUint32(18, entry.data.byteLength, true)
    local.setUint32(22, entry.size, true)
    local.setUint16(26, name.byteLength, true)
    const central = new DataView(new ArrayBuffer(46))
    central.setUint32(0, 0x02014b50, true)
    central.setUint16(4, 20, true)
    central.setUint16(6, 20, true)
    central.setUint16(8, 0x800, true)
    central.setUint16(10, entry.method, true)
    central.setUint32(20, entry.data.byteLength, true)
    central.setUint32(24, entry.size, true)
    central.setUint16(28, name.byteLength, true)
    central.setUint32(42, offset, true)
    parts.push(new Uint8Array(local.buffer), name, entry.data)
    directory.push(new Uint8Array(central.buffer), name)
    offset += 30 + name.byteLength + entry.data.byteLength
  }
  const directorySize = directory.reduce((sum, part) => sum + part.byteLength, 0)
  const count = options.declaredCount ?? entries.length
  if (options.zip64Count !== undefined) {
    const end64 = new DataView(new ArrayBuffer(56 + 20))
    end64.setUint32(0, 0x06064b50, true)
    end64.setBigUint64(4, 44n, true)
    end64.setBigUint64(24, BigInt(options.zip64Count), true)
    end64.setBigUint64(32, BigInt(options.zip64Count), true)
    end64.setBigUint64(40, BigInt(directorySize), true)
    end64.setBigUint64(48, BigInt(offset), true)
    end64.setUint32(56, 0x07064b50, true)
    end64.setBigUint64(64, BigInt(offset + directorySize), true)
    end64.setUint32(72, 1, true)
    directory.push(new Uint8Array(end64.buffer))
  }
  const end = new DataView(new ArrayBuffer(22))
  end.setUint32(0, 0x06054b50, true)
  const classicCount = options.zip64Count !== undefined ? 0xffff : count
  end.setUint16(8, classicCount, true)
  end.setUint16(10, classicCount, true)
  end.setUint32(12, directorySize, true)
  end.setUint32(16, offset, true)
  const all = [...parts, ...directory, new Uint8Array(end.buffer)]
  const zip = new Uint8Array(all.reduce((sum, part) => sum + part.byteLength, 0))
  let at = 0
  for (const part of all) {
    zip.set(part, at)
    at += part.byteLength
  }
  return zip
}
