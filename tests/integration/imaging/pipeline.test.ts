// The upload pipeline (src/renderer/src/imaging/renditions.ts) in headless Chromium, which has
// the real canvas and codecs that jsdom lacks: EXIF orientation is applied to the pixels, the
// GPS position (and every other EXIF field) is gone from what is uploaded, photos are scaled
// down, and animated GIFs pass through untouched.

import { existsSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_PATH, launchChromium, pipelinePage } from '../../support/chromium/browser'
import { indexOfBytes, withExif } from '../../support/chromium/exif'
import type { PageGlobals } from '../../support/chromium/page-globals'

const available = existsSync(CHROMIUM_PATH)

interface PageResult {
  width: number
  height: number
  animated: boolean
  type: string
  bytes: number[]
  thumbType: string
  thumbSide: number[]
  placeholder: string | null
  /** RGB at the top and bottom centre of the output, decoded again. */
  top: number[]
  bottom: number[]
}

/** Runs makeRenditions on `bytes` in the page and decodes what it produced. */
function run(page: Page, bytes: Uint8Array, type: string): Promise<PageResult> {
  return page.evaluate(
    async ({ input, type }) => {
      const web = globalThis as unknown as PageGlobals
      const out = await web.pipeline.makeRenditions(new Uint8Array(input), type)
      const decoded = await web.createImageBitmap(
        new Blob([out.image.bytes], { type: out.image.type })
      )
      const canvas = new web.OffscreenCanvas(decoded.width, decoded.height)
      const context = canvas.getContext('2d')!
      context.drawImage(decoded, 0, 0)
      const sample = (y: number): number[] =>
        Array.from(context.getImageData(Math.floor(decoded.width / 2), y, 1, 1).data.slice(0, 3))
      const thumb = await web.createImageBitmap(
        new Blob([out.thumbnail.bytes], { type: out.thumbnail.type })
      )
      return {
        width: out.width,
        height: out.height,
        animated: out.animated,
        type: out.image.type,
        bytes: Array.from(out.image.bytes),
        thumbType: out.thumbnail.type,
        thumbSide: [thumb.width, thumb.height],
        placeholder: out.placeholder,
        top: sample(2),
        bottom: sample(decoded.height - 3)
      }
    },
    { input: Array.from(bytes), type }
  )
}

/** A JPEG whose stored pixels are red on the left and blue on the right. */
function redLeftBlueRight(page: Page, width: number, height: number): Promise<Uint8Array> {
  return page
    .evaluate(
      async ({ width, height }) => {
        const web = globalThis as unknown as PageGlobals
        const canvas = new web.OffscreenCanvas(width, height)
        const context = canvas.getContext('2d')!
        context.fillStyle = '#ff0000'
        context.fillRect(0, 0, width / 2, height)
        context.fillStyle = '#0000ff'
        context.fillRect(width / 2, 0, width / 2, height)
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 })
        return Array.from(new Uint8Array(await blob.arrayBuffer()))
      },
      { width, height }
    )
    .then((bytes) => new Uint8Array(bytes))
}

const isRed = ([r, g, b]: number[]): boolean => r > 200 && g < 60 && b < 60
const isBlue = ([r, g, b]: number[]): boolean => b > 200 && r < 60 && g < 60
const ascii = (text: string): Uint8Array => new TextEncoder().encode(text)

/** A GIF of `frames` 1×1 frames, written by hand (LZW data of one pixel of colour 0). */
function gif(frames: number): Uint8Array {
  const header = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0x80, 0, 0]
  const palette = [0xff, 0x00, 0x00, 0x00, 0x00, 0xff]
  const frame = [
    ...[0x21, 0xf9, 4, 0x04, 10, 0, 0, 0],
    ...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0],
    ...[2, 2, 0x44, 0x01, 0]
  ]
  return new Uint8Array([...header, ...palette, ...Array(frames).fill(frame).flat(), 0x3b])
}

describe.skipIf(!available)('image pipeline in Chromium', () => {
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    browser = await launchChromium()
    page = await pipelinePage(browser)
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
  })

  it('turns a photo stored sideways (EXIF orientation 6) upright and drops its GPS position', async () => {
    const stored = await redLeftBlueRight(page, 64, 32)
    const photo = withExif(stored, {
      orientation: 6,
      latitude: [52, 31, 12.345],
      longitude: [13, 24, 5.678]
    })
    // The input does carry the EXIF block and its GPS rationals (so the test can fail).
    const gpsSeconds = new Uint8Array([0, 0, 0x30, 0x39, 0, 0, 0x03, 0xe8]) // 12345/1000
    expect(indexOfBytes(photo, ascii('Exif\0\0'))).toBeGreaterThan(0)
    expect(indexOfBytes(photo, gpsSeconds)).toBeGreaterThan(0)

    const result = await run(page, photo, 'image/jpeg')
    // Rotated 90° clockwise for display: 64×32 stored becomes 32×64, red on top.
    expect([result.width, result.height]).toEqual([32, 64])
    expect(isRed(result.top)).toBe(true)
    expect(isBlue(result.bottom)).toBe(true)

    const output = new Uint8Array(result.bytes)
    expect(result.type).toMatch(/^image\/(webp|jpeg)$/)
    expect(indexOfBytes(output, ascii('Exif'))).toBe(-1)
    expect(indexOfBytes(output, ascii('EXIF'))).toBe(-1)
    expect(indexOfBytes(output, gpsSeconds)).toBe(-1)
  })

  it('scales a wide photo down to 1080 px and makes a square thumbnail and a placeholder', async () => {
    const wide = await redLeftBlueRight(page, 2400, 1600)
    const result = await run(page, wide, 'image/jpeg')
    expect([result.width, result.height]).toEqual([1080, 720])
    expect(result.thumbSide).toEqual([320, 320])
    expect(result.placeholder).toMatch(/^[A-Za-z0-9+/]{20,64}={0,2}$/)
  })

  it('keeps a small photo at its size (never scales up)', async () => {
    const small = await redLeftBlueRight(page, 300, 200)
    const result = await run(page, small, 'image/jpeg')
    expect([result.width, result.height]).toEqual([300, 200])
    expect(result.thumbSide).toEqual([200, 200])
  })

  it('uploads an animated GIF as it is, with a still thumbnail', async () => {
    const animated = gif(2)
    const result = await run(page, animated, 'image/gif')
    expect(result.animated).toBe(true)
    expect(result.type).toBe('image/gif')
    expect(new Uint8Array(result.bytes)).toEqual(animated)
    expect(result.thumbType).not.toBe('image/gif')
  })

  it('re-encodes a single-frame GIF like any photo', async () => {
    const result = await run(page, gif(1), 'image/gif')
    expect(result.animated).toBe(false)
    expect(result.type).not.toBe('image/gif')
  })
})
