// A carousel mixing a photo and a clip (docs/product.md, "Create a post"): a PNG and a WebM
// recorded in the page are dropped into Create together, the clip converted and both shared as
// one post. In the feed the first slide (the photo) has no player; the second slide's clip plays
// muted once shown (its currentTime advances); back on the photo, no video is left playing. The
// post view shows the same clip on its second slide, and so does the full-screen viewer. axe
// finds nothing in Create with both in the strip, in both themes.

import { checkA11yBothThemes } from './support/axe'
import { openCreatePost, openSignedIn, ui } from './support/app'
import { createUser, type TestUser } from './support/backend'
import { recordedClip } from './support/clip'
import { photoPng } from './fixtures/images'
import { expect, test } from './support/test'

const CAPTION = 'A photo, then a clip'

// Autoplay follows reduced motion: this spec is about a video moving.
test.use({ reducedMotion: 'no-preference' })
test.describe.configure({ timeout: 240_000 })

let author: TestUser

test.beforeAll(async () => {
  author = await createUser('mixedauthor')
})

test('a photo and a recorded WebM in one post: only the clip’s slide plays', async ({
  page
}, testInfo) => {
  await openSignedIn(page, author)
  const dialog = await openCreatePost(page)
  const dataTransfer = await recordedClip(page, [photoPng(5)])
  const zone = ui.dropZone(page)
  for (const type of ['dragenter', 'dragover', 'drop'])
    await zone.dispatchEvent(type, { dataTransfer })
  await dataTransfer.dispose()

  await expect(dialog.getByRole('button', { name: 'Photo 1 of 2' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Video 2 of 2' }).click()
  await expect(dialog.getByLabel('Preview of the selected video')).toBeVisible()
  await expect(dialog.getByText(/^Trim: keeps /)).toBeVisible()
  await checkA11yBothThemes(page, 'create with a photo and a clip', testInfo)

  await ui.caption(page).fill(CAPTION)
  await ui.share(page).click()
  // The alt-text reminder asks once; Share again posts.
  const notNow = dialog.getByRole('button', { name: 'Not now' })
  if (await notNow.isVisible()) await notNow.click()
  if (await ui.createDialog(page).isVisible()) await ui.share(page).click()
  await expect(ui.createDialog(page)).toBeHidden({ timeout: 120_000 })

  const card = ui.posts(page).filter({ hasText: CAPTION }).first()
  await expect(card.getByRole('img', { name: CAPTION })).toBeVisible()
  await expect(card.getByTestId('feed-video')).toHaveCount(0)

  await card.getByRole('button', { name: 'Next photo' }).click()
  const video = card.getByTestId('feed-video')
  await expect(video).toHaveAttribute(
    'src',
    /\/storage\/v1\/object\/public\/videos\/posts\/.+\.(webm|mp4)$/
  )
  await expect
    .poll(() => video.evaluate((element: { currentTime: number }) => element.currentTime), {
      timeout: 30_000
    })
    .toBeGreaterThan(0.2)
  expect(await video.evaluate((element: { muted: boolean }) => element.muted)).toBe(true)

  // Back on the photo the clip is gone, so nothing plays in the card.
  await card.getByRole('button', { name: 'Previous photo' }).click()
  await expect(card.getByTestId('feed-video')).toHaveCount(0)
  const playing = await page
    .getByTestId('feed-video')
    .evaluateAll((videos) => videos.filter((v) => !(v as { paused: boolean }).paused).length)
  expect(playing).toBe(0)

  // The post view: the same clip on its second slide, and in the full-screen viewer.
  await card.getByRole('img', { name: CAPTION }).click()
  const view = ui.postView(page)
  await expect(view.getByTestId('feed-video')).toHaveCount(0)
  await view.getByRole('button', { name: 'Next photo' }).click()
  await expect(view.getByTestId('feed-video')).toHaveAttribute('src', /\/videos\/posts\//)
  await view.getByRole('button', { name: 'View full screen' }).click()
  const viewer = page.getByRole('dialog', { name: 'Photo viewer' })
  const full = viewer.getByTestId('feed-video')
  await expect
    .poll(() => full.evaluate((element: { currentTime: number }) => element.currentTime), {
      timeout: 30_000
    })
    .toBeGreaterThan(0.2)
})
