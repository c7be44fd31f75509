// `npm run bench -- --video`, the feed's part: the real renderer (the browser build) in headless
// Chromium against a backend on loopback whose feed is video posts only. Short WebM clips are
// recorded in the browser (a canvas and MediaRecorder) and stored in the videos bucket as the app
// stores a post's clip. Measured: the first frame of the first feed video, from its card being
// half in view (when FeedVideo starts it) to the first frame painted (requestVideoFrameCallback),
// over cold loads; and the JS heap and DOM nodes after scrolling past 20 and 100 video posts.

import type { Browser, Page } from 'playwright-core'
import { buildAndServe } from './app'
import { seedPosts, uploadPlainPhotos, type BenchBackend } from './backend'
import type { PageGlobals } from '../support/chromium/page-globals'

const CLIPS = 6
const CLIP_MS = 2000
const POSTS = 130
const FIRST_FRAME_RUNS = 5
export const VIDEO_MARKS = [20, 100]

/** What recording uses in the page, declared here: the bench compiles without the DOM's types. */
type RecordingPage = PageGlobals & {
  MediaRecorder: new (
    stream: unknown,
    options: { mimeType: string }
  ) => {
    state: string
    ondataavailable: (event: { data: unknown }) => void
    onstop: (value: unknown) => void
    start(sliceMs: number): void
    stop(): void
  }
  Blob: new (parts: unknown[]) => { arrayBuffer(): Promise<ArrayBuffer> }
  btoa(binary: string): string
}

/** Records `count` distinct clips of a moving square in the page: their WebM bytes. */
async function recordClips(browser: Browser, count: number): Promise<Buffer[]> {
  const page = await browser.newPage()
  try {
    // tsx names the callback's inner functions through __name, which the page lacks.
    await page.evaluate('globalThis.__name = (fn) => fn')
    const encoded = await page.evaluate(
      async ({ count, ms }) => {
        const web = globalThis as unknown as RecordingPage
        const one = async (hue: number): Promise<string> => {
          const canvas = web.document.createElement('canvas')
          canvas.width = 480
          canvas.height = 480
          const context = canvas.getContext('2d')
          const recorder = new web.MediaRecorder(canvas.captureStream(30), {
            mimeType: 'video/webm'
          })
          const chunks: unknown[] = []
          recorder.ondataavailable = (event: { data: unknown }) => chunks.push(event.data)
          const stopped = new Promise((done) => (recorder.onstop = done))
          const started = Date.now()
          const draw = (): void => {
            const t = Date.now() - started
            context.fillStyle = `hsl(${hue}, 50%, 30%)`
            context.fillRect(0, 0, 480, 480)
            context.fillStyle = '#f0c020'
            context.fillRect((t / 4) % 440, 220, 40, 40)
            if (recorder.state === 'recording') web.requestAnimationFrame(draw)
          }
          recorder.start(100)
          draw()
          await new Promise((done) => setTimeout(done, ms))
          recorder.stop()
          await stopped
          const bytes = new Uint8Array(await new web.Blob(chunks).arrayBuffer())
          let binary = ''
          for (const byte of bytes) binary += String.fromCharCode(byte)
          return web.btoa(binary)
        }
        const clips: string[] = []
        for (let i = 0; i < count; i++) clips.push(await one((i * 360) / count))
        return clips
      },
      { count, ms: CLIP_MS }
    )
    return encoded.map((base64) => Buffer.from(base64, 'base64'))
  } finally {
    await page.close()
  }
}

/** Seeds a feed of video posts: posters as photos, clips in the videos bucket. */
export async function seedVideoFeed(browser: Browser, bench: BenchBackend): Promise<number> {
  const clips = await recordClips(browser, CLIPS)
  const bucket = bench.service.storage.from('videos')
  const paths: string[] = []
  for (const [i, clip] of clips.entries()) {
    const path = `posts/${bench.userIds[i % bench.userIds.length]}/bench-clip-${i}.webm`
    const { error } = await bucket.upload(path, clip, {
      contentType: 'video/webm',
      cacheControl: '3600',
      upsert: true
    })
    if (error) throw new Error(`upload ${path}: ${error.message}`)
    paths.push(`/storage/v1/object/public/videos/${path}`)
  }
  await seedPosts(bench, POSTS, await uploadPlainPhotos(bench, CLIPS))
  // Every post a video post: its clip as create_post would store it (a path and a length).
  await bench.backend.db.query(
    `update public.posts p set video_url = ($1::text[])[1 + (n % array_length($1::text[], 1))],
                               duration_ms = $2
     from (select id, row_number() over (order by created_at, id) as n from public.posts) o
     where o.id = p.id`,
    [paths, CLIP_MS]
  )
  return clips.reduce((sum, clip) => sum + clip.byteLength, 0) / clips.length
}

/**
 * Marks when the first feed video is half in view and when its first frame is painted, and
 * counts the cards ever mounted (the bench only scrolls down, as app.ts's scroll does).
 */
const INIT_SCRIPT = `
  window.__name = (fn) => fn
  window.__bench = { inView: null, firstFrame: null, seen: 0, mounted: new Set() }
  new MutationObserver(() => {
    const bench = window.__bench
    const now = new Set()
    for (const el of document.querySelectorAll('[data-key]')) {
      now.add(el.dataset.key)
      if (!bench.mounted.has(el.dataset.key)) bench.seen += 1
    }
    bench.mounted = now
    const video = document.querySelector('video[data-testid="feed-video"]')
    if (video && !video.dataset.watched) {
      video.dataset.watched = '1'
      new IntersectionObserver(([entry]) => {
        if (bench.inView === null && entry.intersectionRatio >= 0.5) bench.inView = performance.now()
      }, { threshold: [0, 0.5] }).observe(video)
      video.requestVideoFrameCallback(() => { bench.firstFrame = performance.now() })
    }
  }).observe(document, { childList: true, subtree: true })
`

async function openVideoFeed(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addInitScript(INIT_SCRIPT)
  const page = await context.newPage()
  await page.goto(url)
  await page.waitForFunction(
    () => (globalThis as unknown as PageGlobals).__bench.firstFrame !== null,
    null,
    { timeout: 60_000 }
  )
  return page
}

export interface MemoryAtVideos {
  videosSeen: number
  domNodes: number
  heapUsed: number
}

export interface FeedVideoResult {
  clipBytes: number
  /** In view to first painted frame, per cold load, in ms. */
  firstFrame: number[]
  memory: MemoryAtVideos[]
}

export async function measureFeedVideo(
  browser: Browser,
  bench: BenchBackend
): Promise<FeedVideoResult> {
  const clipBytes = await seedVideoFeed(browser, bench)
  const server = await buildAndServe(bench.backend.url, bench.backend.anonKey)
  bench.backend.allowOrigin(new URL(server.url).origin)
  try {
    const firstFrame: number[] = []
    for (let i = 0; i < FIRST_FRAME_RUNS; i++) {
      const page = await openVideoFeed(browser, server.url)
      const { inView, firstFrame: painted } = await page.evaluate(
        () =>
          (globalThis as unknown as PageGlobals).__bench as { inView: number; firstFrame: number }
      )
      firstFrame.push(Math.max(0, painted - inView))
      await page.context().close()
    }
    return { clipBytes, firstFrame, memory: await scrollVideos(browser, server.url) }
  } finally {
    await server.close()
  }
}

/** Scrolls down the video feed, measuring after VIDEO_MARKS posts (two collections first). */
async function scrollVideos(browser: Browser, url: string): Promise<MemoryAtVideos[]> {
  const page = await openVideoFeed(browser, url)
  const cdp = await page.context().newCDPSession(page)
  const points: MemoryAtVideos[] = []
  for (const mark of VIDEO_MARKS) {
    await page.evaluate(async (target) => {
      const web = globalThis as unknown as PageGlobals
      const bench = web.__bench as { seen: number }
      const frame = (): Promise<void> =>
        new Promise((done) => web.requestAnimationFrame(() => done()))
      let idle = 0
      while (bench.seen < target) {
        const before = bench.seen
        web.scrollBy(0, 600)
        await frame()
        await frame()
        if (bench.seen === before) {
          idle += 1
          // At the end of what is loaded: the next page may be slow on a busy machine. Stuck
          // for good, the point is measured where the feed stopped (the table says how far).
          await new Promise((done) => setTimeout(done, 50))
          if (idle > 1500) return
        } else idle = 0
      }
    }, mark)
    await page.waitForTimeout(1000)
    await cdp.send('HeapProfiler.collectGarbage')
    await cdp.send('HeapProfiler.collectGarbage')
    const heap = await cdp.send('Runtime.getHeapUsage')
    const counters = await cdp.send('Memory.getDOMCounters')
    const seen = await page.evaluate(
      () => (globalThis as unknown as PageGlobals).__bench.seen as number
    )
    points.push({ videosSeen: seen, domNodes: counters.nodes, heapUsed: heap.usedSize })
  }
  await page.context().close()
  return points
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]

export function renderFeedVideo(result: FeedVideoResult): string[] {
  const [at20, at100] = result.memory
  const change = (a: number, b: number): string => {
    const percent = ((b - a) / a) * 100
    return `${percent >= 0 ? '+' : ''}${percent.toFixed(1)} %`
  }
  const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`
  const runs = result.firstFrame.map((ms) => Math.round(ms)).join(', ')
  return [
    `| First frame of a feed video, loopback | median ${Math.round(median(result.firstFrame))} ms (${runs}) | ≤ 300 ms |`,
    `| JS heap after ${at20.videosSeen} → ${at100.videosSeen} video posts | ${mb(at20.heapUsed)} → ${mb(at100.heapUsed)} (${change(at20.heapUsed, at100.heapUsed)}) | flat within 10 % |`,
    `| DOM nodes after ${at20.videosSeen} → ${at100.videosSeen} video posts | ${at20.domNodes.toLocaleString('en')} → ${at100.domNodes.toLocaleString('en')} (${change(at20.domNodes, at100.domNodes)}) | flat within 10 % |`
  ]
}
