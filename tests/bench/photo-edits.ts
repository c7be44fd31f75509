// The create screen's live preview (src/renderer/src/imaging/previewWorker.ts) in headless
// Chromium: the worker is handed a canvas and a 12 MP JPEG, then repaints the crop and look as
// a slider drag would ask, one paint at a time. The first frame includes decoding the photo;
// every later frame is what a slider step costs (goal: p95 ≤ 16 ms, one display frame). During
// a drag the worker paints at half resolution; after the drag it paints the edit again at full
// resolution, timed separately (the settled paints).

import { cpus, loadavg } from 'node:os'
import { launchChromium, rendererBundle } from '../support/chromium/browser'
import type { PageGlobals } from '../support/chromium/page-globals'
import { percentile } from './stats'
import { twelveMegapixelPhoto } from './transforms'

export interface EditPreviewResults {
  /** Open (decode + screen copy) and the first paint, in ms. */
  firstFrame: number
  /** Each later paint as the worker timed it, sorted, in ms. */
  frames: number[]
  /** Each later paint from the page's request to the worker's answer, sorted, in ms. */
  roundTrips: number[]
  /** Full-resolution paints once a drag stops, sorted, in ms. */
  settled: number[]
  loadAverage: number
}

const FRAMES = 120
/** Drags that are let go, each followed by its settled full-resolution paint. */
const SETTLES = 12
/** A 4:5 crop shown 540 CSS px wide at device pixel ratio 2. */
const CANVAS = { width: 1080, height: 1350 }

export async function measureEditPreview(): Promise<EditPreviewResults> {
  const photo = (await twelveMegapixelPhoto(7)).toString('base64')
  const worker = await rendererBundle('imaging/previewWorker.ts', 'previewWorker')
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    await page.setContent('<!doctype html><title>edit preview</title>')
    await page.addScriptTag({ content: 'globalThis.__name = (fn) => fn' })
    const result = await page.evaluate(
      async ({ photo, worker, frames, settles, canvas }) => {
        const web = globalThis as unknown as PageGlobals & {
          Worker: new (url: string) => any // eslint-disable-line @typescript-eslint/no-explicit-any
          URL: { createObjectURL(blob: Blob): string }
          atob(data: string): string
        }
        const binary = web.atob(photo)
        const bytes = new Uint8Array(binary.length)
        for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
        const thread = new web.Worker(
          web.URL.createObjectURL(new Blob([worker], { type: 'text/javascript' }))
        )
        type Answer = { op: string; ms?: number; message?: string; quality?: string }
        /** The next answer `op` (of `quality`, for paints, when given). */
        const next = (op: string, quality?: string): Promise<Answer> =>
          new Promise((resolve, reject) => {
            thread.onmessage = (event: { data: Answer }) => {
              if (event.data.op === 'failed') reject(new Error(event.data.message))
              if (event.data.op === op && (!quality || event.data.quality === quality))
                resolve(event.data)
            }
          })
        const offscreen = new web.OffscreenCanvas(1, 1)
        thread.postMessage({ op: 'canvas', canvas: offscreen }, [offscreen])
        const edit = (step: number) => ({
          framing: { zoom: 1 + (step % 20) / 20, offsetX: ((step % 9) - 4) / 4, offsetY: 0 },
          filter: ['clarendon', 'moon', 'juno', 'ludwig'][step % 4],
          adjustments: {
            brightness: (step % 40) - 20,
            contrast: 10,
            saturation: -(step % 30),
            warmth: (step % 50) - 25,
            fade: step % 30,
            vignette: (step * 3) % 100
          }
        })
        const paint = (step: number) => ({
          op: 'paint',
          key: 'photo',
          ratio: 4 / 5,
          edit: edit(step),
          ...canvas,
          flush: true
        })
        const started = performance.now()
        const painted = next('painted')
        thread.postMessage({ op: 'open', key: 'photo', bytes, type: 'image/jpeg' })
        thread.postMessage(paint(0))
        await painted
        const firstFrame = performance.now() - started
        const worked: number[] = []
        const roundTrips: number[] = []
        for (let step = 1; step <= frames; step++) {
          const asked = performance.now()
          const answer = next('painted')
          thread.postMessage(paint(step))
          worked.push((await answer).ms ?? NaN)
          roundTrips.push(performance.now() - asked)
        }
        // Let go: the drag's last edit is painted again at full resolution.
        const settled: number[] = []
        for (let drag = 0; drag < settles; drag++) {
          const full = next('painted', 'full')
          thread.postMessage(paint(frames + 2 * drag))
          thread.postMessage(paint(frames + 2 * drag + 1))
          settled.push((await full).ms ?? NaN)
        }
        thread.terminate()
        return { firstFrame, worked, roundTrips, settled }
      },
      { photo, worker, frames: FRAMES, settles: SETTLES, canvas: CANVAS }
    )
    return {
      firstFrame: result.firstFrame,
      frames: result.worked.sort((a, b) => a - b),
      roundTrips: result.roundTrips.sort((a, b) => a - b),
      settled: result.settled.sort((a, b) => a - b),
      loadAverage: loadavg()[0]
    }
  } finally {
    await browser.close()
  }
}

export function renderEditPreview(results: EditPreviewResults): string[] {
  const ms = (value: number): string => `${value.toFixed(1)} ms`
  return [
    '## Photo edits: live preview',
    '',
    `\`npm run bench -- --edits\`. The create screen's preview worker (imaging/previewWorker.ts) is`,
    `handed a 4000×3000 JPEG and a ${CANVAS.width}×${CANVAS.height} canvas (a 4:5 crop shown 540 px`,
    `wide at 2×), then repaints ${FRAMES} crops and looks one after another, as a slider drag asks:`,
    'a filter, six adjustments, zoom and position change on every frame. Paints asked for less',
    'than 150 ms apart are a drag: painted at half resolution (a quarter of the pixels) and scaled',
    'up. Then, 12 times, a drag is let go: 150 ms after its last step the worker paints that edit',
    'again at full resolution ("settled").',
    '',
    '| | p50 | p95 | goal |',
    '| --- | --- | --- | --- |',
    `| first frame (decode, screen copy, paint) | ${ms(results.firstFrame)} | | |`,
    `| paint during a drag, in the worker (rasterised) | ${ms(percentile(results.frames, 50))} | ${ms(percentile(results.frames, 95))} | p95 ≤ 16 ms |`,
    `| page → worker → page | ${ms(percentile(results.roundTrips, 50))} | ${ms(percentile(results.roundTrips, 95))} | |`,
    `| settled paint at full resolution | ${ms(percentile(results.settled, 50))} | ${ms(percentile(results.settled, 95))} | |`,
    '',
    `Headless Chromium, software rendering (--disable-gpu), ${cpus().length} cores, load average`,
    `${results.loadAverage.toFixed(1)} when it ended.`,
    ''
  ]
}
