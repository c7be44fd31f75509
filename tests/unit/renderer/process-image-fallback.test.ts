// When the image pipeline cannot run (here: jsdom has no Worker or OffscreenCanvas, as an old
// or locked-down browser), the picked photo is uploaded without its EXIF/GPS block, or refused
// with a message when it is too damaged to strip; never sent with its location.

import { describe, expect, it } from 'vitest'
import {
  canProcessImages,
  processImage,
  UNSTRIPPABLE_PHOTO_MESSAGE
} from '../../../src/renderer/src/imaging/processImage'

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0))

function segment(marker: number, payload: number[]): number[] {
  const length = payload.length + 2
  return [0xff, marker, length >> 8, length & 0xff, ...payload]
}

/** A JPEG's segment structure: what the stripper walks (it never decodes pixels). */
const IMAGE_DATA = [
  ...segment(0xe0, [...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
  ...segment(0xdb, [0, ...new Array<number>(64).fill(1)]),
  ...segment(0xc0, [8, 0, 2, 0, 3, 1, 1, 0x11, 0]),
  ...segment(0xda, [1, 1, 0, 0, 63, 0]),
  0x12,
  0x34,
  0xff,
  0xd9
]
const EXIF = segment(0xe1, [...ascii('Exif'), 0, 0, ...ascii('MM GPSLatitude 48/1 51/1')])
const photo = new Uint8Array([0xff, 0xd8, ...EXIF, ...IMAGE_DATA])

function contains(bytes: Uint8Array, text: string): boolean {
  const needle = ascii(text)
  return bytes.some((_, at) => needle.every((byte, i) => bytes[at + i] === byte))
}

describe('processImage fallback without the pipeline', () => {
  it('runs where the pipeline cannot', () => {
    expect(canProcessImages()).toBe(false)
  })

  it('uploads the photo without its EXIF block (and so without its GPS position)', async () => {
    expect(contains(photo, 'GPSLatitude')).toBe(true)
    const { image, renditions } = await processImage({
      name: 'holiday.jpg',
      type: 'image/jpeg',
      bytes: photo
    })
    expect(renditions).toBeUndefined()
    expect(contains(image.bytes, 'Exif')).toBe(false)
    expect(contains(image.bytes, 'GPSLatitude')).toBe(false)
    expect([...image.bytes]).toEqual([0xff, 0xd8, ...IMAGE_DATA])
    expect(image.name).toBe('holiday.jpg')
  })

  it('refuses a photo too damaged to strip, with a message', async () => {
    const damaged = photo.slice(0, 12)
    await expect(
      processImage({ name: 'broken.jpg', type: 'image/jpeg', bytes: damaged })
    ).rejects.toThrow(UNSTRIPPABLE_PHOTO_MESSAGE)
  })
})
