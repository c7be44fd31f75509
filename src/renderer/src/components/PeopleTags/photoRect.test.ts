import { describe, expect, it } from 'vitest'
import { photoContentRect, pointInBox, pointOfPhoto } from './photoRect'

describe('photoContentRect', () => {
  it('letterboxes a wide photo in a square frame (contain)', () => {
    expect(
      photoContentRect({ width: 400, height: 400 }, { width: 800, height: 400 }, 'contain')
    ).toEqual({
      left: 0,
      top: 100,
      width: 400,
      height: 200
    })
  })

  it('crops a tall photo capped at 4:5 (cover)', () => {
    const rect = photoContentRect({ width: 400, height: 500 }, { width: 400, height: 800 }, 'cover')
    expect(rect).toEqual({ left: 0, top: -150, width: 400, height: 800 })
  })

  it('takes the whole box when the photo’s size is unknown', () => {
    expect(photoContentRect({ width: 300, height: 300 }, null, 'contain')).toEqual({
      left: 0,
      top: 0,
      width: 300,
      height: 300
    })
  })
})

describe('points', () => {
  const rect = { left: 0, top: 100, width: 400, height: 200 }

  it('maps a point of the photo to the box and back', () => {
    expect(pointInBox(rect, 0.25, 0.5)).toEqual({ left: 100, top: 200 })
    expect(pointOfPhoto(rect, 100, 200)).toEqual({ x: 0.25, y: 0.5 })
  })

  it('has no point for a click on the letterbox', () => {
    expect(pointOfPhoto(rect, 100, 50)).toBeNull()
  })
})
