// `npm run bench -- --video`, the feed's part: the real renderer (the browser build) in headless
// Chromium against a backend on loopback whose feed is video posts only. Short WebM clips are
// recorded in the browser (a canvas and MediaRecorder) and stored in the videos bucket as the app
// stores a post's clip. Measured: the first frame of the first feed video, from its card being
// half in view (when FeedVideo starts it) to the first frame painted (requestVideoFrameCallback),
// over cold loads, signed out; and the JS heap and DOM nodes after scrolling past 10, 30 and 100
// video posts, signed in as a reader who follows every author (a visitor's feed stops at 25).
// The 30th is read too: by then every path of a card and its player has run once and V8 has
// compiled it, while what the feed would keep per post still grows.

import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import {
  accountPrefix,
  ACCOUNTS_INDEX_KEY,
  SESSION_STORAGE_KEY
} from '../../src/shared/data/account-storage'
import { signUpWith, testClient } from '../support/backend-harness'
import { buildAndServe } from './app'
import { seedPosts, uploadPlainPhotos, type BenchBackend } from './backend'
import type { PageGlobals } from '../support/chromium/page-globals'

const CLIPS = 6
const CLIP_MS = 2000
const POSTS = 130
const FIRST_FRAME_RUNS = 5
export const VIDEO_MARKS = [10, 30, 100]

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
 * Marks when the first feed video is half in view and when its first frame is painted, and how
 * far down the feed the reader has come: the highest seeded post number ("Bench post N", 1 the
 * newest) among the cards mounted. Counting mounts instead undercounts on a busy machine: a
 * scroll step can pass cards the windowed list never mounts.
 */
const INIT_SCRIPT = `
  window.__name = (fn) => fn
  window.__bench = { inView: null, firstFrame: null, seen: 0 }
  new MutationObserver(() => {
    const bench = window.__bench
    for (const el of document.querySelectorAll('[data-key]')) {
      const n = Number(/Bench post (\\d+)/.exec(el.textContent)?.[1] ?? 0)
      if (n > bench.seen) bench.seen = n
    }
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

/**
 * A reader who follows every author, signed up through the API: the init script that stores
 * their session in the page as the app keeps it (one account, current), so the app opens
 * signed in and its home feed reads on past the visitor's first page.
 */
async function followingReader(bench: BenchBackend): Promise<string> {
  const credentials = { email: `viewer-${randomUUID()}@example.com`, password: 'bench-pass-1' }
  const client = testClient(bench.backend.url, bench.backend.anonKey)
  const reader = await signUpWith(client, 'viewer', { ...credentials, username: 'bench_viewer' })
  await bench.backend.db.query(
    'insert into public.follows (follower_id, following_id) select $1, unnest($2::uuid[])',
    [reader.userId, bench.userIds]
  )
  const { data, error } = await client.auth.signInWithPassword(credentials)
  if (error || !data.session) throw new Error(`bench sign-in failed: ${error?.message}`)
  const entries = [
    [accountPrefix(reader.userId) + SESSION_STORAGE_KEY, JSON.stringify(data.session)],
    [ACCOUNTS_INDEX_KEY, JSON.stringify({ ids: [reader.userId], current: reader.userId })]
  ]
  return `for (const [key, value] of ${JSON.stringify(entries)}) localStorage.setItem(key, value)`
}

async function openVideoFeed(browser: Browser, url: string, session = ''): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addInitScript(session + INIT_SCRIPT)
  const page = await context.newPage()
  await page.goto(url)
  await page.waitForFunction(
    () => {
      // Both marks: the observer here may report the card after its first frame is painted.
      const bench = (globalThis as unknown as PageGlobals).__bench as Record<string, unknown>
      return bench.firstFrame !== null && bench.inView !== null
    },
    null,
    { timeout: 60_000 }
  )
  return page
}

export interface MemoryAtVideos {
  videosSeen: number
  domNodes: number
  /** Event listeners on the page's objects: a player or observer kept would add its own. */
  listeners: number
  heapUsed: number
}

export interface FeedVideoResult {
  clipBytes: number
  /** In view to first painted frame, per cold load, in ms. */
  firstFrame: number[]
  /** The same frames from the page's navigation start (the app's start included). */
  fromLoad: number[]
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
    const fromLoad: number[] = []
    for (let i = 0; i < FIRST_FRAME_RUNS; i++) {
      const page = await openVideoFeed(browser, server.url)
      const { inView, firstFrame: painted } = await page.evaluate(
        () =>
          (globalThis as unknown as PageGlobals).__bench as { inView: number; firstFrame: number }
      )
      // 0: painted before the observer here reported the card half in view (the same frame).
      firstFrame.push(Math.max(0, painted - inView))
      fromLoad.push(painted)
      await page.context().close()
    }
    const session = await followingReader(bench)
    return {
      clipBytes,
      firstFrame,
      fromLoad,
      memory: await scrollVideos(browser, server.url, session)
    }
  } finally {
    await server.close()
  }
}

/** Scrolls down the video feed, measuring after VIDEO_MARKS posts (two collections first). */
async function scrollVideos(
  browser: Browser,
  url: string,
  session: string
): Promise<MemoryAtVideos[]> {
  const page = await openVideoFeed(browser, url, session)
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
    points.push({
      videosSeen: seen,
      domNodes: counters.nodes,
      listeners: counters.jsEventListeners,
      heapUsed: heap.usedSize
    })
  }
  await page.context().close()
  return points
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]

export function renderFeedVideo(result: FeedVideoResult): string[] {
  const [cold, warm, last] = result.memory
  // A leak grows past every earlier reading; the feed's windowed list holds more or fewer cards
  // at a given point, so the last reading is compared with the larger of the two before it.
  const change = (of: (point: MemoryAtVideos) => number): string => {
    const before = Math.max(of(cold), of(warm))
    const percent = ((of(last) - before) / before) * 100
    return `${percent >= 0 ? '+' : ''}${percent.toFixed(1)} %`
  }
  const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`
  const count = (n: number): string => n.toLocaleString('en')
  const list = (values: number[]): string => values.map((ms) => Math.round(ms)).join(', ')
  const ms = (values: number[]): string =>
    `median ${Math.round(median(values))} ms (${list(values)})`
  const row = (
    name: string,
    of: (point: MemoryAtVideos) => number,
    say: (n: number) => string,
    goal: string
  ): string =>
    `| ${name} after ${cold.videosSeen} / ${warm.videosSeen} → ${last.videosSeen} video posts | ${say(of(cold))} / ${say(of(warm))} → ${say(of(last))} (${change(of)}) | ${goal} |`
  return [
    `| First frame of a feed video, from its card half in view | ${ms(result.firstFrame)} | ≤ 300 ms |`,
    `| The same frame, from the page's start | ${ms(result.fromLoad)} | |`,
    row('JS heap', (p) => p.heapUsed, mb, 'flat: within 10 % of the larger before'),
    row('DOM nodes', (p) => p.domNodes, count, 'flat: within 10 % of the larger before'),
    row('Event listeners', (p) => p.listeners, count, 'flat')
  ]
}
