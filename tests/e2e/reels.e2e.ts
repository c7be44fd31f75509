// Reels (docs/product.md, "Reels"): video posts made through the API with a WebM recorded in the
// page (a canvas and MediaRecorder) open in Reels from the header and from `g r`; the reel on
// screen plays (its currentTime advances) muted, `m` turns the sound on and off, Space pauses and
// plays, ↓/↑ and the wheel move one reel and the one left is paused. With reduced motion nothing plays until
// "Play" is pressed. A profile's Reels tab opens Reels at the reel chosen. axe finds nothing in
// either theme.

import type { Locator, Page } from '@playwright/test'
import { createPost } from '../../src/shared/data/post-create'
import type { Post } from '../../src/shared/domain'
import { checkA11yBothThemes } from './support/axe'
import { openSignedIn, shootBothThemes } from './support/app'
import { createUser, e2eEnv, type TestUser } from './support/backend'
import { photoPng } from './fixtures/images'
import { expect, test } from './support/test'

test.describe.configure({ timeout: 240_000 })
test.use({ viewport: { width: 1280, height: 800 } })

/** Records `ms` of a moving square on a canvas with MediaRecorder: the WebM's bytes, base64. */
function recordWebm(page: Page, ms: number): Promise<string> {
  return page.evaluate(async (length) => {
    type Canvas = {
      width: number
      height: number
      getContext(kind: '2d'): { fillStyle: string; fillRect(...box: number[]): void }
      captureStream(fps: number): unknown
    }
    const web = globalThis as unknown as {
      document: { createElement(tag: 'canvas'): Canvas }
      MediaRecorder: new (
        stream: unknown,
        options: { mimeType: string }
      ) => {
        state: string
        ondataavailable: (event: { data: { arrayBuffer(): Promise<ArrayBuffer> } }) => void
        onstop: (value: unknown) => void
        start(sliceMs: number): void
        stop(): void
      }
      requestAnimationFrame(callback: () => void): number
      btoa(text: string): string
    }
    const canvas = web.document.createElement('canvas')
    canvas.width = 240
    canvas.height = 320
    const context = canvas.getContext('2d')
    const recorder = new web.MediaRecorder(canvas.captureStream(30), { mimeType: 'video/webm' })
    const chunks: Promise<ArrayBuffer>[] = []
    recorder.ondataavailable = (event) => chunks.push(event.data.arrayBuffer())
    const stopped = new Promise((resolve) => (recorder.onstop = resolve))
    const started = Date.now()
    const draw = (): void => {
      const t = Date.now() - started
      context.fillStyle = '#803040'
      context.fillRect(0, 0, 240, 320)
      context.fillStyle = '#f0c020'
      context.fillRect(100, (t / 8) % 280, 40, 40)
      if (recorder.state === 'recording') web.requestAnimationFrame(draw)
    }
    recorder.start(200)
    draw()
    await new Promise((resolve) => setTimeout(resolve, length))
    recorder.stop()
    await stopped
    const parts = await Promise.all(chunks)
    let text = ''
    for (const part of parts) {
      const bytes = new Uint8Array(part)
      for (let i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i])
    }
    return web.btoa(text)
  }, ms)
}

/** A video post by `author` through the API: `clip` (a WebM) with a photo as its poster. */
async function videoPostAs(author: TestUser, clip: Uint8Array, caption: string): Promise<Post> {
  const poster = photoPng(7, 180)
  return createPost(author.client, {
    userId: author.id,
    caption,
    photos: [
      {
        bytes: new Uint8Array(poster.buffer),
        declaredType: poster.mimeType,
        video: { bytes: clip, declaredType: 'video/webm', durationMs: 8_000 }
      }
    ]
  })
}

type Media = { currentTime: number; paused: boolean; muted: boolean }
const media = (video: Locator): Promise<Media> =>
  video.evaluate((element: Media) => ({
    currentTime: element.currentTime,
    paused: element.paused,
    muted: element.muted
  }))

const onScreen = (page: Page): Locator => page.locator('[data-testid="reel"][aria-current="true"]')

async function expectPlaying(video: Locator): Promise<void> {
  const from = (await media(video)).currentTime
  await expect
    .poll(async () => (await media(video)).currentTime, { timeout: 30_000 })
    .toBeGreaterThan(from + 0.2)
  expect((await media(video)).paused).toBe(false)
}

let viewer: TestUser
let author: TestUser

test.beforeAll(async ({ browser }) => {
  viewer = await createUser('reelviewer')
  author = await createUser('reelauthor')
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(e2eEnv().webUrl)
    const clip = new Uint8Array(Buffer.from(await recordWebm(page, 8_000), 'base64'))
    await videoPostAs(author, clip, 'The first reel')
    await videoPostAs(author, clip, 'The second reel')
  } finally {
    await context.close()
  }
})

test.describe('with motion', () => {
  test.use({ reducedMotion: 'no-preference' })

  test('a video post opens in Reels from the header; keys move, mute and pause', async ({
    page
  }, testInfo) => {
    await openSignedIn(page, viewer)

    await page.getByRole('button', { name: 'Reels', exact: true }).click()
    await expect(page).toHaveURL(/#\/reels$/)
    // Newest first.
    await expect(onScreen(page)).toContainText('The second reel')
    const second = onScreen(page).getByTestId('reel-video')
    await expectPlaying(second)
    expect((await media(second)).muted).toBe(true)

    await page.keyboard.press('m')
    await expect.poll(async () => (await media(second)).muted).toBe(false)
    await expect(onScreen(page).getByRole('button', { name: 'Turn sound off' })).toBeVisible()
    await page.keyboard.press('m')
    await expect.poll(async () => (await media(second)).muted).toBe(true)

    await page.keyboard.press('Space')
    await expect.poll(async () => (await media(second)).paused).toBe(true)
    const stoppedAt = (await media(second)).currentTime
    await page.waitForTimeout(500)
    expect((await media(second)).currentTime).toBe(stoppedAt)
    await page.keyboard.press('Space')
    await expectPlaying(second)

    await checkA11yBothThemes(page, 'reels', testInfo)
    await shootBothThemes(page, 'reels')

    // Held by the element: the reel left behind may lose its video once it is far away.
    const left = await second.elementHandle()
    await page.keyboard.press('ArrowDown')
    await expect(onScreen(page)).toContainText('The first reel')
    await expectPlaying(onScreen(page).getByTestId('reel-video'))
    expect(await left!.evaluate((node: { paused: boolean }) => node.paused)).toBe(true)

    await page.keyboard.press('ArrowUp')
    await expect(onScreen(page)).toContainText('The second reel')
    await expectPlaying(onScreen(page).getByTestId('reel-video'))

    // One turn of the wheel moves one reel, however far it spins.
    await page.mouse.move(640, 400)
    await page.mouse.wheel(0, 600)
    await expect(onScreen(page)).toContainText('The first reel')
    await page.waitForTimeout(600)
    await page.mouse.wheel(0, -600)
    await expect(onScreen(page)).toContainText('The second reel')

    // g r from another page comes back to Reels.
    await page.getByRole('button', { name: 'Home' }).click()
    await expect(page).toHaveURL(/#\/$/)
    await page.keyboard.press('g')
    await page.keyboard.press('r')
    await expect(page).toHaveURL(/#\/reels$/)
    await expect(onScreen(page)).toBeVisible()
  })
})

test('with reduced motion a reel waits for Play', async ({ page }, testInfo) => {
  await openSignedIn(page, viewer)
  await page.keyboard.press('g')
  await page.keyboard.press('r')
  const reel = onScreen(page)
  await expect(reel).toBeVisible()
  const video = reel.getByTestId('reel-video')
  await expect(reel.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
  await page.waitForTimeout(1_000)
  expect(await media(video)).toMatchObject({ paused: true, currentTime: 0 })
  await reel.getByRole('button', { name: 'Play', exact: true }).click()
  await expectPlaying(video)
  await checkA11yBothThemes(page, 'reels with reduced motion', testInfo)

  // The author's Reels tab lists both; the older one opens Reels at it.
  await page.goto(`${e2eEnv().webUrl}#/u/${author.username}/reels`)
  const grid = page.getByRole('list', { name: `Reels of ${author.username}` })
  await expect(grid.getByRole('button')).toHaveCount(2)
  await grid.getByRole('button').nth(1).click()
  await expect(page).toHaveURL(/#\/reels\/[0-9a-f-]{36}$/)
  await expect(onScreen(page)).toContainText('The first reel')
})
