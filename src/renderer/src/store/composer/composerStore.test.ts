// Sharing from the create-post modal without a DOM: the stages, the renditions handed over with
// their alt texts, the switches and people tags set on the new post, and every failure said
// with everything kept for a retry.

import { describe, expect, it, vi } from 'vitest'
import type { CreatePostStage, ImageFile } from '@shared/bridge-contract'
import { MESSAGES } from '@shared/messages'
import { PhotoEditError, type ProcessedImage } from '../../imaging/processImage'
import { createHarness, deferred, makePost, pngBytes, signedIn } from '../../testing/fakes'
import { createComposerStore, type ProcessPhoto, type ShareRequest } from './composerStore'

const image = (name: string): ImageFile => ({ name, type: 'image/png', bytes: pngBytes() })

function setup(process: ProcessPhoto = async (picked) => ({ image: picked })) {
  const harness = createHarness({ snapshot: signedIn() })
  harness.stores.ui.getState().openCreate()
  const composer = createComposerStore(harness.stores, process)
  const request = (overrides: Partial<ShareRequest> = {}): ShareRequest => ({
    items: [
      { image: image('a.png'), altText: 'A dog' },
      { image: image('b.png'), altText: '' }
    ],
    caption: 'Walk',
    location: 'Porto',
    tags: [],
    controls: null,
    ...overrides
  })
  return { ...harness, composer, request }
}

describe('composer store', () => {
  it('processes every photo, shares them with their alt texts, empties the fields and closes', async () => {
    const edited = vi.fn<ProcessPhoto>(async (picked) => ({ image: { ...picked, name: 'x.webp' } }))
    const { composer, request, api, stores } = setup(edited)
    stores.feed.setState({ status: 'ready', ids: [] })
    const post = makePost()
    api.posts.create.mockResolvedValue(post)
    const onShared = vi.fn()
    const edit = { framing: { x: 0, y: 0, zoom: 2 }, ratio: 1 } as never
    await composer
      .getState()
      .share(request({ items: [{ image: image('a.png'), altText: 'A dog', edit }] }), onShared)
    expect(edited).toHaveBeenCalledWith(image('a.png'), edit)
    expect(api.posts.create).toHaveBeenCalledWith(
      expect.objectContaining({
        caption: 'Walk',
        location: 'Porto',
        photos: [{ image: { ...image('a.png'), name: 'x.webp' }, altText: 'A dog' }]
      })
    )
    expect(onShared).toHaveBeenCalledTimes(1)
    expect(composer.getState()).toMatchObject({ stage: null, error: null })
    expect(stores.ui.getState().modal).toBeNull()
    expect(stores.feed.getState().ids[0]).toBe(post.id)
  })

  it('shows processing, then uploading, then the stages the platform reports', async () => {
    const processing = deferred<ProcessedImage>()
    const { composer, request, api } = setup(() => processing.promise)
    const created = deferred<ReturnType<typeof makePost>>()
    api.posts.create.mockReturnValue(created.promise)
    const stages: Array<CreatePostStage | null> = []
    // Each change of stage (the progress beside it changes the state too).
    composer.subscribe((state, previous) => {
      if (state.stage !== previous.stage) stages.push(state.stage)
    })
    const sharing = composer.getState().share(request({ items: [request().items[0]] }), vi.fn())
    expect(composer.getState().stage).toBe('processing')
    processing.resolve({ image: image('a.png') })
    await vi.waitFor(() => expect(composer.getState().stage).toBe('uploading'))
    api.emitProgress('saving')
    expect(composer.getState().stage).toBe('saving')
    created.resolve(makePost())
    await sharing
    expect(stages).toEqual(['processing', 'uploading', 'saving', null])
  })

  it('ignores Share while a share is in flight, and with no photo', async () => {
    const processing = deferred<ProcessedImage>()
    const process = vi.fn<ProcessPhoto>(() => processing.promise)
    const { composer, request } = setup(process)
    void composer.getState().share(request({ items: [request().items[0]] }), vi.fn())
    await composer.getState().share(request(), vi.fn())
    await composer.getState().share(request({ items: [] }), vi.fn())
    expect(process).toHaveBeenCalledTimes(1)
  })

  it('refuses more than twenty people tagged before processing anything', async () => {
    const process = vi.fn<ProcessPhoto>()
    const { composer, request } = setup(process)
    const tags = Array.from({ length: 21 }, (_, i) => ({
      position: 0,
      userId: `u${i}`,
      x: 0.5,
      y: 0.5
    }))
    await composer.getState().share(request({ tags }), vi.fn())
    expect(composer.getState().error).toBe(MESSAGES.tooManyPeopleTags)
    expect(process).not.toHaveBeenCalled()
  })

  it('names the photo whose edits could not be made, and keeps the draft', async () => {
    const { composer, request, api } = setup(async (picked) => {
      if (picked.name === 'b.png') throw new PhotoEditError('no canvas')
      return { image: picked }
    })
    const onShared = vi.fn()
    await composer.getState().share(request(), onShared)
    expect(composer.getState()).toMatchObject({ stage: null, error: MESSAGES.photoEditFailed(2) })
    expect(api.posts.create).not.toHaveBeenCalled()
    expect(onShared).not.toHaveBeenCalled()
  })

  it('says why the post was not made, and stays open', async () => {
    const { composer, request, api, stores } = setup()
    api.posts.create.mockRejectedValue(new Error('Caption is too long'))
    await composer.getState().share(request(), vi.fn())
    expect(composer.getState()).toMatchObject({ stage: null, error: 'Caption is too long' })
    expect(stores.ui.getState().modal).toBe('create')
  })

  it('sets the chosen switches and the people tags on the new post; their failures are said', async () => {
    const { composer, request, api, services, stores } = setup()
    stores.feed.setState({ status: 'ready', ids: [] })
    const post = makePost()
    api.posts.create.mockResolvedValue(post)
    const tags = [{ position: 0, userId: 'ana', x: 0.2, y: 0.4 }]
    const controls = { comments_disabled: true }
    await composer.getState().share(request({ tags, controls }), vi.fn())
    expect(services.controls.setPostControls).toHaveBeenCalledWith(post.id, controls)
    expect(stores.posts.getState().byId[post.id].comments_disabled).toBe(true)
    expect(services.peopleTags.add).toHaveBeenCalledWith(post.id, tags)

    services.controls.setPostControls.mockRejectedValue(new Error('offline'))
    services.peopleTags.add.mockRejectedValue(new Error('Tagging failed'))
    stores.ui.getState().openCreate()
    const shown = vi.spyOn(stores.toast.getState(), 'show')
    await composer.getState().share(request({ tags, controls }), vi.fn())
    expect(shown.mock.calls.map(([message]) => message)).toEqual(['offline', 'Tagging failed'])
    expect(stores.ui.getState().modal).toBeNull()
  })
})
