// The create flow's video branch on the fakes: the clip converted with its trim and sound, its
// poster processed as a photo, both handed to the platform as one video post; progress with
// time left; Cancel stops the conversion and keeps everything; every failure is said.

import { describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@shared/messages'
import { createHarness, deferred, makePost, pngBytes, signedIn } from '../../testing/fakes'
import {
  VideoCanceledError,
  type ConvertedVideo,
  type ConvertVideo
} from '../../video/convertVideo'
import { createComposerStore, type ProcessPhoto, type VideoShareRequest } from './composerStore'

const clip = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])
const converted: ConvertedVideo = {
  video: { bytes: clip, type: 'video/webm', durationMs: 4_000 },
  poster: { name: 'poster.jpg', type: 'image/jpeg', bytes: pngBytes() }
}

function setup(convert: ConvertVideo, clock = { at: 0 }) {
  const harness = createHarness({ snapshot: signedIn() })
  harness.stores.ui.getState().openCreate()
  harness.stores.feed.setState({ status: 'ready', ids: [] })
  const process = vi.fn<ProcessPhoto>(async (image) => ({ image: { ...image, name: 'p.webp' } }))
  const composer = createComposerStore(harness.stores, process, convert, () => clock.at)
  const request = (overrides: Partial<VideoShareRequest> = {}): VideoShareRequest => ({
    file: new Blob([clip]),
    durationMs: 10_000,
    edits: { trimStartMs: 1_000, trimEndMs: 5_000, muted: true },
    altText: 'Waves',
    caption: 'Sea',
    location: '',
    controls: null,
    ...overrides
  })
  return { ...harness, composer, request, process }
}

describe('composer store, video', () => {
  it('converts with the trim and sound chosen, processes the poster and posts both', async () => {
    const convert = vi.fn<ConvertVideo>(async () => converted)
    const { composer, request, api, stores, process } = setup(convert)
    const post = makePost()
    api.posts.create.mockResolvedValue(post)
    const onShared = vi.fn()
    const asked = request()
    await composer.getState().shareVideo(asked, onShared)
    expect(convert).toHaveBeenCalledWith(asked.file, asked.edits, expect.anything())
    expect(process).toHaveBeenCalledWith(converted.poster, undefined)
    expect(api.posts.create).toHaveBeenCalledWith(
      expect.objectContaining({
        caption: 'Sea',
        photos: [
          {
            image: { ...converted.poster, name: 'p.webp' },
            altText: 'Waves',
            video: {
              file: { name: 'video.webm', type: 'video/webm', bytes: clip },
              durationMs: 4_000
            }
          }
        ]
      })
    )
    expect(onShared).toHaveBeenCalledTimes(1)
    expect(composer.getState()).toMatchObject({ stage: null, error: null, progress: null })
    expect(stores.ui.getState().modal).toBeNull()
  })

  it('reports the fraction converted and the time left', async () => {
    const clock = { at: 0 }
    const done = deferred<ConvertedVideo>()
    let report: (fraction: number) => void = () => undefined
    const { composer, request, api } = setup(async (_file, _edits, options) => {
      report = options.onProgress
      return done.promise
    }, clock)
    api.posts.create.mockResolvedValue(makePost())
    const sharing = composer.getState().shareVideo(request(), vi.fn())
    expect(composer.getState()).toMatchObject({
      stage: 'processing',
      progress: { step: 'converting', fraction: 0, secondsLeft: null }
    })
    clock.at = 10_000
    report(0.25)
    expect(composer.getState().progress).toEqual({
      step: 'converting',
      fraction: 0.25,
      secondsLeft: 30
    })
    done.resolve(converted)
    await sharing
    expect(composer.getState().progress).toBeNull()
  })

  it('Cancel stops the conversion: nothing is posted, no error, the clip stays to retry', async () => {
    let signal: AbortSignal | null = null
    const { composer, request, api } = setup(
      (_file, _edits, options) =>
        new Promise((_resolve, reject) => {
          signal = options.signal
          options.signal.addEventListener('abort', () => reject(new VideoCanceledError()))
        })
    )
    const onShared = vi.fn()
    const sharing = composer.getState().shareVideo(request(), onShared)
    composer.getState().cancel()
    await sharing
    expect(signal!.aborted).toBe(true)
    expect(api.posts.create).not.toHaveBeenCalled()
    expect(onShared).not.toHaveBeenCalled()
    expect(composer.getState()).toMatchObject({ stage: null, error: null, progress: null })
  })

  it('a kept part over three minutes is refused before converting', async () => {
    const convert = vi.fn<ConvertVideo>(async () => converted)
    const { composer, request } = setup(convert)
    await composer.getState().shareVideo(
      request({
        durationMs: 600_000,
        edits: { trimStartMs: 0, trimEndMs: 181_000, muted: false }
      }),
      vi.fn()
    )
    expect(convert).not.toHaveBeenCalled()
    expect(composer.getState().error).toBe(MESSAGES.videoTooLong)
  })

  it('an undecodable clip and a failed upload are said, and nothing is closed', async () => {
    const failing = setup(async () => {
      throw new Error(MESSAGES.videoUnreadable)
    })
    await failing.composer.getState().shareVideo(failing.request(), vi.fn())
    expect(failing.composer.getState()).toMatchObject({
      stage: null,
      error: MESSAGES.videoUnreadable
    })
    expect(failing.api.posts.create).not.toHaveBeenCalled()

    const refused = setup(async () => converted)
    refused.api.posts.create.mockRejectedValue(new Error(MESSAGES.videoTooLarge))
    const onShared = vi.fn()
    await refused.composer.getState().shareVideo(refused.request(), onShared)
    expect(refused.composer.getState().error).toBe(MESSAGES.videoTooLarge)
    expect(onShared).not.toHaveBeenCalled()
    expect(refused.stores.ui.getState().modal).not.toBeNull()
  })
})
