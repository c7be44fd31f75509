// Photos opened with the app (macOS dock icon, Open With): read with the native dialog's rules
// from real files, gathered per drop, and queued for the page until it listens.

import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  OPEN_FILES_GATHER_MS,
  UNREADABLE_PHOTO,
  createFileOpener,
  readOpenedFiles
} from '../../../src/main/open-files'
import { openedFilesSchema } from '../../../src/main/ipc/schemas'
import { createRendererOutbox, type OutboxEvent } from '../../../src/main/window/renderer-outbox'
import { MAX_IMAGE_BYTES } from '../../../src/shared/limits'
import { MESSAGES } from '../../../src/shared/messages'
import { JPEG_3X2, PNG_1X1 } from '../../support/images'
import { silentLogger } from './fakes'

let dir: string
const files = { stat: (path: string) => stat(path), readFile: (path: string) => readFile(path) }
const at = (name: string): string => join(dir, name)

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instaframe-open-files-'))
  await writeFile(at('beach.jpg'), JPEG_3X2)
  await writeFile(at('dog.png'), PNG_1X1)
  await writeFile(at('notes.jpg'), 'not a photo, whatever the name says')
  await writeFile(at('huge.png'), Buffer.alloc(MAX_IMAGE_BYTES + 1))
})

afterAll(() => rm(dir, { recursive: true, force: true }))

describe('readOpenedFiles', () => {
  it('reads every photo, typed by its bytes', async () => {
    const opened = await readOpenedFiles([at('beach.jpg'), at('dog.png')], files)
    expect(opened.ok).toBe(true)
    if (!opened.ok) return
    expect(opened.images.map((image) => [image.name, image.type])).toEqual([
      ['beach.jpg', 'image/jpeg'],
      ['dog.png', 'image/png']
    ])
    expect(Buffer.from(opened.images[0].bytes).equals(JPEG_3X2)).toBe(true)
  })

  it('refuses a file that is no image, with the message a drop gets', async () => {
    expect(await readOpenedFiles([at('notes.jpg')], files)).toEqual({
      ok: false,
      message: MESSAGES.dropImageFile
    })
  })

  it('refuses a photo over 10 MB from its size, without reading it', async () => {
    const readFileSpy = vi.fn(files.readFile)
    const opened = await readOpenedFiles([at('huge.png')], { ...files, readFile: readFileSpy })
    expect(opened).toEqual({ ok: false, message: MESSAGES.imageTooLarge })
    expect(readFileSpy).not.toHaveBeenCalled()
  })

  it('names the failing photo of several by its position, never its path', async () => {
    const opened = await readOpenedFiles([at('beach.jpg'), at('notes.jpg')], files)
    expect(opened).toEqual({
      ok: false,
      message: MESSAGES.photoNotAnImage(2, MESSAGES.dropImageFile)
    })
  })

  it('says a vanished file could not be read, without the system error that shows its path', async () => {
    const opened = await readOpenedFiles([at('gone.jpg')], files)
    expect(opened).toEqual({ ok: false, message: UNREADABLE_PHOTO })
  })

  it('refuses a folder, and more photos than a post holds before reading any', async () => {
    expect(await readOpenedFiles([dir], files)).toEqual({
      ok: false,
      message: MESSAGES.dropImageFile
    })
    const readFileSpy = vi.fn(files.readFile)
    const eleven = Array.from({ length: 11 }, () => at('beach.jpg'))
    expect(await readOpenedFiles(eleven, { ...files, readFile: readFileSpy })).toEqual({
      ok: false,
      message: MESSAGES.tooManyPhotos
    })
    expect(readFileSpy).not.toHaveBeenCalled()
  })
})

describe('createFileOpener', () => {
  function setup(): {
    open: (path: string) => void
    delivered: OutboxEvent[]
    outbox: ReturnType<typeof createRendererOutbox>
    showWindow: ReturnType<typeof vi.fn>
    runScheduled: () => Promise<void>
    delays: number[]
  } {
    const delivered: OutboxEvent[] = []
    const outbox = createRendererOutbox((event) => delivered.push(event))
    const showWindow = vi.fn()
    const scheduled: Array<() => void> = []
    const delays: number[] = []
    const open = createFileOpener({
      ...files,
      outbox,
      showWindow,
      log: silentLogger(),
      schedule: (run, ms) => {
        scheduled.push(run)
        delays.push(ms)
      }
    })
    const runScheduled = async (): Promise<void> => {
      for (const run of scheduled.splice(0)) run()
      // Reading is async: wait until the window was asked to show (the last step).
      await vi.waitFor(() => expect(showWindow).toHaveBeenCalled())
    }
    return { open, delivered, outbox, showWindow, runScheduled, delays }
  }

  it('sends the photos of one drop on the dock icon together, as one event', async () => {
    const { open, delivered, outbox, runScheduled, delays } = setup()
    outbox.markReady()
    open(at('beach.jpg'))
    open(at('dog.png'))
    expect(delays).toEqual([OPEN_FILES_GATHER_MS])
    await runScheduled()
    expect(delivered).toHaveLength(1)
    expect(delivered[0].channel).toBe('app:open-files')
    const payload = delivered[0].payload as { ok: boolean; images: { name: string }[] }
    expect(payload.images.map((image) => image.name)).toEqual(['beach.jpg', 'dog.png'])
  })

  it('holds photos that launched the app until the page listens, then brings the window up', async () => {
    const { open, delivered, outbox, showWindow, runScheduled } = setup()
    open(at('beach.jpg'))
    await runScheduled()
    expect(showWindow).toHaveBeenCalledOnce()
    expect(delivered).toEqual([])
    outbox.markReady()
    expect(delivered.map((event) => event.channel)).toEqual(['app:open-files'])
  })

  it('sends the reason when the photos cannot be shared, and starts a new batch after', async () => {
    const { open, delivered, outbox, runScheduled, delays } = setup()
    outbox.markReady()
    open(at('notes.jpg'))
    await runScheduled()
    expect(delivered[0].payload).toEqual({ ok: false, message: MESSAGES.dropImageFile })
    open(at('dog.png'))
    expect(delays).toHaveLength(2)
  })
})

describe('openedFilesSchema (what app:open-files may carry)', () => {
  const image = { name: 'a.jpg', type: 'image/jpeg', bytes: new Uint8Array(JPEG_3X2) }

  it('takes one to ten images, or a short reason', () => {
    expect(openedFilesSchema.safeParse({ ok: true, images: [image] }).success).toBe(true)
    expect(openedFilesSchema.safeParse({ ok: false, message: 'No' }).success).toBe(true)
  })

  it('refuses no images, more than ten, bytes that are not bytes, extra keys and long text', () => {
    for (const payload of [
      { ok: true, images: [] },
      { ok: true, images: Array.from({ length: 11 }, () => image) },
      { ok: true, images: [{ ...image, bytes: 'AAAA' }] },
      { ok: true, images: [image], path: '/Users/ada/a.jpg' },
      { ok: false, message: 'x'.repeat(501) }
    ]) {
      expect(
        openedFilesSchema.safeParse(payload).success,
        JSON.stringify(payload).slice(0, 60)
      ).toBe(false)
    }
  })
})
