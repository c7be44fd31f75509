import { describe, expect, it } from 'vitest'
import { mayBeAnimated } from '../components/AnimatedPhoto/mayBeAnimated'
import { animatedFormatOf, isAnimatedImage, stillFrameOf } from './stillFrame'

/** A GIF89a with `frames` 1×1 images (each an image descriptor and a one-byte LZW block). */
function gif(frames: number): Uint8Array {
  const header = [
    0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255
  ]
  const frame = [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00]
  return Uint8Array.from([...header, ...Array.from({ length: frames }, () => frame).flat(), 0x3b])
}

describe('still frames of animated photos', () => {
  it('reads back only GIFs and WebPs', () => {
    expect(mayBeAnimated('http://host/posts/u/1-a.gif')).toBe(true)
    expect(mayBeAnimated('http://host/posts/u/1-a.WEBP?v=2')).toBe(true)
    expect(mayBeAnimated('http://host/posts/u/1-a.jpg')).toBe(false)
    expect(mayBeAnimated('http://host/gif/1-a.png')).toBe(false)
  })

  it('tells a moving GIF from a still one by its frames', () => {
    expect(isAnimatedImage(gif(1))).toBe(false)
    expect(isAnimatedImage(gif(2))).toBe(true)
  })

  it('names the kind of animation for the badge: GIF or WebP', () => {
    // RIFF....WEBPVP8X, then the VP8X flags byte (offset 20) with the animation bit.
    const webp = (flags: number): Uint8Array =>
      Uint8Array.from([
        ...[0x52, 0x49, 0x46, 0x46, 30, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
        ...[0x56, 0x50, 0x38, 0x58, 10, 0, 0, 0, flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]
      ])
    expect(animatedFormatOf(gif(2))).toBe('GIF')
    expect(animatedFormatOf(webp(0x02))).toBe('WebP')
    expect(animatedFormatOf(webp(0x00))).toBeNull()
    expect(animatedFormatOf(gif(1))).toBeNull()
  })

  it('a photo that does not move has no still frame; a failed read is an error', async () => {
    const answer =
      (bytes: Uint8Array, status = 200) =>
      () =>
        Promise.resolve(new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]), { status }))
    await expect(stillFrameOf('http://host/a.gif', answer(gif(1)))).resolves.toBeNull()
    await expect(stillFrameOf('http://host/a.gif', answer(gif(1), 404))).rejects.toThrow(/404/)
  })
})
