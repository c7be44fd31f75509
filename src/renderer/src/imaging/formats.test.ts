import { describe, expect, it } from 'vitest'
import { centreSquare, fitBox, fitWidth, isAnimatedGif, isAnimatedWebp } from './formats'

/** A GIF of `frames` 1×1 frames, each behind a graphic control extension. */
function gif(frames: number, globalPalette = true): Uint8Array {
  const header = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, globalPalette ? 0x80 : 0, 0, 0]
  const palette = globalPalette ? [0xff, 0, 0, 0, 0, 0xff] : []
  const loop = [0x21, 0xff, 11, ...new TextEncoder().encode('NETSCAPE2.0'), 3, 1, 0, 0, 0]
  const frame = [
    ...[0x21, 0xf9, 4, 0x04, 10, 0, 0, 0],
    ...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0],
    ...[2, 2, 0x44, 0x01, 0]
  ]
  return new Uint8Array([...header, ...palette, ...loop, ...Array(frames).fill(frame).flat(), 0x3b])
}

describe('isAnimatedGif', () => {
  it('tells a two-frame GIF from a one-frame GIF', () => {
    expect(isAnimatedGif(gif(2))).toBe(true)
    expect(isAnimatedGif(gif(1))).toBe(false)
    expect(isAnimatedGif(gif(3, false))).toBe(true)
  })

  it('is false for a truncated GIF or other bytes', () => {
    expect(isAnimatedGif(gif(2).slice(0, 40))).toBe(false)
    expect(isAnimatedGif(new Uint8Array([0xff, 0xd8, 0xff]))).toBe(false)
  })
})

describe('isAnimatedWebp', () => {
  it('reads the animation flag of a VP8X header', () => {
    const webp = (flags: number): Uint8Array =>
      new Uint8Array([
        ...new TextEncoder().encode('RIFF'),
        ...[0, 0, 0, 0],
        ...new TextEncoder().encode('WEBPVP8X'),
        ...[10, 0, 0, 0, flags, 0, 0, 0]
      ])
    expect(isAnimatedWebp(webp(0x02))).toBe(true)
    expect(isAnimatedWebp(webp(0x10))).toBe(false)
  })
})

describe('sizes', () => {
  it('scales down to the maximum width keeping the ratio, never up', () => {
    expect(fitWidth(4000, 3000, 1080)).toEqual({ width: 1080, height: 810 })
    expect(fitWidth(3000, 4000, 1080)).toEqual({ width: 1080, height: 1440 })
    expect(fitWidth(800, 600, 1080)).toEqual({ width: 800, height: 600 })
  })

  it('takes the centred square', () => {
    expect(centreSquare(4000, 3000)).toEqual({ x: 500, y: 0, side: 3000 })
    expect(centreSquare(300, 500)).toEqual({ x: 0, y: 100, side: 300 })
  })
})

describe('fitBox', () => {
  it('fits a story photo into the 9:16 frame by its limiting side, never upscaling', () => {
    expect(fitBox(3000, 4000, 1080, 1920)).toEqual({ width: 1080, height: 1440 })
    expect(fitBox(1500, 4000, 1080, 1920)).toEqual({ width: 720, height: 1920 })
    expect(fitBox(4000, 3000, 1080, 1920)).toEqual({ width: 1080, height: 810 })
    expect(fitBox(600, 800, 1080, 1920)).toEqual({ width: 600, height: 800 })
  })

  it('with no height limit it is fitWidth', () => {
    expect(fitBox(4000, 3000, 1080, Infinity)).toEqual(fitWidth(4000, 3000, 1080))
  })
})
