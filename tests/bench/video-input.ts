// Bundled into the bench's page (video.ts): a 1080p clip to convert, encoded from a moving
// canvas with mediabunny at its own timestamps (not in real time, so a slow machine still makes
// every frame). VP9 in WebM, which every Chromium can encode.

import { BufferTarget, CanvasSource, Output, WebMOutputFormat } from 'mediabunny'

const FPS = 30

/** The page's OffscreenCanvas, declared here: the bench compiles without the DOM's types. */
interface Offscreen {
  getContext(kind: '2d'): { fillStyle: string; fillRect(...box: number[]): void } | null
}
const { OffscreenCanvas } = globalThis as unknown as {
  OffscreenCanvas: new (width: number, height: number) => Offscreen
}

export async function makeClip(seconds: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(1920, 1080)
  const context = canvas.getContext('2d')!
  const target = new BufferTarget()
  const output = new Output({ format: new WebMOutputFormat(), target })
  const source = new CanvasSource(canvas as never, { codec: 'vp9', bitrate: 8_000_000 })
  output.addVideoTrack(source, { frameRate: FPS })
  await output.start()
  for (let frame = 0; frame < seconds * FPS; frame++) {
    const t = (frame / FPS) * 1000
    context.fillStyle = `hsl(${(t / 20) % 360} 60% 40%)`
    context.fillRect(0, 0, 1920, 1080)
    context.fillStyle = '#f0c020'
    context.fillRect((t / 2) % 1800, 400 + 200 * Math.sin(t / 300), 120, 120)
    await source.add(frame / FPS, 1 / FPS)
  }
  await output.finalize()
  return new Blob([target.buffer!], { type: 'video/webm' })
}
