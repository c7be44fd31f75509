// The full-screen photo viewer (docs/product.md, "Photo viewer"): opened from the post view,
// it zooms by wheel and double-click and pans by drag (measured on the photo's transform),
// steps through a carousel's photos and on to the next post with the arrows, shows the ALT
// badge, and closes on Escape with focus back on its button. axe in light and dark.

import { type Locator, type Page } from '@playwright/test'
import { createPost } from '../../src/shared/data/post-create'
import { photoPng } from './fixtures/images'
import { openSignedIn, ui, waitForFeed } from './support/app'
import { checkA11yBothThemes } from './support/axe'
import { createPostAs, createUser, type TestUser } from './support/backend'
import { expect, test } from './support/test'

let author: TestUser
let reader: TestUser

test.beforeAll(async () => {
  author = await createUser('viewerauthor')
  reader = await createUser('viewerreader')
  // The single photo is older, so it follows the carousel in the feed: the viewer's next post.
  await createPostAs(author, 'After the row', 52)
  await createPost(author.client, {
    userId: author.id,
    caption: 'Three to look at',
    photos: [1, 2, 3].map((seed) => {
      const image = photoPng(seed + 40, 600)
      return {
        bytes: new Uint8Array(image.buffer),
        declaredType: image.mimeType,
        altText: seed === 2 ? undefined : `view ${seed}`
      }
    })
  })
})

test.setTimeout(180_000)

const postView = (page: Page): Locator =>
  page.getByRole('dialog', { name: `Post by ${author.username}` })
const viewer = (page: Page): Locator => page.getByRole('dialog', { name: 'Photo viewer' })
const photo = (page: Page): Locator => viewer(page).getByRole('img')

/** The photo's zoom and pan as the browser draws them (its computed transform matrix). */
async function transformOf(page: Page): Promise<{ scale: number; x: number; y: number }> {
  return photo(page).evaluate((element) => {
    const web = globalThis as unknown as {
      getComputedStyle(element: unknown): { transform: string }
      DOMMatrixReadOnly: new (value: string) => { a: number; e: number; f: number }
    }
    const transform = web.getComputedStyle(element).transform
    const matrix = new web.DOMMatrixReadOnly(transform === 'none' ? '' : transform)
    return { scale: matrix.a, x: matrix.e, y: matrix.f }
  })
}

const scaleOf = async (page: Page): Promise<number> => (await transformOf(page)).scale

async function stageCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = (await viewer(page).getByTestId('photo-viewer-stage').boundingBox())!
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

test('zoom, pan, carousel and next post, Escape; ALT badge; axe light and dark', async ({
  appPage: page
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await openSignedIn(page, reader)
  await waitForFeed(page)
  await ui.posts(page).filter({ hasText: 'Three to look at' }).first().locator('time').click()
  await expect(postView(page)).toBeVisible()

  // The post view's photo wears the ALT badge; hovering it shows the description.
  const badge = postView(page).getByRole('button', { name: 'ALT' })
  await badge.hover()
  await expect(postView(page).getByRole('tooltip')).toHaveText('view 1')

  const expand = postView(page).getByRole('button', { name: 'View full screen' })
  await expand.click()
  await expect(viewer(page)).toBeVisible()
  await expect(viewer(page).getByText('1 of 3')).toBeVisible()
  await expect(photo(page)).toHaveAttribute('alt', 'view 1')
  await expect.poll(() => scaleOf(page)).toBe(1)

  // The wheel zooms in around the pointer.
  const centre = await stageCentre(page)
  await page.mouse.move(centre.x + 150, centre.y + 80)
  await page.mouse.wheel(0, -400)
  await expect.poll(() => scaleOf(page)).toBeGreaterThan(1.3)
  await page.keyboard.press('0')
  await expect.poll(() => scaleOf(page)).toBe(1)

  // A double-click zooms to 2.5x at the point, a second one back to fitted.
  await page.mouse.dblclick(centre.x - 100, centre.y)
  await expect.poll(() => scaleOf(page)).toBeCloseTo(2.5, 2)

  // Dragging the zoomed photo moves it.
  const before = await transformOf(page)
  await page.mouse.move(centre.x, centre.y)
  await page.mouse.down()
  await page.mouse.move(centre.x - 120, centre.y - 60, { steps: 5 })
  await page.mouse.up()
  await expect.poll(async () => (await transformOf(page)).x).toBeCloseTo(before.x - 120, 0)
  expect((await transformOf(page)).y).not.toBe(before.y)
  // While zoomed the arrows pan, and stay on the same photo.
  await page.keyboard.press('ArrowRight')
  await expect(viewer(page).getByText('1 of 3')).toBeVisible()
  await page.mouse.dblclick(centre.x, centre.y)
  await expect.poll(() => scaleOf(page)).toBe(1)

  // Fitted, the arrows move through the photos and on to the next post.
  await page.keyboard.press('ArrowRight')
  await expect(viewer(page).getByText('2 of 3')).toBeVisible()
  await expect(photo(page)).toHaveAttribute('alt', 'Three to look at')
  await expect(viewer(page).getByRole('button', { name: 'ALT' })).toHaveCount(0)
  await page.keyboard.press('ArrowRight')
  await expect(viewer(page).getByText('3 of 3')).toBeVisible()
  await expect(viewer(page).getByRole('button', { name: 'ALT' })).toBeVisible()

  await checkA11yBothThemes(page, 'photo viewer', testInfo)

  await page.keyboard.press('ArrowRight')
  await expect(photo(page)).toHaveAttribute('alt', 'After the row')
  await expect(viewer(page).getByText(/of 3/)).toHaveCount(0)
  await page.keyboard.press('ArrowLeft')
  await expect(viewer(page).getByText('3 of 3')).toBeVisible()

  // Escape closes the viewer only: the post view shows the same photo, focus on the button.
  await page.keyboard.press('Escape')
  await expect(viewer(page)).toBeHidden()
  await expect(postView(page)).toBeVisible()
  await expect(postView(page).getByRole('group', { name: 'Photos, 3 of 3' })).toBeVisible()
  await expect(expand).toBeFocused()

  // f opens it again; its Close button closes it.
  await page.keyboard.press('f')
  await expect(viewer(page)).toBeVisible()
  await expect(viewer(page).getByText('3 of 3')).toBeVisible()
  await viewer(page).getByRole('button', { name: 'Close' }).click()
  await expect(viewer(page)).toBeHidden()
  await expect(expand).toBeFocused()
})
