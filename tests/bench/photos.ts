// Realistic 12 MP photos for the image-pipeline bench, made in the page: a sky gradient,
// overlapping shapes for edges and texture, and sensor-like noise, encoded the way a camera
// roll would hand them over (JPEG, quality 0.92), so they land at 3–8 MB like real ones.

import type { Page } from 'playwright-core'
import type { PageGlobals } from '../support/chromium/page-globals'

export interface PhotoSizes {
  original: number
  feed: number
  thumb: number
  feedType: string
  thumbType: string
  width: number
  height: number
  placeholder: string | null
  /** Base64 of the renditions, uploaded so the seeded feed shows real bytes. */
  feedBase64: string
  thumbBase64: string
  millis: number
}

/** Makes photo `seed` in the page and runs the app's pipeline on it. */
export function photoThroughPipeline(page: Page, seed: number, noise = 14): Promise<PhotoSizes> {
  return page.evaluate(
    async ({ seed, noise }) => {
      const web = globalThis as unknown as PageGlobals
      let state = seed * 2654435761
      const random = (): number => {
        state = (state + 0x6d2b79f5) >>> 0
        let t = state
        t = Math.imul(t ^ (t >>> 15), t | 1)
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296
      }
      const width = 4000
      const height = 3000
      const canvas = new web.OffscreenCanvas(width, height)
      const context = canvas.getContext('2d')!
      const sky = context.createLinearGradient(0, 0, 0, height)
      sky.addColorStop(0, `hsl(${200 + random() * 40}, 70%, ${55 + random() * 20}%)`)
      sky.addColorStop(1, `hsl(${20 + random() * 40}, 60%, ${60 + random() * 20}%)`)
      context.fillStyle = sky
      context.fillRect(0, 0, width, height)
      for (let i = 0; i < 2500; i++) {
        context.fillStyle = `hsla(${random() * 360}, ${30 + random() * 50}%, ${20 + random() * 60}%, ${0.2 + random() * 0.6})`
        const x = random() * width
        const y = height * 0.3 + random() * height * 0.7
        const r = 4 + random() * 90
        context.beginPath()
        if (i % 3 === 0) context.rect(x, y, r * 2, r)
        else context.arc(x, y, r, 0, Math.PI * 2)
        context.fill()
      }
      // Sensor noise: what makes real photos expensive to compress.
      const pixels = context.getImageData(0, 0, width, height)
      const data = pixels.data
      for (let i = 0; i < data.length; i += 4) {
        const n = (random() - 0.5) * 2 * noise
        data[i] += n
        data[i + 1] += n + (random() - 0.5) * noise
        data[i + 2] += n
      }
      context.putImageData(pixels, 0, 0)
      const photo = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 })
      const bytes = new Uint8Array(await photo.arrayBuffer())

      const started = performance.now()
      const out = await web.pipeline.makeRenditions(bytes, 'image/jpeg')
      const millis = performance.now() - started
      const base64 = async (part: { bytes: Uint8Array; type: string }): Promise<string> => {
        const url = await new Promise<string>((done) => {
          const reader = new web.FileReader()
          reader.onload = () => done(reader.result as string)
          reader.readAsDataURL(
            new Blob([part.bytes as Uint8Array<ArrayBuffer>], { type: part.type })
          )
        })
        return url.slice(url.indexOf(',') + 1)
      }
      return {
        original: bytes.length,
        feed: out.image.bytes.length,
        thumb: out.thumbnail.bytes.length,
        feedType: out.image.type,
        thumbType: out.thumbnail.type,
        width: out.width,
        height: out.height,
        placeholder: out.placeholder,
        feedBase64: await base64(out.image),
        thumbBase64: await base64(out.thumbnail),
        millis
      }
    },
    { seed, noise }
  )
}
