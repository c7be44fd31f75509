// A carousel of photos of different shapes is framed by the first photo's shape (held between
// 1.91:1 and 4:5), and every photo fills that frame: no bands, in the feed card and the post view.

import type { Locator } from '@playwright/test'
import { encodePng } from '../../scripts/lib/png'
import { addPeopleTags } from '../../src/shared/data/people-tags'
import { createPost } from '../../src/shared/data/post-create'
import { openSignedIn, shootBothThemes, ui } from './support/app'
import { createUser } from './support/backend'
import { expect, test } from './support/test'

/** A photo of `width`×`height` in two colours, as the pipeline would describe it. */
function photo(width: number, height: number, tint: number) {
  const bytes = encodePng(width, height, (_x, y) =>
    y < height / 2 ? [240, 160 + tint, 60] : [40, 90 + tint, 140]
  )
  const thumb = encodePng(16, 16, () => [200, 200, 200])
  return {
    bytes: new Uint8Array(bytes),
    declaredType: 'image/png',
    renditions: {
      thumbnailBytes: new Uint8Array(thumb),
      thumbnailType: 'image/png',
      width,
      height,
      placeholder: null
    }
  }
}

/** Width over height of the box, and of the photo's painted part inside it. */
async function shape(media: Locator): Promise<{ box: number; fit: string; fills: boolean }> {
  await expect(media.locator('img')).toHaveJSProperty('complete', true)
  return media.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const img = element.querySelector('img')!
    const shown = img.getBoundingClientRect()
    return {
      box: box.width / box.height,
      fit: img.ownerDocument.defaultView!.getComputedStyle(img).objectFit,
      fills: Math.abs(shown.width - box.width) < 1 && Math.abs(shown.height - box.height) < 1
    }
  })
}

test('mixed shapes share the first photo’s frame, each filling it', async ({ appPage: page }) => {
  const author = await createUser('framer')
  // A landscape 4:3 first, then a tall 1:2 and a very wide 3:1.
  await createPost(author.client, {
    userId: author.id,
    caption: 'Three shapes',
    photos: [photo(400, 300, 0), photo(200, 400, 40), photo(600, 200, 80)]
  })
  await page.setViewportSize({ width: 1280, height: 800 })
  await openSignedIn(page, author)

  const card = ui.post(page, author.username)
  const media = card.getByTestId('post-media')
  for (let i = 0; i < 3; i++) {
    const seen = await shape(media)
    expect(seen.box).toBeCloseTo(4 / 3, 1)
    expect(seen).toMatchObject({ fit: 'cover', fills: true })
    if (i === 0) {
      await card.scrollIntoViewIfNeeded()
      await shootBothThemes(page, 'carousel-feed')
    }
    if (i < 2) await card.getByRole('button', { name: 'Next photo' }).click()
  }
  await card.getByRole('button', { name: 'Previous photo' }).click()
  await card.getByRole('button', { name: 'Previous photo' }).click()

  // The post view's photo pane takes the same frame; it opens on the photo the card showed.
  await card.getByRole('button', { name: 'Comment', exact: true }).click()
  const view = page.getByRole('dialog', { name: `Post by ${author.username}` })
  const viewMedia = view.getByTestId('post-media')
  for (let i = 0; i < 3; i++) {
    const seen = await shape(viewMedia)
    expect(seen.box).toBeCloseTo(4 / 3, 1)
    expect(seen).toMatchObject({ fit: 'cover', fills: true })
    if (i === 0) await shootBothThemes(page, 'carousel-post-view')
    if (i < 2) await view.getByRole('button', { name: 'Next photo' }).click()
  }
})

test('a tagged photo’s ALT badge stands clear of its tag toggle', async ({ appPage: page }) => {
  const author = await createUser('altag')
  const friend = await createUser('altagged')
  const post = await createPost(author.client, {
    userId: author.id,
    caption: 'Tagged, described',
    photos: [{ ...photo(400, 400, 0), altText: 'Two colours, orange over blue' }]
  })
  await addPeopleTags(author.client, post.id, [{ position: 0, userId: friend.id, x: 0.5, y: 0.5 }])
  await page.setViewportSize({ width: 1280, height: 800 })
  await openSignedIn(page, author)

  const card = ui.post(page, author.username)
  const alt = card.getByRole('button', { name: 'ALT', exact: true })
  const toggle = card.getByRole('button', { name: /tagged people/ })
  const [altBox, toggleBox] = [await alt.boundingBox(), await toggle.boundingBox()]
  expect(altBox && toggleBox).toBeTruthy()
  const apart =
    altBox!.y + altBox!.height <= toggleBox!.y ||
    toggleBox!.y + toggleBox!.height <= altBox!.y ||
    altBox!.x + altBox!.width <= toggleBox!.x ||
    toggleBox!.x + toggleBox!.width <= altBox!.x
  expect(apart).toBe(true)
})
