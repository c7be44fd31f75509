// When the image pipeline cannot run (here: jsdom has no Worker or OffscreenCanvas, as an old
// or locked-down browser), the picked photo is uploaded without its EXIF/GPS block, or refused
// with a message when it is too damaged to strip; never sent with its location.

import { describe, expect, it } from 'vitest'
import {
  canProcessImages,
  processImage,
  UNSTRIPPABLE_PHOTO_MESSAGE
} from '../../../src/renderer/src/imaging/processImage'
import { withExif } from '../../support/chromium/exif'
import { JPEG_3X2 } from '../../integration/hardening/images'

const photo = withExif(JPEG_3X2, {
  orientation: 1,
  latitude: [48, 51, 29.9],
  longitude: [2, 17, 40.2]
})

describe('processImage fallback without the pipeline', () => {
  it('runs where the pipeline cannot', () => {
    expect(canProcessImages()).toBe(false)
  })

  it('uploads the photo without its EXIF block (and so without its GPS position)', async () => {
    const { image, renditions } = await processImage({
      name: 'holiday.jpg',
      type: 'image/jpeg',
      bytes: photo
    })
    expect(renditions).toBeUndefined()
    expect(Buffer.from(image.bytes).includes(Buffer.from('Exif'))).toBe(false)
    expect(Buffer.from(image.bytes).equals(JPEG_3X2)).toBe(true)
    expect(image.name).toBe('holiday.jpg')
  })

  it('refuses a photo too damaged to strip, with a message', async () => {
    const damaged = photo.slice(0, 40)
    await expect(
      processImage({ name: 'broken.jpg', type: 'image/jpeg', bytes: damaged })
    ).rejects.toThrow(UNSTRIPPABLE_PHOTO_MESSAGE)
  })
})
