// The byte-level metadata stripper the upload falls back to when the image pipeline cannot
// re-encode a photo: EXIF (with its GPS block), XMP, comments and text chunks go; the image data
// stays byte for byte, the result is still a complete image, and a JPEG keeps its orientation.

import { describe, expect, it } from 'vitest'
import { imageStructureProblem } from '../../../src/backend/storage/image-structure'
import { readImageDimensions, sniffImageType } from '../../../src/shared/image'
import {
  exifOrientation,
  MetadataStripError,
  stripImageMetadata
} from '../../../src/shared/image-metadata'
import { exifTiff, withExif, type ExifOptions } from '../../support/chromium/exif'
import { GIF_1X1, JPEG_3X2, PNG_1X1, WEBP_LOSSY_3X2 } from '../../support/images'

const GPS: ExifOptions = { orientation: 6, latitude: [48, 51, 29.9], longitude: [2, 17, 40.2] }
const ascii = (text: string): Buffer => Buffer.from(text, 'latin1')
const contains = (bytes: Uint8Array, text: string): boolean =>
  Buffer.from(bytes).includes(ascii(text))

function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0])
  head.writeUInt16BE(payload.length + 2, 2)
  return Buffer.concat([head, payload])
}

/** The JPEG with extra segments right after SOI. */
function jpegWith(...segments: Buffer[]): Buffer {
  return Buffer.concat([JPEG_3X2.subarray(0, 2), ...segments, JPEG_3X2.subarray(2)])
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([ascii(type), data])
  let crc = 0xffffffff
  for (const byte of body) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8)
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 8 + data.length)
  return out
}

/** The PNG with chunks inserted after IHDR (signature 8 + IHDR 25 bytes). */
function pngWith(...chunks: Buffer[]): Buffer {
  return Buffer.concat([PNG_1X1.subarray(0, 33), ...chunks, PNG_1X1.subarray(33)])
}

function webpChunk(fourcc: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.write(fourcc, 0, 'latin1')
  head.writeUInt32LE(data.length, 4)
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)])
}

function webpWith(flags: number, ...chunks: Buffer[]): Buffer {
  const vp8x = Buffer.alloc(10)
  vp8x[0] = flags
  vp8x.writeUIntLE(2, 4, 3) // canvas 3×2, stored minus one
  vp8x.writeUIntLE(1, 7, 3)
  const body = Buffer.concat([ascii('WEBP'), webpChunk('VP8X', vp8x), ...chunks])
  const head = Buffer.alloc(8)
  head.write('RIFF', 0, 'latin1')
  head.writeUInt32LE(body.length, 4)
  return Buffer.concat([head, body])
}

const vp8Chunk = (): Buffer => WEBP_LOSSY_3X2.subarray(12)

describe('stripImageMetadata on JPEG', () => {
  it('drops EXIF with GPS, XMP, IPTC and comments, keeping the image data and its orientation', () => {
    const tagged = jpegWith(
      jpegSegment(0xe1, ascii('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>GPSLatitude</x:xmpmeta>')),
      jpegSegment(0xed, ascii('Photoshop 3.0\0IPTC city: Paris')),
      jpegSegment(0xfe, ascii('taken at home'))
    )
    const photo = Buffer.from(withExif(tagged, GPS))
    expect(contains(photo, 'Exif')).toBe(true)

    const stripped = stripImageMetadata(photo, 'image/jpeg')
    for (const text of ['GPSLatitude', 'xmpmeta', 'IPTC', 'taken at home', 'Photoshop']) {
      expect(contains(stripped, text)).toBe(false)
    }
    // The GPS IFD's values (48°51'29.9") are gone with the EXIF block.
    expect(Buffer.from(stripped).includes(Buffer.from(exifTiff(GPS).subarray(-48)))).toBe(false)
    // Only the orientation survives, in a minimal EXIF block.
    const app1 = Buffer.from(stripped).indexOf(Buffer.from([0xff, 0xe1]))
    const length = Buffer.from(stripped).readUInt16BE(app1 + 2)
    expect(exifOrientation(stripped.subarray(app1 + 4, app1 + 2 + length))).toBe(6)
    expect(length).toBeLessThan(40)
    // Still a whole JPEG of the same size, with the same scan data.
    expect(sniffImageType(stripped)).toBe('image/jpeg')
    expect(imageStructureProblem(stripped, 'image/jpeg')).toBeNull()
    expect(readImageDimensions(stripped)).toEqual(readImageDimensions(JPEG_3X2))
    const scan = JPEG_3X2.subarray(JPEG_3X2.indexOf(Buffer.from([0xff, 0xda])))
    expect(Buffer.from(stripped).subarray(-scan.length).equals(scan)).toBe(true)
  })

  it('keeps JFIF, an ICC colour profile and the Adobe colour-transform segment', () => {
    const icc = jpegSegment(0xe2, ascii('ICC_PROFILE\0\x01\x01profile-bytes'))
    const adobe = jpegSegment(
      0xee,
      Buffer.concat([ascii('Adobe'), Buffer.from([0, 100, 0, 0, 0, 0, 1])])
    )
    const stripped = Buffer.from(stripImageMetadata(jpegWith(icc, adobe), 'image/jpeg'))
    expect(stripped.includes(icc)).toBe(true)
    expect(stripped.includes(adobe)).toBe(true)
    expect(stripped.includes(ascii('JFIF'))).toBe(true)
  })

  it('leaves a JPEG without metadata byte for byte as it was', () => {
    expect(Buffer.from(stripImageMetadata(JPEG_3X2, 'image/jpeg')).equals(JPEG_3X2)).toBe(true)
  })
})

describe('stripImageMetadata on PNG', () => {
  it('drops eXIf, tEXt, zTXt, iTXt and tIME chunks and keeps the rest in order', () => {
    const phys = pngChunk('pHYs', Buffer.from([0, 0, 11, 19, 0, 0, 11, 19, 1]))
    const photo = pngWith(
      pngChunk('eXIf', Buffer.from(exifTiff(GPS))),
      pngChunk('tEXt', ascii('Comment\0GPS 48.85 2.29')),
      pngChunk('zTXt', ascii('Raw profile\0\0xx')),
      pngChunk('iTXt', ascii('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>')),
      pngChunk('tIME', Buffer.from([7, 234, 11, 23, 12, 0, 0])),
      phys
    )
    const stripped = Buffer.from(stripImageMetadata(photo, 'image/png'))
    for (const type of ['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME', 'GPS', 'xmpmeta']) {
      expect(stripped.includes(ascii(type))).toBe(false)
    }
    expect(stripped.equals(pngWith(phys))).toBe(true)
    expect(imageStructureProblem(stripped, 'image/png')).toBeNull()
  })
})

describe('stripImageMetadata on WebP', () => {
  it('drops the EXIF and XMP chunks, clears their VP8X flags and fixes the RIFF size', () => {
    const photo = webpWith(
      0x08 | 0x04,
      vp8Chunk(),
      webpChunk('EXIF', Buffer.from(exifTiff(GPS))),
      webpChunk('XMP ', ascii('<x:xmpmeta>GPS</x:xmpmeta>'))
    )
    const stripped = Buffer.from(stripImageMetadata(photo, 'image/webp'))
    expect(stripped.includes(ascii('EXIF'))).toBe(false)
    expect(stripped.includes(ascii('xmpmeta'))).toBe(false)
    expect(stripped.equals(webpWith(0, vp8Chunk()))).toBe(true)
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8)
    expect(imageStructureProblem(stripped, 'image/webp')).toBeNull()
    expect(readImageDimensions(stripped)).toEqual({ width: 3, height: 2 })
  })
})

describe('stripImageMetadata is a whitelist that ends at the end of the image', () => {
  const trailer = ascii('<script>alert(1)</script> GPS 48.85 2.29')

  it.each([
    ['APP1 (EXIF or XMP)', 0xe1],
    ['APP3 (a vendor block)', 0xe3],
    ['APP4', 0xe4],
    ['APP11 (JPEG XT)', 0xeb],
    ['APP13 (IPTC)', 0xed],
    ['APP15', 0xef],
    ['a COM comment', 0xfe],
    ['the reserved JPG marker', 0xc8],
    ['a JPGn extension (F0)', 0xf0],
    ['a JPGn extension (FD)', 0xfd]
  ])('JPEG: drops %s', (_name, marker) => {
    const photo = jpegWith(jpegSegment(marker, ascii('GPS 48.85 2.29 secret')))
    expect(Buffer.from(stripImageMetadata(photo, 'image/jpeg')).equals(JPEG_3X2)).toBe(true)
  })

  it.each([
    ['text after EOI', Buffer.concat([JPEG_3X2, trailer])],
    ['a second JPEG after EOI', Buffer.concat([JPEG_3X2, JPEG_3X2])],
    [
      'a comment between the scan and EOI',
      Buffer.concat([JPEG_3X2.subarray(0, -2), jpegSegment(0xfe, trailer), JPEG_3X2.subarray(-2)])
    ]
  ])('JPEG: drops %s, keeping the image up to its end marker', (_name, photo) => {
    const stripped = Buffer.from(stripImageMetadata(photo, 'image/jpeg'))
    expect(stripped.equals(JPEG_3X2)).toBe(true)
    expect(imageStructureProblem(stripped, 'image/jpeg')).toBeNull()
  })

  it('JPEG: refuses a scan that never ends', () => {
    expect(() => stripImageMetadata(JPEG_3X2.subarray(0, -2), 'image/jpeg')).toThrow(
      MetadataStripError
    )
  })

  it.each(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME', 'vpAg', 'prVW', 'caNv', 'orNT', 'zzZz'])(
    'PNG: drops a %s chunk',
    (type) => {
      const photo = pngWith(pngChunk(type, ascii('GPS 48.85 2.29')))
      expect(Buffer.from(stripImageMetadata(photo, 'image/png')).equals(PNG_1X1)).toBe(true)
    }
  )

  it.each([
    ['gAMA', Buffer.from([0, 0, 0xb1, 0x8f])],
    ['sRGB', Buffer.from([0])],
    ['pHYs', Buffer.from([0, 0, 11, 19, 0, 0, 11, 19, 1])],
    ['iCCP', ascii('icc\0\0profile')]
  ])('PNG: keeps a %s chunk', (type, data) => {
    const photo = pngWith(pngChunk(type, data))
    expect(Buffer.from(stripImageMetadata(photo, 'image/png')).equals(photo)).toBe(true)
  })

  it('PNG: drops what follows IEND', () => {
    const stripped = stripImageMetadata(Buffer.concat([PNG_1X1, trailer]), 'image/png')
    expect(Buffer.from(stripped).equals(PNG_1X1)).toBe(true)
  })

  it.each(['EXIF', 'XMP ', 'META', 'xxxx', 'exif'])('WebP: drops a "%s" chunk', (fourcc) => {
    const photo = webpWith(0, vp8Chunk(), webpChunk(fourcc, ascii('GPS 48.85 2.29')))
    expect(
      Buffer.from(stripImageMetadata(photo, 'image/webp')).equals(webpWith(0, vp8Chunk()))
    ).toBe(true)
  })

  it('WebP: keeps the ICC profile and drops what follows the RIFF size', () => {
    const photo = webpWith(0x20, webpChunk('ICCP', ascii('profile')), vp8Chunk())
    const stripped = stripImageMetadata(Buffer.concat([photo, trailer]), 'image/webp')
    expect(Buffer.from(stripped).equals(photo)).toBe(true)
  })
})

describe('stripImageMetadata on GIF and damaged files', () => {
  it('returns a GIF as it is (the format has no camera metadata)', () => {
    expect(stripImageMetadata(GIF_1X1, 'image/gif')).toBe(GIF_1X1)
  })

  it.each([
    ['a JPEG cut inside a segment', JPEG_3X2.subarray(0, 30), 'image/jpeg'],
    [
      'a JPEG with garbage where a marker belongs',
      Buffer.concat([JPEG_3X2.subarray(0, 2), ascii('garbage!')]),
      'image/jpeg'
    ],
    ['a PNG without IEND', PNG_1X1.subarray(0, PNG_1X1.length - 12), 'image/png'],
    [
      'a WebP whose chunk runs past the file',
      WEBP_LOSSY_3X2.subarray(0, WEBP_LOSSY_3X2.length - 10),
      'image/webp'
    ]
  ] as const)('refuses %s with MetadataStripError', (_, bytes, type) => {
    expect(() => stripImageMetadata(bytes, type)).toThrow(MetadataStripError)
  })
})
