// Video stories (docs/product.md, "Stories"): a WebM recorded in the page is dropped into "Add to
// your story", converted by the posts' worker and shared; a follower opens it and the clip plays
// (its currentTime advances), the bar follows the clip's time, Space pauses both, `m` switches its
// sound, and the clip's end closes the viewer (it was the last story). Create shows its trim. axe finds nothing in Create with the clip or in
// the viewer, in both themes.

import type { Locator, Page } from '@playwright/test'
import { checkA11yBothThemes } from './support/axe'
import { openSignedIn, shootBothThemes } from './support/app'
import { createUser, follow, type TestUser } from './support/backend'
import { recordedClip } from './support/clip'
import { expect, test } from './support/test'

// Autoplay follows reduced motion: this spec is about a clip moving.
test.use({ reducedMotion: 'no-preference' })
test.describe.configure({ timeout: 240_000 })

let author: TestUser
let watcher: TestUser

test.beforeAll(async () => {
  author = await createUser('clipauthor')
  watcher = await createUser('clipwatcher')
  await follow(watcher, author)
})

const strip = (page: Page): Locator => page.getByRole('region', { name: 'Stories' })

type Clip = { currentTime: number; duration: number; paused: boolean }
const clipState = (video: Locator): Promise<Clip> =>
  video.evaluate((element: Clip) => ({
    currentTime: element.currentTime,
    duration: element.duration,
    paused: element.paused
  }))

test('a recorded clip posted as a story plays for a follower, its bar following it', async ({
  appPage: page,
  otherPage
}, testInfo) => {
  await openSignedIn(page, author)
  await strip(page).getByRole('button', { name: 'Add to your story' }).click()
  const create = page.getByRole('dialog', { name: 'Add to your story' })
  await expect(create).toBeVisible()
  const dataTransfer = await recordedClip(page, { ms: 2500 })
  const zone = create.getByTestId('drop-zone')
  for (const type of ['dragenter', 'dragover', 'drop'])
    await zone.dispatchEvent(type, { dataTransfer })
  await dataTransfer.dispose()

  await expect(create.getByLabel('Preview of your video story')).toBeVisible()
  await expect(create.getByRole('checkbox', { name: 'Share without sound' })).toBeVisible()
  // Trim handles as a post's clip has; a clip this short is kept whole.
  await expect(create.getByText(/^Trim: keeps 0:0\d of 0:0\d$/)).toBeVisible()
  await expect(create.getByRole('slider')).toHaveCount(2)
  await expect(create.getByRole('button', { name: 'Share to story' })).toBeEnabled()
  await checkA11yBothThemes(page, 'add a video story', testInfo)
  await create.getByRole('button', { name: 'Share to story' }).click()
  await expect(create).toBeHidden({ timeout: 120_000 })

  // Lent with this file's reduced motion ('no-preference'), as the author's page is.
  const watcherPage = await otherPage()
  await openSignedIn(watcherPage, watcher)
  await strip(watcherPage)
    .getByRole('button', { name: `${author.username}'s story`, exact: true })
    .click()
  const viewer = watcherPage.getByRole('dialog', { name: `Stories by ${author.username}` })
  await expect(viewer).toBeVisible()
  const video = viewer.getByTestId('story-video')
  await expect(video).toHaveAttribute(
    'src',
    /\/storage\/v1\/object\/public\/videos\/stories\/.+\.(webm|mp4)$/
  )
  await expect.poll(async () => (await clipState(video)).currentTime).toBeGreaterThan(0.2)

  // Space pauses the clip, and the bar holds where the clip is.
  await watcherPage.keyboard.press('Space')
  await expect.poll(async () => (await clipState(video)).paused).toBe(true)
  const held = await clipState(video)
  const bar = viewer.getByTestId('story-progress')
  const fraction = Number(await bar.getAttribute('data-fraction'))
  expect(fraction).toBeGreaterThan(0)
  // The bar shows the clip's time over its length (timeupdate lags playback a little).
  expect(Math.abs(fraction - held.currentTime / held.duration)).toBeLessThan(0.2)
  await checkA11yBothThemes(watcherPage, 'video story viewer', testInfo)
  await shootBothThemes(watcherPage, 'video-story-viewer')
  await watcherPage.waitForTimeout(300)
  expect((await clipState(video)).currentTime).toBe(held.currentTime)

  // `m` switches the sound, as in Reels, and the sound button says which way.
  const muted = (): Promise<boolean> =>
    video.evaluate((element: { muted: boolean }) => element.muted)
  const before = await muted()
  await watcherPage.keyboard.press('m')
  await expect.poll(muted).toBe(!before)
  await expect(
    viewer.getByRole('button', { name: before ? 'Turn sound off' : 'Turn sound on' })
  ).toHaveAttribute('aria-pressed', String(before))

  // Playing again, the clip runs to its end and the viewer moves on: it was the last story.
  await watcherPage.keyboard.press('Space')
  await expect(viewer).toBeHidden({ timeout: 15_000 })
})
