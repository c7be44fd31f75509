// Video posts (docs/product.md, "Post card"): a WebM recorded in the page from a canvas is
// dropped into Create, converted in the worker and shared; in the feed it plays by itself
// (its currentTime advances) while on screen and is paused once scrolled away. axe finds
// nothing in Create with the clip or in the feed, in both themes.

import { checkA11yBothThemes } from './support/axe'
import { openCreatePost, openSignedIn, shootBothThemes, ui } from './support/app'
import { createUserWithPosts, type TestUser } from './support/backend'
import { recordedClip } from './support/clip'
import { expect, test } from './support/test'

const CAPTION = 'A recorded clip'

// Autoplay follows reduced motion: this spec is about a video moving.
test.use({ reducedMotion: 'no-preference' })
test.describe.configure({ timeout: 240_000 })

let author: TestUser

test.beforeAll(async () => {
  // Older posts below the new one, so the feed can scroll it away.
  ;({ user: author } = await createUserWithPosts('videoauthor', 4, {
    caption: 'Older',
    firstSeed: 71
  }))
})

test('a recorded WebM dropped into Create is shared, plays in the feed and pauses when scrolled away', async ({
  page
}, testInfo) => {
  await openSignedIn(page, author)
  const dialog = await openCreatePost(page)
  const dataTransfer = await recordedClip(page)
  const zone = ui.dropZone(page)
  for (const type of ['dragenter', 'dragover', 'drop'])
    await zone.dispatchEvent(type, { dataTransfer })
  await dataTransfer.dispose()

  await expect(dialog.getByLabel('Preview of the selected video')).toBeVisible()
  await expect(dialog.getByText(/^Trim: keeps /)).toBeVisible()
  await expect(dialog.getByRole('checkbox', { name: 'Post without sound' })).toBeVisible()
  await checkA11yBothThemes(page, 'create with a video', testInfo)
  await shootBothThemes(page, 'create-video')

  await ui.caption(page).fill(CAPTION)
  await ui.share(page).click()
  await expect(ui.createDialog(page)).toBeHidden({ timeout: 120_000 })

  const card = ui.posts(page).filter({ hasText: CAPTION }).first()
  const video = card.getByTestId('feed-video')
  await expect(video).toBeVisible()
  await expect(video).toHaveAttribute(
    'src',
    /\/storage\/v1\/object\/public\/videos\/posts\/.+\.(webm|mp4)$/
  )
  await expect
    .poll(() => video.evaluate((element: { currentTime: number }) => element.currentTime), {
      timeout: 30_000
    })
    .toBeGreaterThan(0.2)
  expect(
    await video.evaluate((element: { paused: boolean; muted: boolean }) => element.muted)
  ).toBe(true)
  await expect(card.getByRole('progressbar', { name: 'Video progress' })).toBeVisible()
  await checkA11yBothThemes(page, 'feed with a video', testInfo)
  await shootBothThemes(page, 'feed-video')

  // Held by the element itself: a windowed feed may unmount the card once it is far away.
  const element = await video.elementHandle()
  await page.mouse.wheel(0, 4000)
  await expect
    .poll(() => element!.evaluate((node: { paused: boolean }) => node.paused), { timeout: 10_000 })
    .toBe(true)
})
