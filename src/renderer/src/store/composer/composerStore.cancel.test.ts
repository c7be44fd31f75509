// Cancel while a post uploads, on the fakes: the platform is asked to stop the upload of the
// very post it was given (by its id), nothing is said as an error, the modal stays open with
// everything kept; the upload's progress shows with its time left; a share canceled while its
// photos are processed never starts uploading.

import { describe, expect, it, vi } from 'vitest'
import type { ImageFile } from '@shared/bridge-contract'
import { MESSAGES } from '@shared/messages'
import type { ProcessedImage } from '../../imaging/processImage'
import { createHarness, deferred, makePost, pngBytes, signedIn } from '../../testing/fakes'
import type { ConvertedVideo } from '../../video/convertVideo'
import { createComposerStore, type ProcessPhoto, type ShareRequest } from './composerStore'

const image = (name: string): ImageFile => ({ name, type: 'image/png', bytes: pngBytes() })

function setup(process: ProcessPhoto = async (picked) => ({ image: picked })) {
  const clock = { at: 0 }
  const harness = createHarness({ snapshot: signedIn() })
  harness.stores.ui.getState().openCreate()
  harness.stores.feed.setState({ status: 'ready', ids: [] })
  const converted: ConvertedVideo = {
    video: { bytes: new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]), type: 'video/webm', durationMs: 1 },
    poster: image('poster.jpg')
  }
  const composer = createComposerStore(
    harness.stores,
    process,
    async () => converted,
    () => clock.at
  )
  const request: ShareRequest = {
    items: [{ image: image('a.png'), altText: 'A dog' }],
    caption: 'Walk',
    location: '',
    tags: [],
    controls: null
  }
  return { ...harness, composer, request, clock }
}

describe('composer store, cancel during upload', () => {
  it('stops the upload of the post it sent, says nothing and keeps the modal open', async () => {
    const { composer, request, api, stores, clock } = setup()
    const upload = deferred<never>()
    api.posts.create.mockReturnValue(upload.promise)
    const onShared = vi.fn()
    const sharing = composer.getState().share(request, onShared)
    await vi.waitFor(() => expect(api.posts.create).toHaveBeenCalled())
    expect(composer.getState()).toMatchObject({
      stage: 'uploading',
      progress: { step: 'uploading', fraction: 0, secondsLeft: null }
    })
    clock.at = 4_000
    api.emitUploadProgress({ sentBytes: 200, totalBytes: 1_000 })
    expect(composer.getState().progress).toEqual({
      step: 'uploading',
      fraction: 0.2,
      secondsLeft: 16
    })

    composer.getState().cancel()
    const sent = api.posts.create.mock.calls[0][0]
    expect(sent.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(api.posts.cancel).toHaveBeenCalledWith(sent.id)
    upload.reject(new Error(MESSAGES.uploadCanceled))
    await sharing
    expect(onShared).not.toHaveBeenCalled()
    expect(composer.getState()).toMatchObject({ stage: null, error: null, progress: null })
    expect(stores.ui.getState().modal).not.toBeNull()
    expect(stores.feed.getState().ids).toEqual([])
  })

  it('a failed upload is still said, and a later share is a new post', async () => {
    const { composer, request, api } = setup()
    api.posts.create.mockRejectedValueOnce(new Error('Upload failed: disk full'))
    await composer.getState().share(request, vi.fn())
    expect(composer.getState().error).toBe('Upload failed: disk full')
    expect(api.posts.cancel).not.toHaveBeenCalled()

    api.posts.create.mockResolvedValue(makePost())
    await composer.getState().share(request, vi.fn())
    const [first, second] = api.posts.create.mock.calls.map(([input]) => input.id)
    expect(second).not.toBe(first)
  })

  it('canceled while its photos are processed, it never uploads', async () => {
    const processing = deferred<ProcessedImage>()
    const { composer, request, api } = setup(() => processing.promise)
    const sharing = composer.getState().share(request, vi.fn())
    expect(composer.getState().stage).toBe('processing')
    composer.getState().cancel()
    processing.resolve({ image: image('a.webp') })
    await sharing
    expect(api.posts.create).not.toHaveBeenCalled()
    expect(api.posts.cancel).not.toHaveBeenCalled()
    expect(composer.getState()).toMatchObject({ stage: null, error: null })
  })

  it('a video canceled while it uploads is stopped the same way', async () => {
    const { composer, api } = setup()
    const upload = deferred<never>()
    api.posts.create.mockReturnValue(upload.promise)
    const clip = {
      file: new Blob(['clip']),
      durationMs: 2_000,
      edits: { trimStartMs: 0, trimEndMs: 2_000, muted: false }
    }
    const sharing = composer
      .getState()
      .share(
        { items: [{ clip, altText: '' }], caption: '', location: '', tags: [], controls: null },
        vi.fn()
      )
    await vi.waitFor(() => expect(api.posts.create).toHaveBeenCalled())
    composer.getState().cancel()
    expect(api.posts.cancel).toHaveBeenCalledWith(api.posts.create.mock.calls[0][0].id)
    upload.reject(new Error(MESSAGES.uploadCanceled))
    await sharing
    expect(composer.getState()).toMatchObject({ stage: null, error: null, progress: null })
  })
})
