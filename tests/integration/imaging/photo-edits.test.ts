// The create screen's edits as they reach the posted pixels (src/renderer/src/imaging/edits.ts
// through renditions.ts), in headless Chromium: the crop's shape and position, a filter, the
// warmth and the vignette are measured in the decoded output, not assumed.

import { existsSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_PATH, launchChromium, pipelinePage } from '../../support/chromium/browser'
import type { PageGlobals } from '../../support/chromium/page-globals'

const available = existsSync(CHROMIUM_PATH)

type Pixel = [number, number, number]

/** The shape of imaging/edits.ts' PhotoEdit (a renderer module, outside this project). */
interface PhotoEdit {
  framing: { zoom: number; offsetX: number; offsetY: number }
  filter: string
  adjustments: Record<
    'brightness' | 'contrast' | 'saturation' | 'warmth' | 'fade' | 'vignette',
    number
  >
}

const NO_EDIT: PhotoEdit = {
  framing: { zoom: 1, offsetX: 0, offsetY: 0 },
  filter: 'normal',
  adjustments: { brightness: 0, contrast: 0, saturation: 0, warmth: 0, fade: 0, vignette: 0 }
}

interface Edited {
  width: number
  height: number
  thumb: [number, number]
  /** RGB at the centre, the top-left corner (inset 2 px), the left and right middles. */
  centre: Pixel
  corner: Pixel
  left: Pixel
  right: Pixel
}

type Fill = 'red-left-blue-right' | 'grey' | 'colours'

/** Paints a JPEG in the page, runs makeRenditions with `edit`, decodes and samples the result. */
function edited(
  page: Page,
  fill: Fill,
  size: [number, number],
  edit: (PhotoEdit & { ratio: number | null }) | undefined
): Promise<Edited> {
  return page.evaluate(
    async ({ fill, size, edit }) => {
      const web = globalThis as unknown as PageGlobals
      const [width, height] = size
      const source = new web.OffscreenCanvas(width, height)
      const paint = source.getContext('2d')!
      if (fill === 'grey') {
        paint.fillStyle = '#808080'
        paint.fillRect(0, 0, width, height)
      } else if (fill === 'colours') {
        const colours = ['#e53935', '#43a047', '#1e88e5', '#fdd835']
        colours.forEach((colour, i) => {
          paint.fillStyle = colour
          paint.fillRect((i * width) / 4, 0, width / 4, height)
        })
      } else {
        paint.fillStyle = '#ff0000'
        paint.fillRect(0, 0, width / 2, height)
        paint.fillStyle = '#0000ff'
        paint.fillRect(width / 2, 0, width / 2, height)
      }
      const blob = await source.convertToBlob({ type: 'image/jpeg', quality: 0.95 })
      const bytes = new Uint8Array(await blob.arrayBuffer())
      const out = await web.pipeline.makeRenditions(bytes, 'image/jpeg', undefined, edit)
      const decoded = await web.createImageBitmap(
        new Blob([out.image.bytes], { type: out.image.type })
      )
      const canvas = new web.OffscreenCanvas(decoded.width, decoded.height)
      const context = canvas.getContext('2d')!
      context.drawImage(decoded, 0, 0)
      const at = (x: number, y: number): number[] =>
        Array.from(context.getImageData(Math.floor(x), Math.floor(y), 1, 1).data.slice(0, 3))
      const thumb = await web.createImageBitmap(
        new Blob([out.thumbnail.bytes], { type: out.thumbnail.type })
      )
      return {
        width: out.width,
        height: out.height,
        thumb: [thumb.width, thumb.height],
        centre: at(decoded.width / 2, decoded.height / 2),
        corner: at(2, 2),
        left: at(4, decoded.height / 2),
        right: at(decoded.width - 5, decoded.height / 2)
      } as Edited
    },
    { fill, size, edit }
  )
}

const isRed = ([r, g, b]: Pixel): boolean => r > 200 && g < 60 && b < 60
const isBlue = ([r, g, b]: Pixel): boolean => b > 200 && r < 60 && g < 60
const spread = ([r, g, b]: Pixel): number => Math.max(r, g, b) - Math.min(r, g, b)
const brightness = ([r, g, b]: Pixel): number => (r + g + b) / 3

const edit = (change: Partial<PhotoEdit> & { ratio?: number | null }) => ({
  ...NO_EDIT,
  ratio: null,
  ...change
})

describe.skipIf(!available)('photo edits in the posted pixels (Chromium)', () => {
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    browser = await launchChromium()
    page = await pipelinePage(browser)
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
  })

  it('crops a 2:1 photo to 4:5, at the position chosen', async () => {
    const leftCrop = await edited(
      page,
      'red-left-blue-right',
      [2000, 1000],
      edit({ ratio: 4 / 5, framing: { zoom: 1, offsetX: -1, offsetY: 0 } })
    )
    expect(leftCrop.width / leftCrop.height).toBeCloseTo(0.8, 2)
    // The left edge of the photo is red: a crop moved all the way left is all red.
    expect(isRed(leftCrop.centre)).toBe(true)
    expect(isRed(leftCrop.right)).toBe(true)

    const rightCrop = await edited(
      page,
      'red-left-blue-right',
      [2000, 1000],
      edit({ ratio: 4 / 5, framing: { zoom: 1, offsetX: 1, offsetY: 0 } })
    )
    expect(isBlue(rightCrop.centre)).toBe(true)
    expect(isBlue(rightCrop.left)).toBe(true)
    // The grid tile is the crop's centre square.
    expect(rightCrop.thumb[0]).toBe(rightCrop.thumb[1])
  })

  it('zooms into the crop: twice the zoom keeps half the width', async () => {
    const whole = await edited(page, 'red-left-blue-right', [800, 800], edit({ ratio: 1 }))
    expect(isRed(whole.left)).toBe(true)
    expect(isBlue(whole.right)).toBe(true)
    const zoomed = await edited(
      page,
      'red-left-blue-right',
      [800, 800],
      edit({ ratio: 1, framing: { zoom: 2, offsetX: -1, offsetY: 0 } })
    )
    // 400 px of the left half: no blue left in it.
    expect(zoomed.width).toBe(400)
    expect(isRed(zoomed.right)).toBe(true)
  })

  it('a filter changes the posted pixels: Moon takes the colour out', async () => {
    const plain = await edited(page, 'colours', [800, 600], edit({}))
    const moon = await edited(page, 'colours', [800, 600], edit({ filter: 'moon' }))
    expect(spread(plain.left)).toBeGreaterThan(100)
    expect(spread(moon.left)).toBeLessThan(12)
    expect(spread(moon.right)).toBeLessThan(12)
  })

  it('warmth tints towards amber or blue, and the vignette darkens the corners', async () => {
    const warm = await edited(
      page,
      'grey',
      [600, 600],
      edit({ adjustments: { ...NO_EDIT.adjustments, warmth: 100 } })
    )
    expect(warm.centre[0] - warm.centre[2]).toBeGreaterThan(20)
    const cool = await edited(
      page,
      'grey',
      [600, 600],
      edit({ adjustments: { ...NO_EDIT.adjustments, warmth: -100 } })
    )
    expect(cool.centre[2] - cool.centre[0]).toBeGreaterThan(20)
    const vignette = await edited(
      page,
      'grey',
      [600, 600],
      edit({ adjustments: { ...NO_EDIT.adjustments, vignette: 100 } })
    )
    expect(brightness(vignette.centre) - brightness(vignette.corner)).toBeGreaterThan(40)
  })
})
