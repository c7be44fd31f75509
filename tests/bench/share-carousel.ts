// Sharing a 10-photo carousel of 12 MP photos in the real renderer (the browser build): from the
// click on Share to the new post's card on the feed with its first photo painted. Covers what a
// person waits for: each photo's renditions made in the image worker, the uploads, create_post
// and the feed showing it. The photos are picked through the create screen's file input, as a
// file manager's selection is.

import { randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cpus, loadavg } from 'node:os'
import type { Browser, Page } from 'playwright-core'
import { signUpWith, testClient } from '../support/backend-harness'
import type { BenchBackend } from './backend'
import { signInThroughDialog } from './sign-in'
import { percentile } from './stats'
import { twelveMegapixelPhoto } from './transforms'

/** Instagram's carousel limit, and the app's. */
const PHOTOS = 10
const SHARES = 3

export interface ShareCarouselResults {
  /** Each share, click on Share → the card's first photo painted, sorted, in ms. */
  shares: number[]
  /** The photos' total size as picked, in bytes. */
  pickedBytes: number
  loadAverage: number
}

async function signUpAuthor(bench: BenchBackend): Promise<{ email: string; password: string }> {
  const credentials = { email: `sharer-${randomUUID()}@example.com`, password: 'bench-pass-1' }
  const client = testClient(bench.backend.url, bench.backend.anonKey)
  await signUpWith(client, 'sharer', { ...credentials, username: 'bench_sharer' })
  return credentials
}

/** One share of `files` with `caption`: ms from the Share click to the card's photo painted. */
async function shareOnce(page: Page, files: string[], caption: string): Promise<number> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'New post', exact: true })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Create new post' })
  await dialog.getByLabel('Choose an image file').setInputFiles(files)
  await dialog.getByRole('textbox', { name: 'Caption' }).fill(caption)
  const share = dialog.getByRole('button', { name: 'Share', exact: true })
  await share.waitFor()
  const card = page.getByRole('main').getByRole('article').filter({ hasText: caption })
  const started = Date.now()
  await share.click()
  await card.waitFor({ timeout: 300_000 })
  // The first photo decoded and shown, not only its placeholder.
  await card
    .locator('[data-testid="post-media"] img')
    .first()
    .evaluate((img: { decode(): Promise<void> }) => img.decode())
  return Date.now() - started
}

export async function measureShareCarousel(
  browser: Browser,
  url: string,
  bench: BenchBackend
): Promise<ShareCarouselResults> {
  const photos = await Promise.all(
    Array.from({ length: PHOTOS }, (_, i) => twelveMegapixelPhoto(100 + i))
  )
  // Files on disk, as a file manager hands them over (and past what a buffer may carry).
  const folder = await mkdtemp(join(tmpdir(), 'share-carousel-'))
  const files = photos.map((_, i) => join(folder, `IMG_${1000 + i}.jpg`))
  await Promise.all(files.map((file, i) => writeFile(file, photos[i])))
  const credentials = await signUpAuthor(bench)
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  try {
    await page.goto(url)
    await signInThroughDialog(page, credentials)
    await page.getByRole('button', { name: 'Account menu' }).waitFor()
    const shares: number[] = []
    for (let i = 0; i < SHARES; i++) shares.push(await shareOnce(page, files, `Carousel ${i + 1}`))
    return {
      shares: shares.sort((a, b) => a - b),
      pickedBytes: photos.reduce((sum, photo) => sum + photo.length, 0),
      loadAverage: loadavg()[0]
    }
  } finally {
    await context.close()
    await rm(folder, { recursive: true, force: true })
  }
}

export function renderShareCarousel(results: ShareCarouselResults): string[] {
  const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`
  return [
    '## Sharing a carousel',
    '',
    '`npm run bench -- --share`. In the browser build (headless Chromium, 1280 × 900) on the local',
    `backend, a signed-in author picks ${PHOTOS} generated 4000×3000 JPEGs`,
    `(${(results.pickedBytes / 1024 / 1024).toFixed(1)} MB in all) in the create screen, writes a caption and`,
    'presses Share; timed from that click to the new post on the feed with its first photo decoded',
    '(renditions made in the image worker, uploads, `create_post`, the feed showing it).',
    `${SHARES} shares.`,
    '',
    '| | p50 | max |',
    '| --- | --- | --- |',
    `| Share → on the feed | ${seconds(percentile(results.shares, 50))} | ${seconds(results.shares[results.shares.length - 1])} |`,
    '',
    `Software rendering (--disable-gpu), ${cpus().length} cores, load average`,
    `${results.loadAverage.toFixed(1)} when it ended.`,
    ''
  ]
}
