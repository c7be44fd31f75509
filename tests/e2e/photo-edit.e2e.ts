// Editing a photo before sharing it (docs/product.md, "Create a post"): the crop's shape
// and position and a filter reach the posted pixels, measured in the image the backend serves
// (decoded with sharp), not assumed from the controls' state.

import { type Page } from '@playwright/test'
import sharp from 'sharp'
import { checkA11y } from './support/axe'
import { chooseFile, openCreatePost, openSignedIn, sharePost, ui } from './support/app'
import { createUser, type TestUser } from './support/backend'
import type { FileFixture } from './fixtures/images'
import { expect, test } from './support/test'

let user: TestUser

// Two shares of a 1200 px photo each, and axe over the editor.
test.describe.configure({ timeout: 120_000 })

test.beforeAll(async () => {
  user = await createUser('editor')
})

/** A 1200×600 PNG: red on the left half, blue on the right. */
async function redLeftBlueRight(): Promise<FileFixture> {
  const width = 1200
  const height = 600
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3
      if (x < width / 2) pixels[at] = 230
      else pixels[at + 2] = 230
    }
  }
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
  return { name: 'halves.png', mimeType: 'image/png', buffer }
}

interface Served {
  width: number
  height: number
  /** RGB at (x, y) given as fractions of the size. */
  at(x: number, y: number): [number, number, number]
}

/** The first post's photo as the backend serves it, decoded. */
async function firstPostPhoto(page: Page, caption: string): Promise<Served> {
  const image = ui.posts(page).first().getByRole('img', { name: caption, exact: true })
  await expect(image).toBeVisible()
  const src = await image.getAttribute('src')
  const response = await page.request.get(src!)
  const { data, info } = await sharp(await response.body())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return {
    width: info.width,
    height: info.height,
    at(x, y) {
      const px = Math.min(info.width - 1, Math.floor(x * info.width))
      const py = Math.min(info.height - 1, Math.floor(y * info.height))
      const offset = (py * info.width + px) * info.channels
      return [data[offset], data[offset + 1], data[offset + 2]]
    }
  }
}

const isRed = ([r, g, b]: number[]): boolean => r > 180 && g < 60 && b < 60

test('crop to 4:5, moved to the left edge: the posted photo is 4:5 and all red', async ({
  appPage: page
}, testInfo) => {
  await openSignedIn(page, user)
  const dialog = await openCreatePost(page)
  await chooseFile(page, await redLeftBlueRight())
  const frame = ui.preview(page)
  await expect(frame).toBeVisible()
  await dialog.getByRole('group', { name: 'Crop' }).getByRole('button', { name: '4:5' }).click()
  await expect(
    dialog.getByRole('group', { name: 'Crop' }).getByRole('button', { name: '4:5' })
  ).toHaveAttribute('aria-pressed', 'true')
  // With the keyboard: ten steps left take the crop to the photo's left edge.
  await frame.focus()
  for (let step = 0; step < 10; step += 1) await page.keyboard.press('ArrowLeft')
  await checkA11y(page, 'create post: photo editor', testInfo)
  await ui.caption(page).fill('Cropped to four by five')
  await sharePost(page)

  const photo = await firstPostPhoto(page, 'Cropped to four by five')
  expect(photo.width / photo.height).toBeCloseTo(0.8, 2)
  // A 4:5 crop of a 2:1 photo is 480 of its 1200 px: at the left edge it is all red.
  expect(isRed(photo.at(0.05, 0.5))).toBe(true)
  expect(isRed(photo.at(0.95, 0.5))).toBe(true)
})

test('a filter changes the posted pixels; dragging moves the crop', async ({ appPage: page }) => {
  await openSignedIn(page, user)
  const dialog = await openCreatePost(page)
  await chooseFile(page, await redLeftBlueRight())
  const frame = ui.preview(page)
  await expect(frame).toBeVisible()
  await dialog.getByRole('button', { name: '1:1' }).click()
  // With the mouse: drag the photo left, so the crop shows its right (blue) half.
  const box = (await frame.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + 10, box.y + box.height / 2, { steps: 8 })
  await page.mouse.up()
  await dialog.getByRole('button', { name: 'Moon' }).click()
  await expect(dialog.getByRole('button', { name: 'Moon' })).toHaveAttribute('aria-pressed', 'true')
  await ui.caption(page).fill('Moonlit blue')
  await sharePost(page)

  const photo = await firstPostPhoto(page, 'Moonlit blue')
  expect(photo.width).toBe(photo.height)
  const [r, g, b] = photo.at(0.5, 0.5)
  // Moon is black and white: the blue came out grey.
  expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThan(12)
  // Blue is dark in black and white; the red half would be lighter.
  expect(r).toBeLessThan(60)
})
