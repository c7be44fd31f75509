import { describe, expect, it } from 'vitest'
import { checkImage, sniffImageType } from '../../../src/shared/image'
import { MAX_IMAGE_BYTES } from '../../../src/shared/limits'

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16])
const GIF = new TextEncoder().encode('GIF89a......')
const WEBP = Uint8Array.from([
  ...new TextEncoder().encode('RIFF'),
  0,
  0,
  0,
  0,
  ...new TextEncoder().encode('WEBPVP8 ')
])
const HTML = new TextEncoder().encode('<html><script>alert(1)</script></html>')
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')

describe('sniffImageType', () => {
  it('recognises JPEG, PNG, GIF and WebP by their magic bytes', () => {
    expect(sniffImageType(JPEG)).toBe('image/jpeg')
    expect(sniffImageType(PNG)).toBe('image/png')
    expect(sniffImageType(GIF)).toBe('image/gif')
    expect(sniffImageType(WEBP)).toBe('image/webp')
  })

  it('rejects HTML, SVG, truncated headers and empty input', () => {
    expect(sniffImageType(HTML)).toBeNull()
    expect(sniffImageType(SVG)).toBeNull()
    expect(sniffImageType(PNG.slice(0, 4))).toBeNull()
    expect(sniffImageType(new Uint8Array())).toBeNull()
    expect(sniffImageType(new TextEncoder().encode('RIFF....AVI '))).toBeNull()
  })
})

describe('checkImage', () => {
  it('accepts a real image and reports the sniffed type, not the declared one', () => {
    expect(checkImage(PNG, 'image/jpeg')).toEqual({ ok: true, type: 'image/png' })
  })

  it("says 'Image must be less than 10MB' at 10 MB and above", () => {
    const big = new Uint8Array(MAX_IMAGE_BYTES)
    big.set(PNG)
    expect(checkImage(big, 'image/png')).toEqual({
      ok: false,
      message: 'Image must be less than 10MB'
    })
    expect(checkImage(big.subarray(0, MAX_IMAGE_BYTES - 1), 'image/png').ok).toBe(true)
  })

  it('words the non-image error for a selected file and for a dropped one', () => {
    expect(checkImage(HTML, 'text/html', 'selected')).toEqual({
      ok: false,
      message: 'Please select an image file'
    })
    expect(checkImage(HTML, 'text/html', 'dropped')).toEqual({
      ok: false,
      message: 'Please drop an image file'
    })
  })

  it('rejects bytes that are not an image even when labelled as one', () => {
    expect(checkImage(SVG, 'image/jpeg', 'dropped')).toEqual({
      ok: false,
      message: 'Please drop an image file'
    })
  })
})
