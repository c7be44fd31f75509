// `npm run bench -- --video`: converting a clip as Create does, in headless Chromium with
// WebCodecs. A 1080p WebM (VP9) is made in the page from a moving canvas (video-input.ts), then
// the app's own video worker (src/renderer/src/video/videoWorker.ts, bundled) converts
// it with no trim and no sound, as a post's clip; the time per second of input is the result,
// with the codec the worker could choose (H.264 in MP4 where this Chromium has that encoder,
// else VP9 in WebM). The first frame of a feed video and memory over 100 videos are
// video-feed.ts's; this renders them in the same table.

import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { rendererBundle } from '../support/chromium/browser'
import { renderFeedVideo, type FeedVideoResult } from './video-feed'

/** What the page uses, declared here: the bench compiles without the DOM's types. */
interface PageApis {
  videoInput: { makeClip(seconds: number): Promise<{ size: number }> }
  Worker: new (url: string) => {
    onerror: (event: { message: string }) => void
    onmessage: (event: { data: WorkerAnswer }) => void
    postMessage(message: unknown): void
    terminate(): void
  }
  VideoEncoder: { isConfigSupported(config: object): Promise<{ supported?: boolean }> }
}

type WorkerAnswer =
  | { kind: 'progress' }
  | { kind: 'failed'; reason: string }
  | { kind: 'done'; video: { type: string; bytes: { byteLength: number } } }

/** WebCodecs wants a secure context: the page and the worker come from a loopback server. */
async function servePage(worker: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const isWorker = request.url === '/worker.js'
    response.writeHead(200, {
      'content-type': isWorker ? 'text/javascript' : 'text/html'
    })
    response.end(isWorker ? worker : '<!doctype html><title>video</title>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}

const INPUT_SECONDS = 4
const RUNS = 2

export interface VideoConversionResult {
  inputSeconds: number
  inputBytes: number
  /** Milliseconds per second of 1080p input, per run. */
  msPerSecond: number[]
  outputType: string
  outputBytes: number
  /** Whether this Chromium's WebCodecs can encode H.264 at 1080p. */
  h264: boolean
}

export async function measureVideoConversion(browser: Browser): Promise<VideoConversionResult> {
  const server = await servePage(await rendererBundle('video/videoWorker.ts', 'videoWorker'))
  const page = await browser.newPage()
  try {
    await page.goto(server.url)
    await page.addScriptTag({ content: 'globalThis.__name = (fn) => fn' })
    await page.addScriptTag({
      content: await rendererBundle('../../../tests/bench/video-input.ts', 'videoInput')
    })
    return await page.evaluate(
      async ({ seconds, runs }) => {
        const web = globalThis as unknown as PageApis
        const input = await web.videoInput.makeClip(seconds)

        const convert = (): Promise<{ ms: number; type: string; bytes: number }> =>
          new Promise((resolve, reject) => {
            const converter = new web.Worker('/worker.js')
            const began = performance.now()
            converter.onerror = (event) => reject(new Error(event.message))
            converter.onmessage = (event) => {
              const message = event.data
              if (message.kind === 'progress') return
              converter.terminate()
              if (message.kind === 'failed') return reject(new Error(message.reason))
              resolve({
                ms: performance.now() - began,
                type: message.video.type,
                bytes: message.video.bytes.byteLength
              })
            }
            converter.postMessage({
              kind: 'convert',
              file: input,
              trimStartMs: 0,
              trimEndMs: seconds * 1000,
              muted: true
            })
          })
        const msPerSecond: number[] = []
        let last = { ms: 0, type: '', bytes: 0 }
        for (let i = 0; i < runs; i++) {
          last = await convert()
          msPerSecond.push(last.ms / seconds)
        }
        const h264 = await web.VideoEncoder.isConfigSupported({
          codec: 'avc1.640028',
          width: 1920,
          height: 1080,
          bitrate: 3_500_000
        })
        return {
          inputSeconds: seconds,
          inputBytes: input.size,
          msPerSecond,
          outputType: last.type,
          outputBytes: last.bytes,
          h264: h264.supported === true
        }
      },
      { seconds: INPUT_SECONDS, runs: RUNS }
    )
  } finally {
    await page.close()
    await server.close()
  }
}

export function renderVideoConversion(
  result: VideoConversionResult,
  feed: FeedVideoResult
): string[] {
  const codec = result.outputType === 'video/mp4' ? 'H.264 in MP4' : 'VP9 in WebM'
  const runs = result.msPerSecond.map((ms) => `${Math.round(ms).toLocaleString('en')} ms`)
  return [
    '## Video conversion',
    '',
    `A ${result.inputSeconds} s 1080p VP9 WebM made in the page (${(result.inputBytes / 1e6).toFixed(1)} MB) is converted by`,
    "Create's own video worker in headless Chromium (`npm run bench -- --video`), muted, at most 1080 px",
    `on the long side. This Chromium ${result.h264 ? 'has an H.264 encoder' : 'has no H.264 encoder'}, so the worker made ${codec}`,
    `(${(result.outputBytes / 1e6).toFixed(1)} MB). Two runs; the machine's other work slows them.`,
    `The feed rows: ${feed.firstFrame.length} cold loads of the web build whose feed is 130 video posts (2 s WebM clips`,
    `of ${(feed.clipBytes / 1e3).toFixed(0)} kB recorded in Chromium, in the videos bucket on loopback), from the first card half in`,
    'view to its first painted frame (requestVideoFrameCallback), signed out; then heap (after two',
    'collections) and DOM nodes scrolling down the home feed of a reader who follows every author',
    "(signed in: a visitor's feed stops at 25 posts), waiting at the end for each next page so every",
    'card mounts. Six video elements are mounted at any point; a heap-snapshot diff between 40 and',
    "125 posts finds what the heap gains in V8's compiled code (+0.4 MB) and the browser's",
    'performance-timeline entries, no object of the app: no player, observer or listener is kept.',
    'So the heap and DOM are read after 10 and 30 posts (by the 30th every path of a card and its',
    'player has run once and V8 has compiled it) and after 100, which must stay within 10 % of the',
    'larger of the two: the windowed list holds more or fewer cards at a given point, a leak grows.',
    ...(feed.memory[feed.memory.length - 1].videosSeen < 100
      ? [
          `The feed stopped after ${feed.memory[feed.memory.length - 1].videosSeen} posts: the check over 100 videos is not made.`
        ]
      : []),
    '',
    '| Measure                               | Result | Goal                           |',
    '| ------------------------------------- | ------ | ------------------------------ |',
    `| Conversion per second of 1080p input  | ${runs.join(', ')} | under 1,000 ms (faster than it plays) |`,
    ...renderFeedVideo(feed),
    ''
  ]
}
