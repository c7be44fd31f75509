// Autoplay of animated photos (docs/product.md, "Settings › Accessibility"): with it off, an
// animated GIF is shown as its still first frame with a "GIF" play button on the feed card, in
// the post view and in the full-screen viewer; played, it moves, and it stops again on a second
// press or once scrolled off screen. Measured on the pixels the browser paints: the photo's box
// is captured twice over time, which must match while held and differ while playing.
// "Same as system" follows the system's reduced motion (emulated); a choice overrides it. With
// autoplay on, the same button pauses it.

import { type Locator, type Page } from '@playwright/test'
import { animatedGif } from './fixtures/animated'
import { chooseFile, openCreatePost, openSignedIn, sharePost, ui } from './support/app'
import { createUser, createUserWithPosts, type TestUser } from './support/backend'
import { expect, test } from './support/test'

const CAPTION = 'A moving picture'
const PREFERENCES_KEY = 'instaframe:preferences'
/** Longer than the GIF's whole loop (3 × 200 ms), so a held photo had every chance to move. */
const LOOP_MS = 700

/** The page's globals; tsconfig.node.json has no DOM library. */
type Web = {
  localStorage: { setItem(key: string, value: string): void; removeItem(key: string): void }
}

// Autoplay follows the system's reduced motion: the system allows motion unless a test says.
test.use({ reducedMotion: 'no-preference' })

let author: TestUser
let reader: TestUser

test.describe.configure({ timeout: 180_000 })

test.beforeAll(async ({ browser }) => {
  // Older posts below it, so the feed can scroll it off screen.
  ;({ user: author } = await createUserWithPosts('gifauthor', 4, {
    caption: 'Still',
    firstSeed: 61
  }))
  reader = await createUser('gifreader')
  const page = await browser.newPage()
  await openSignedIn(page, author)
  await openCreatePost(page)
  await chooseFile(page, await animatedGif())
  await ui.caption(page).fill(CAPTION)
  await sharePost(page)
  await page.close()
})

const card = (page: Page): Locator => ui.posts(page).filter({ hasText: CAPTION }).first()
const playButton = (scope: Locator): Locator =>
  scope.getByRole('button', { name: 'Play animation (GIF)' })
const pauseButton = (scope: Locator): Locator =>
  scope.getByRole('button', { name: 'Pause animation (GIF)' })

/** Two captures of `box`, `ms` apart: whether what is painted changed in between. */
async function changesOver(page: Page, box: Locator, ms: number): Promise<boolean> {
  const first = await box.screenshot()
  // The interval is the measurement itself, not a wait for something to happen.
  await page.waitForTimeout(ms)
  const second = await box.screenshot()
  return !first.equals(second)
}

async function expectHeld(page: Page, box: Locator): Promise<void> {
  // Generous: the photo is read back and its first frame made on a machine that may be busy.
  await expect(box.locator('img[data-animation="held"]')).toBeVisible({ timeout: 20_000 })
  // The held frame may still be fading in when it appears: wait until the box is still, then
  // hold it to that over two whole loops. A playing GIF never looks still 250 ms apart (its
  // frames last 200 ms), so this wait cannot pass one that moves.
  await expect.poll(() => changesOver(page, box, 250), { timeout: 20_000 }).toBe(false)
  expect(await changesOver(page, box, LOOP_MS)).toBe(false)
  expect(await changesOver(page, box, LOOP_MS)).toBe(false)
}

async function expectPlaying(page: Page, box: Locator): Promise<void> {
  await expect(box.locator('img[data-animation="held"]')).toHaveCount(0)
  try {
    await expect.poll(() => changesOver(page, box, 350), { timeout: 20_000 }).toBe(true)
  } catch (error) {
    // What tells a photo held again from one that never loaded or loaded and does not move.
    throw new Error(`The played photo did not move. Its images: ${await imagesIn(box)}`, {
      cause: error
    })
  }
}

/** The page's view of an <img>; tsconfig.node.json has no DOM library. */
type WebImage = {
  complete: boolean
  naturalWidth: number
  currentSrc: string
  getAttribute(name: string): string | null
  getBoundingClientRect(): { top: number; height: number }
}

const imagesIn = (box: Locator): Promise<string> =>
  box.evaluate((element) =>
    JSON.stringify(
      Array.from(
        (
          element as unknown as { querySelectorAll(s: string): ArrayLike<WebImage> }
        ).querySelectorAll('img'),
        (img) => ({
          animation: img.getAttribute('data-animation'),
          complete: img.complete,
          naturalWidth: img.naturalWidth,
          box: [img.getBoundingClientRect().top, img.getBoundingClientRect().height].map(
            Math.round
          ),
          src: img.currentSrc.slice(-40)
        })
      )
    )
  )

test('off: held still on the card, post view and viewer; played and stopped again', async ({
  page
}) => {
  await page.addInitScript(
    ([key, value]) => (globalThis as unknown as Web).localStorage.setItem(key, value),
    [PREFERENCES_KEY, JSON.stringify({ autoplay: 'off' })] as const
  )
  await page.setViewportSize({ width: 1280, height: 900 })
  await openSignedIn(page, reader)
  const post = card(page)
  const media = post.getByTestId('post-media')
  await expectHeld(page, media)

  // The button plays it and, pressed again, stops it; from the keyboard too.
  await playButton(post).click()
  await expectPlaying(page, media)
  await pauseButton(post).click()
  await expectHeld(page, media)
  await playButton(post).focus()
  await page.keyboard.press('Enter')
  await expectPlaying(page, media)
  await page.keyboard.press('Space')
  await expectHeld(page, media)

  // A double-click on the photo still likes it, and does not play it.
  await media.locator('img').dblclick()
  await expect(post.getByRole('button', { name: 'Unlike' })).toBeVisible()
  // (Once the heart that bursts over the photo has gone.)
  await expect(post.getByTestId('like-burst')).toHaveCount(0)
  await expectHeld(page, media)

  // Played, then scrolled off screen: it is held again when it comes back.
  await playButton(post).click()
  await expect(pauseButton(post)).toBeVisible()
  await page.mouse.wheel(0, 4000)
  await expect(media).not.toBeInViewport()
  // (The windowed feed may have let the card go meanwhile: it comes back held either way.)
  await page.mouse.wheel(0, -8000)
  await expect(media).toBeInViewport()
  await expect(playButton(post)).toBeVisible()
  await expectHeld(page, media)

  // The post view and the full-screen viewer hold it too.
  await post.locator('time').click()
  const view = page.getByRole('dialog', { name: `Post by ${author.username}` })
  const viewMedia = view.getByTestId('post-media')
  await expectHeld(page, viewMedia)
  await playButton(view).click()
  await expectPlaying(page, viewMedia)
  await view.getByRole('button', { name: 'View full screen' }).click()
  const viewer = page.getByRole('dialog', { name: 'Photo viewer' })
  const stage = viewer.getByTestId('photo-viewer-stage')
  await expectHeld(page, stage)
  await playButton(viewer).click()
  await expectPlaying(page, stage)
  await pauseButton(viewer).click()
  await expectHeld(page, stage)
})

test('"Same as system" holds it under reduced motion; a choice overrides the system', async ({
  page
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.setViewportSize({ width: 1280, height: 900 })
  await openSignedIn(page, reader)
  const media = card(page).getByTestId('post-media')
  await expectHeld(page, media)

  await page.keyboard.press('Control+,')
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Accessibility' })
    .click()
  const setting = page.getByLabel('Autoplay animated images')
  await expect(setting).toHaveValue('system')
  await setting.selectOption({ label: 'On' })
  await ui.nav(page).getByRole('button', { name: 'Home', exact: true }).click()
  await expect(card(page)).toBeVisible()
  await expectPlaying(page, media)
  // Playing by itself, it can still be paused (WCAG 2.2.2), and played again.
  await pauseButton(card(page)).click()
  await expectHeld(page, media)
  await playButton(card(page)).click()
  await expectPlaying(page, media)

  // Without reduced motion, "Same as system" plays it.
  await page.evaluate(
    (key) => (globalThis as unknown as Web).localStorage.removeItem(key),
    PREFERENCES_KEY
  )
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  await page.reload()
  await expect(card(page)).toBeVisible()
  await expectPlaying(page, media)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await expectHeld(page, media)
})
