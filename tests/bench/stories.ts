// The story viewer in the real renderer (browser build, headless Chromium) on the bench backend:
// the time from "next" (→ pressed) to the next photo painted, and any layout shift meanwhile.
// One author posts STORY_COUNT large photos; a follower signs in through the UI, opens them,
// pauses (so the 5 s timer never advances on its own) and steps through, watching each story a
// moment first as a person would, which is when the viewer decodes the next photo.

import { randomUUID } from 'node:crypto'
import type { Browser } from 'playwright-core'
import { demoPhotoPng } from '../../scripts/lib/png'
import type { PageGlobals } from '../support/chromium/page-globals'
import { signUpWith, testClient } from '../support/backend-harness'
import type { BenchBackend } from './backend'
import { mb, ms, percentile } from './stats'
import { signInThroughDialog } from './sign-in'

const STORY_COUNT = 24
/** How long each story is watched before "next": the preload has this long to decode. */
const WATCH_MS = 400

export interface StoryAdvanceResult {
  steps: number
  p50: number
  p95: number
  max: number
  /** Sum of layout-shift scores over all the steps (0 means nothing moved). */
  layoutShift: number
  photoBytes: number
}

interface Seeded {
  credentials: { email: string; password: string }
  photoBytes: number
}

async function seedStories(bench: BenchBackend): Promise<Seeded> {
  const author = bench.userIds[0]
  const bucket = bench.service.storage.from('images')
  let photoBytes = 0
  for (let i = 0; i < STORY_COUNT; i++) {
    // 1080 × 1080 PNGs: bigger to decode than the pipeline's WebP, so a harder case.
    const photo = demoPhotoPng(i + 1, 1080)
    photoBytes += photo.byteLength
    const path = `stories/${author}/bench-${i}.png`
    const { error } = await bucket.upload(path, photo, { contentType: 'image/png', upsert: true })
    if (error) throw new Error(`upload ${path}: ${error.message}`)
    await bench.backend.db.query(
      `insert into public.stories (user_id, image_url, width, height, caption)
       values ($1, $2, 1080, 1080, $3)`,
      [author, bucket.getPublicUrl(path).data.publicUrl, `Bench story ${i + 1}`]
    )
  }
  const credentials = { email: `watcher-${randomUUID()}@example.com`, password: 'bench-pass-1' }
  const client = testClient(bench.backend.url, bench.backend.anonKey)
  const watcher = await signUpWith(client, 'watcher', { ...credentials, username: 'bench_watcher' })
  await bench.backend.db.query(
    'insert into public.follows (follower_id, following_id) values ($1, $2)',
    [watcher.userId, author]
  )
  return { credentials, photoBytes }
}

export async function measureStoryAdvance(
  browser: Browser,
  url: string,
  bench: BenchBackend
): Promise<StoryAdvanceResult> {
  const { credentials, photoBytes } = await seedStories(bench)
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  // tsx wraps functions passed to evaluate in a __name helper the page does not have.
  await context.addInitScript('window.__name = (fn) => fn')
  const page = await context.newPage()
  try {
    await page.goto(url)
    await signInThroughDialog(page, credentials)
    await page.getByRole('button', { name: "bench_0's story" }).click()
    await page.getByRole('dialog', { name: 'Stories by bench_0' }).waitFor()
    await page.keyboard.press('Space')

    const result = await page.evaluate(
      async ({ steps, watchMs }) => {
        const web = globalThis as unknown as PageGlobals
        const doc = web.document
        let shift = 0
        new web.PerformanceObserver((list: { getEntries(): { value: number }[] }) => {
          for (const entry of list.getEntries()) shift += entry.value
        }).observe({ type: 'layout-shift', buffered: false })
        const current = (): { id: string; ready: boolean } => {
          const img = doc.querySelector('img[data-current]')
          return {
            id: img?.dataset.storyId ?? '',
            ready: Boolean(img?.complete && img.naturalWidth > 0)
          }
        }
        const frame = (): Promise<number> =>
          new Promise((done) => web.requestAnimationFrame(() => done(0)))
        /** Resolves just after the next paint: a task queued from inside a frame callback. */
        const afterPaint = (): Promise<number> =>
          new Promise((done) =>
            web.requestAnimationFrame(() => {
              const channel = new web.MessageChannel()
              channel.port1.onmessage = () => done(web.performance.now())
              channel.port2.postMessage(null)
            })
          )
        const times: number[] = []
        for (let i = 0; i < steps; i++) {
          await new Promise((done) => setTimeout(done, watchMs))
          const before = current().id
          const dialog = doc.querySelector('[role="dialog"]')
          const started = web.performance.now()
          dialog.dispatchEvent(
            new web.KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })
          )
          let now = current()
          while (now.id === before || !now.ready) {
            await frame()
            now = current()
          }
          times.push((await afterPaint()) - started)
        }
        return { times, shift }
      },
      { steps: STORY_COUNT - 1, watchMs: WATCH_MS }
    )
    const sorted = [...result.times].sort((a, b) => a - b)
    return {
      steps: sorted.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: sorted[sorted.length - 1],
      layoutShift: result.shift,
      photoBytes
    }
  } finally {
    await context.close()
  }
}

/** The viewer must never show a blank frame: the next photo paints within 50 ms at p95. */
export const STORY_ADVANCE_TARGET_MS = 50

export function storiesSection(result: StoryAdvanceResult): string[] {
  const met = result.p95 <= STORY_ADVANCE_TARGET_MS
  return [
    '## Story viewer',
    '',
    `From "next" (→) to the next photo painted, over ${result.steps} steps through ` +
      `${result.steps + 1} stories of 1080 × 1080 PNG (${mb(result.photoBytes)} in all), each ` +
      `watched ${WATCH_MS} ms first (browser build, headless Chromium, local backend): ` +
      `p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, max ${ms(result.max)} — ` +
      `${met ? '✅ met' : '❌ missed'} the p95 ≤ ${STORY_ADVANCE_TARGET_MS} ms target. ` +
      `Layout shift over all steps: ${result.layoutShift.toFixed(3)}. The viewer keeps the ` +
      'next photo in the page and decodes it (img.decode()) while the current one shows, so ' +
      'advancing swaps which element is visible.',
    ''
  ]
}
