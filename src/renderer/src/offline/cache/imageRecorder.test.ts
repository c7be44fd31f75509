import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import { databaseOpener } from './cacheDb'
import { createImageCache } from './imageCache'
import { createImageRecorder } from './imageRecorder'

const now = (callback: () => void): void => callback()

function recorderOverFetch(fetchImpl: typeof fetch) {
  const images = createImageCache({ db: databaseOpener(new IDBFactory()) })
  return { images, recorder: createImageRecorder(images, fetchImpl, now) }
}

const photo = (): Response => new Response(new Uint8Array(64), { status: 200 })

describe('image recorder', () => {
  it('reads a shown image back from the HTTP cache once and saves it', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => photo())
    const { images, recorder } = recorderOverFetch(fetchImpl)
    recorder.remember('https://cdn.test/a.jpg')
    recorder.remember('https://cdn.test/a.jpg')
    await recorder.idle()
    expect(fetchImpl).toHaveBeenCalledTimes(1)
    expect(fetchImpl).toHaveBeenCalledWith('https://cdn.test/a.jpg', { cache: 'force-cache' })
    expect((await images.get('https://cdn.test/a.jpg'))?.size).toBe(64)
  })

  it('saves nothing for an error answer, and ignores data: and blob: sources', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response('gone', { status: 404 }))
    const { images, recorder } = recorderOverFetch(fetchImpl)
    recorder.remember('https://cdn.test/gone.jpg')
    recorder.remember('data:image/png;base64,AAAA')
    recorder.remember('blob:https://app.test/1')
    await recorder.idle()
    expect(fetchImpl).toHaveBeenCalledTimes(1)
    expect(await images.size()).toEqual({ entries: 0, bytes: 0 })
  })

  it('saves an image again when it is shown after the cache was cleared', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => photo())
    const { images, recorder } = recorderOverFetch(fetchImpl)
    recorder.remember('https://cdn.test/a.jpg')
    await recorder.idle()
    await images.clear()
    recorder.remember('https://cdn.test/a.jpg')
    await recorder.idle()
    expect(await images.size()).toEqual({ entries: 1, bytes: 64 })
  })

  it('drops saves still queued when the cache is cleared (sign-out)', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => photo())
    const images = createImageCache({ db: databaseOpener(new IDBFactory()) })
    const pending: Array<() => void> = []
    const recorder = createImageRecorder(images, fetchImpl, (callback) => pending.push(callback))
    recorder.remember('https://cdn.test/private.jpg')
    await images.clear()
    await vi.waitFor(() => expect(pending).toHaveLength(1))
    pending[0]()
    await recorder.idle()
    expect(fetchImpl).not.toHaveBeenCalled()
    expect(await images.size()).toEqual({ entries: 0, bytes: 0 })
  })
})
