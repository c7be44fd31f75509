// Builds an EXIF APP1 segment (orientation and a GPS position) and splices it into a JPEG, so
// tests can check that the upload pipeline honours the orientation and drops the location.

export interface ExifOptions {
  orientation: number
  /** Degrees, minutes, seconds. */
  latitude: [number, number, number]
  longitude: [number, number, number]
}

class Writer {
  readonly bytes: number[] = []
  u8(value: number): void {
    this.bytes.push(value & 0xff)
  }
  u16(value: number): void {
    this.u8(value >> 8)
    this.u8(value)
  }
  u32(value: number): void {
    this.u16(value >>> 16)
    this.u16(value & 0xffff)
  }
  /** One 12-byte IFD entry; `value` is already left-aligned in 4 bytes or is an offset. */
  entry(tag: number, type: number, count: number, value: number[]): void {
    this.u16(tag)
    this.u16(type)
    this.u32(count)
    for (let i = 0; i < 4; i++) this.u8(value[i] ?? 0)
  }
}

const be32 = (value: number): number[] =>
  [value >>> 24, value >>> 16, value >>> 8, value].map((v) => v & 0xff)

const SHORT = 3
const LONG = 4
const ASCII = 2
const BYTE = 1
const RATIONAL = 5

/** The TIFF body of an EXIF block (big-endian): IFD0 with Orientation and a GPS IFD. */
export function exifTiff(options: ExifOptions): Uint8Array {
  const w = new Writer()
  const ifd0 = 8
  const gpsIfd = ifd0 + 2 + 2 * 12 + 4
  const gpsData = gpsIfd + 2 + 5 * 12 + 4
  w.u16(0x4d4d) // 'MM'
  w.u16(42)
  w.u32(ifd0)
  w.u16(2)
  w.entry(0x0112, SHORT, 1, [0, options.orientation])
  w.entry(0x8825, LONG, 1, be32(gpsIfd))
  w.u32(0)
  w.u16(5)
  w.entry(0x0000, BYTE, 4, [2, 2, 0, 0])
  w.entry(0x0001, ASCII, 2, [0x4e, 0])
  w.entry(0x0002, RATIONAL, 3, be32(gpsData))
  w.entry(0x0003, ASCII, 2, [0x45, 0])
  w.entry(0x0004, RATIONAL, 3, be32(gpsData + 24))
  w.u32(0)
  for (const part of [...options.latitude, ...options.longitude]) {
    w.u32(Math.round(part * 1000))
    w.u32(1000)
  }
  return new Uint8Array(w.bytes)
}

/** The JPEG with an EXIF APP1 segment inserted right after its SOI marker. */
export function withExif(jpeg: Uint8Array, options: ExifOptions): Uint8Array {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG')
  const tiff = exifTiff(options)
  const header = [0x45, 0x78, 0x69, 0x66, 0, 0] // 'Exif\0\0'
  const length = 2 + header.length + tiff.length
  const segment = new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...header, ...tiff])
  const out = new Uint8Array(jpeg.length + segment.length)
  out.set(jpeg.subarray(0, 2), 0)
  out.set(segment, 2)
  out.set(jpeg.subarray(2), 2 + segment.length)
  return out
}

/** Where `needle` occurs in `haystack`, or -1. */
export function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer
    return i
  }
  return -1
}
