// Image transformations on the local backend (storage/render-image.ts): a 12 MP photo rendered
// 1080 px wide as WebP, the way a browser asks for it (getPublicUrl with `transform`), timed
// uncached (each run a new version of the object, so nothing can be reused) and cached (the
// same rendition again, from the memory cache).

import { cpus, loadavg } from 'node:os'
import sharp from 'sharp'
import { startHarness } from '../support/backend-harness'
import { testClient } from '../support/backend-harness'
import { percentile } from './stats'

export interface TransformResults {
  sourceBytes: number
  renditionBytes: number
  width: number
  height: number
  uncached: number[]
  cached: number[]
  /** The machine's 1-minute load average when the runs ended: a shared machine slows them. */
  loadAverage: number
}

const RUNS = 12
const BROWSER_ACCEPT = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8'

/** A 4000×3000 camera-like JPEG: gradient sky, shapes and sensor noise, quality 92. */
export async function twelveMegapixelPhoto(seed: number): Promise<Buffer> {
  const width = 4000
  const height = 3000
  const pixels = Buffer.alloc(width * height * 3)
  let state = seed * 2654435761
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) >>> 0
      const noise = (state >>> 24) % 24
      const i = (y * width + x) * 3
      const shape = ((x >> 7) + (y >> 7)) % 3 === 0 ? 60 : 0
      pixels[i] = Math.min(255, 90 + (y * 120) / height + noise + shape)
      pixels[i + 1] = Math.min(255, 140 + (y * 80) / height + noise)
      pixels[i + 2] = Math.min(255, 200 - (x * 60) / width + noise + shape)
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer()
}

export async function measureTransforms(): Promise<TransformResults> {
  const harness = await startHarness('pglite', '', { withDataDir: true })
  try {
    const service = testClient(harness.backend.url, harness.backend.serviceRoleKey)
    const bucket = service.storage.from('images')
    const path = 'posts/bench/twelve-megapixels.jpg'
    const url = bucket.getPublicUrl(path, { transform: { width: 1080 } }).data.publicUrl
    const render = async (): Promise<Buffer> => {
      const response = await fetch(url, { headers: { accept: BROWSER_ACCEPT } })
      if (response.status !== 200) throw new Error(`render: ${response.status}`)
      return Buffer.from(await response.arrayBuffer())
    }
    const uncached: number[] = []
    let source: Buffer = Buffer.alloc(0)
    for (let i = 0; i <= RUNS; i++) {
      source = await twelveMegapixelPhoto(i + 1)
      const { error } = await bucket.upload(path, source, {
        contentType: 'image/jpeg',
        cacheControl: '3600',
        upsert: true
      })
      if (error) throw new Error(`upload: ${error.message}`)
      const started = performance.now()
      await render()
      // The first run warms sharp up and is not counted.
      if (i > 0) uncached.push(performance.now() - started)
    }
    const rendition = await render()
    const cached: number[] = []
    for (let i = 0; i < RUNS * 4; i++) {
      const started = performance.now()
      await render()
      cached.push(performance.now() - started)
    }
    const meta = await sharp(rendition).metadata()
    return {
      sourceBytes: source.length,
      renditionBytes: rendition.length,
      width: meta.width,
      height: meta.height,
      uncached: uncached.sort((a, b) => a - b),
      cached: cached.sort((a, b) => a - b),
      loadAverage: loadavg()[0]
    }
  } finally {
    await harness.close()
  }
}

export function renderTransforms(results: TransformResults): string[] {
  const ms = (value: number): string => `${value.toFixed(1)} ms`
  const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MB`
  const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`
  return [
    '## Image transformations',
    '',
    `A generated 4000×3000 JPEG (${mb(results.sourceBytes)}) rendered through ` +
      "`/storage/v1/render/image/public/…?width=1080` with a browser's Accept header (so WebP), " +
      `over HTTP on the local backend (PGlite, data folder): ${results.width}×${results.height}, ` +
      `${kb(results.renditionBytes)}.`,
    '',
    '| | p50 | p95 | runs |',
    '| --- | --- | --- | --- |',
    `| Uncached (a new version of the object each run) | ${ms(percentile(results.uncached, 50))} | ` +
      `${ms(percentile(results.uncached, 95))} | ${results.uncached.length} |`,
    `| Cached (the same rendition again) | ${ms(percentile(results.cached, 50))} | ` +
      `${ms(percentile(results.cached, 95))} | ${results.cached.length} |`,
    '',
    'Uncached is dominated by decoding 12 MP (sharp shrinks on load where JPEG allows) and ' +
      'encoding WebP; a cached rendition costs the object lookup and the copy out. The ' +
      `machine's load average was ${results.loadAverage.toFixed(1)} on ${cpus().length} cores ` +
      'when the runs ended.',
    ''
  ]
}
