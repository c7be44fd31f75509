import { describe, expect, it } from 'vitest'
import { carouselFrameRatio } from './frameRatio'

describe('carouselFrameRatio', () => {
  it("is the first photo's shape, whatever the others are", () => {
    expect(
      carouselFrameRatio([
        { width: 1200, height: 900 },
        { width: 600, height: 1200 }
      ])
    ).toBe(4 / 3)
    expect(
      carouselFrameRatio([
        { width: 900, height: 900 },
        { width: 1600, height: 900 }
      ])
    ).toBe(1)
  })

  it('is held between 1.91:1 and 4:5', () => {
    expect(
      carouselFrameRatio([
        { width: 3000, height: 1000 },
        { width: 10, height: 10 }
      ])
    ).toBe(1.91)
    expect(
      carouselFrameRatio([
        { width: 500, height: 1000 },
        { width: 10, height: 10 }
      ])
    ).toBe(0.8)
  })

  it('is square when the first photo has no size', () => {
    expect(carouselFrameRatio([{ width: null, height: null }])).toBe(1)
  })
})
