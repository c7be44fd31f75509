import { describe, expect, it } from 'vitest'
import { checkImage, readImageDimensions } from '../../../src/shared/image'
import { MAX_IMAGE_PIXELS } from '../../../src/shared/limits'
import { MESSAGES } from '../../../src/shared/messages'
import {
  GIF_1X1,
  gifClaiming,
  JPEG_3X2,
  jpegClaiming,
  PNG_1X1,
  pngClaiming,
  truncated,
  WEBP_EXTENDED_3X2,
  WEBP_LOSSLESS_3X2,
  WEBP_LOSSY_3X2,
  webpClaiming
} from '../../support/images'

describe('readImageDimensions', () => {
  it.each([
    ['PNG (IHDR)', PNG_1X1, 1, 1],
    ['JPEG (SOF0 after APP0, DQT)', JPEG_3X2, 3, 2],
    ['GIF (logical screen)', GIF_1X1, 1, 1],
    ['WebP lossy (VP8)', WEBP_LOSSY_3X2, 3, 2],
    ['WebP lossless (VP8L)', WEBP_LOSSLESS_3X2, 3, 2],
    ['WebP extended (VP8X)', WEBP_EXTENDED_3X2, 3, 2]
  ])('reads %s from real encoder output', (_name, bytes, width, height) => {
    expect(readImageDimensions(bytes)).toEqual({ width, height })
  })

  it.each([
    ['PNG', pngClaiming(20000, 20000)],
    ['JPEG', jpegClaiming(20000, 20000)],
    ['GIF', gifClaiming(20000, 20000)],
    ['WebP', webpClaiming(20000, 20000)]
  ])('reads the claimed 20000×20000 of a %s bomb from its header alone', (_name, bytes) => {
    expect(readImageDimensions(bytes)).toEqual({ width: 20000, height: 20000 })
  })

  it('reads the largest sizes each format can express without overflowing', () => {
    expect(readImageDimensions(pngClaiming(0x7fffffff, 0xffffffff))).toEqual({
      width: 0x7fffffff,
      height: 0xffffffff
    })
    expect(readImageDimensions(webpClaiming(1 << 24, 1 << 24))).toEqual({
      width: 1 << 24,
      height: 1 << 24
    })
  })

  it('skips a JPEG EXIF segment and fill bytes to find the frame header', () => {
    const exif = Buffer.concat([
      Buffer.from([0xff, 0xe1, 0x00, 0x0a]),
      Buffer.from('Exif\0\0abcd'.slice(0, 8))
    ])
    const bytes = Buffer.concat([
      JPEG_3X2.subarray(0, 2),
      exif,
      Buffer.from([0xff]),
      JPEG_3X2.subarray(2)
    ])
    expect(readImageDimensions(bytes)).toEqual({ width: 3, height: 2 })
  })

  it('returns null for headers cut short, zero sizes and non-images, never throwing', () => {
    expect(readImageDimensions(truncated(PNG_1X1, 20))).toBeNull()
    expect(readImageDimensions(truncated(JPEG_3X2, 150))).toBeNull()
    expect(readImageDimensions(truncated(GIF_1X1, 8))).toBeNull()
    expect(readImageDimensions(truncated(WEBP_LOSSY_3X2, 24))).toBeNull()
    expect(readImageDimensions(pngClaiming(0, 10))).toBeNull()
    expect(readImageDimensions(Buffer.from('<svg width="20000" height="20000"/>'))).toBeNull()
    expect(readImageDimensions(new Uint8Array())).toBeNull()
    // A JPEG whose first scan comes before any frame header has no usable size.
    expect(
      readImageDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]))
    ).toBeNull()
    // A segment length pointing past the end just stops the walk.
    expect(readImageDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xff, 0x00]))).toBeNull()
  })

  it('every byte-prefix of every fixture either reads the right size or null', () => {
    for (const bytes of [PNG_1X1, JPEG_3X2, GIF_1X1, WEBP_LOSSY_3X2, WEBP_LOSSLESS_3X2]) {
      const full = readImageDimensions(bytes)
      for (let keep = 0; keep < bytes.length; keep++) {
        const partial = readImageDimensions(truncated(bytes, keep))
        if (partial !== null) expect(partial).toEqual(full)
      }
    }
  })
})

describe('checkImage: the pixel limit', () => {
  it.each([
    ['PNG', 'image/png', pngClaiming(20000, 20000)],
    ['JPEG', 'image/jpeg', jpegClaiming(20000, 20000)],
    ['GIF', 'image/gif', gifClaiming(20000, 20000)],
    ['WebP', 'image/webp', webpClaiming(20000, 20000)]
  ])(
    "refuses a %s claiming 20000×20000 with 'Image is too large to process'",
    (_n, type, bytes) => {
      expect(checkImage(bytes, type)).toEqual({ ok: false, message: MESSAGES.imageTooManyPixels })
      expect(MESSAGES.imageTooManyPixels).toBe('Image is too large to process')
    }
  )

  it('accepts exactly MAX_IMAGE_PIXELS and refuses one row more', () => {
    const width = 10000
    const height = MAX_IMAGE_PIXELS / width
    expect(checkImage(pngClaiming(width, height), 'image/png')).toEqual({
      ok: true,
      type: 'image/png'
    })
    expect(checkImage(pngClaiming(width, height + 1), 'image/png').ok).toBe(false)
  })

  it('still accepts small real images of every format', () => {
    for (const bytes of [PNG_1X1, JPEG_3X2, GIF_1X1, WEBP_LOSSY_3X2, WEBP_LOSSLESS_3X2]) {
      expect(checkImage(bytes, '').ok).toBe(true)
    }
  })
})
