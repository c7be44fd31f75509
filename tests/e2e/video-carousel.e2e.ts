// A carousel mixing a photo and a clip (docs/product.md, "Create a post"): a PNG and a WebM
// recorded in the page are dropped into Create together, the clip converted and both shared as
// one post. In the feed the first slide (the photo) has no player; the second slide's clip plays
// muted once shown (its currentTime advances); back on the photo, no video is left playing. The
// post view shows the same clip on its second slide, and so does the full-screen viewer, where +
// and a double-click do not zoom it and ← goes back to the photo. Create names the clip's alt
// text "Alt text, video 2". The clip carries a WebVTT file chosen in Create (after a wrong one is
// refused with its line): its captions track is there and its cues load. axe finds nothing in
// Create with both in the strip, in both themes.

import { checkA11yBothThemes } from './support/axe'
import { openCreatePost, openSignedIn, shootBothThemes, ui } from './support/app'
import { createUser, type TestUser } from './support/backend'
import { recordedClip } from './support/clip'
import { photoPng } from './fixtures/images'
import { expect, test } from './support/test'

const CAPTION = 'A photo, then a clip'
const VTT = 'WEBVTT\n\n00:00.000 --> 00:05.000\nA square crosses the frame\n'

/** The cues the first text track of `video` has loaded (0 until they load). */
const cueCount = (video: { textTracks: ArrayLike<{ cues: { length: number } | null }> }): number =>
  video.textTracks[0]?.cues?.length ?? 0

// Autoplay follows reduced motion: this spec is about a video moving.
test.use({ reducedMotion: 'no-preference' })
test.describe.configure({ timeout: 240_000 })

let author: TestUser

test.beforeAll(async () => {
  author = await createUser('mixedauthor')
})

test('a photo and a recorded WebM in one post: only the clip’s slide plays', async ({
  appPage: page
}, testInfo) => {
  await openSignedIn(page, author)
  const dialog = await openCreatePost(page)
  const dataTransfer = await recordedClip(page, { before: [photoPng(5)] })
  const zone = ui.dropZone(page)
  for (const type of ['dragenter', 'dragover', 'drop'])
    await zone.dispatchEvent(type, { dataTransfer })
  await dataTransfer.dispose()

  await expect(dialog.getByRole('button', { name: 'Photo 1 of 2' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Video 2 of 2' }).click()
  await expect(dialog.getByLabel('Preview of the selected video')).toBeVisible()
  await expect(dialog.getByText(/^Trim: keeps /)).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: 'Alt text, video 2' })).toBeVisible()
  const captionsFile = dialog.getByLabel('Captions file (WebVTT)')
  await captionsFile.setInputFiles({
    name: 'wrong.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from('WEBVTT\n\n00:01,000 --> 00:02.000\nComma\n')
  })
  await expect(dialog.getByRole('alert')).toHaveText(/^Line 3 of the captions file/)
  await captionsFile.setInputFiles({
    name: 'square.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from(VTT)
  })
  await expect(dialog.getByText('Captions: square.vtt')).toBeVisible()
  await checkA11yBothThemes(page, 'create with a photo and a clip', testInfo)
  await shootBothThemes(page, 'create-photo-and-clip')

  await ui.caption(page).fill(CAPTION)
  await ui.share(page).click()
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
  await expect(video.locator('track[kind="captions"]')).toHaveAttribute(
    'src',
    /\/storage\/v1\/object\/public\/videos\/posts\/.+-1\.vtt$/
  )
  await expect.poll(() => video.evaluate(cueCount), { timeout: 30_000 }).toBe(1)
  await card.getByRole('button', { name: 'Hide captions' }).click()
  expect(
    await video.evaluate(
      (element: { textTracks: ArrayLike<{ mode: string }> }) => element.textTracks[0].mode
    )
  ).toBe('hidden')

  // Back on the photo the clip is gone, so nothing plays in the card.
  await card.getByRole('button', { name: 'Previous photo' }).click()
  await expect(card.getByTestId('feed-video')).toHaveCount(0)
  const playing = await page
    .getByTestId('feed-video')
    .evaluateAll((videos) => videos.filter((v) => !(v as { paused: boolean }).paused).length)
  expect(playing).toBe(0)

  // The post view: the same clip on its second slide, and in the full-screen viewer.
  await card.locator('time').click()
  const view = page.getByRole('dialog', { name: `Post by ${author.username}` })
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
  // A clip's slide does not zoom: + leaves it fitted, so ← moves back to the photo, not a pan.
  await page.keyboard.press('+')
  await full.dblclick()
  await page.keyboard.press('ArrowLeft')
  await expect(viewer.getByText('1 of 2')).toBeVisible()
  await expect(viewer.getByTestId('feed-video')).toHaveCount(0)
})
