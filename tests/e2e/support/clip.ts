// A clip made in the page for the video specs (posts, carousels, stories): a canvas recorded with
// MediaRecorder as a WebM, handed over in a DataTransfer as a file manager's drag would be, after
// any other files given.

import type { JSHandle, Page } from '@playwright/test'
import type { FileFixture } from '../fixtures/images'

/** The page's canvas and recorder, as far as this spec uses them (no DOM library here). */
type Canvas = {
  width: number
  height: number
  getContext(kind: '2d'): { fillStyle: string; fillRect(...box: number[]): void }
  captureStream(fps: number): unknown
}
type Recorder = {
  state: string
  ondataavailable: (event: { data: unknown }) => void
  onstop: (value: unknown) => void
  start(sliceMs: number): void
  stop(): void
}

/**
 * Records `ms` (1.5 s unless given) of a moving square on a canvas with MediaRecorder: a
 * DataTransfer of `before`'s files, then the WebM.
 */
export function recordedClip(
  page: Page,
  { before = [], ms = 1500 }: { before?: FileFixture[]; ms?: number } = {}
): Promise<JSHandle> {
  const files = before.map((file) => ({
    name: file.name,
    type: file.mimeType,
    base64: file.buffer.toString('base64')
  }))
  return page.evaluateHandle(
    async ({ others, length }) => {
      const web = globalThis as unknown as {
        document: { createElement(tag: 'canvas'): Canvas }
        MediaRecorder: new (stream: unknown, options: { mimeType: string }) => Recorder
        DataTransfer: new () => { items: { add(file: unknown): void } }
        File: new (parts: unknown[], name: string, options: { type: string }) => unknown
        requestAnimationFrame(callback: () => void): number
        atob(data: string): string
      }
      const canvas = web.document.createElement('canvas')
      canvas.width = 320
      canvas.height = 240
      const context = canvas.getContext('2d')
      const recorder = new web.MediaRecorder(canvas.captureStream(30), { mimeType: 'video/webm' })
      const chunks: unknown[] = []
      recorder.ondataavailable = (event: { data: unknown }) => chunks.push(event.data)
      const stopped = new Promise((resolve) => (recorder.onstop = resolve))
      const started = Date.now()
      const draw = (): void => {
        const t = Date.now() - started
        context.fillStyle = '#204080'
        context.fillRect(0, 0, 320, 240)
        context.fillStyle = '#f0c020'
        context.fillRect((t / 5) % 280, 100, 40, 40)
        if (recorder.state === 'recording') web.requestAnimationFrame(draw)
      }
      recorder.start(100)
      draw()
      await new Promise((resolve) => setTimeout(resolve, length))
      recorder.stop()
      await stopped
      const transfer = new web.DataTransfer()
      for (const { name, type, base64 } of others) {
        const bytes = Uint8Array.from(web.atob(base64), (char) => char.charCodeAt(0))
        transfer.items.add(new web.File([bytes], name, { type }))
      }
      transfer.items.add(new web.File(chunks, 'clip.webm', { type: 'video/webm' }))
      return transfer
    },
    { others: files, length: ms }
  )
}
