// The create flow's clips on the fakes: each clip converted with its trim and sound, its poster
// processed as a photo, handed to the platform as one post with the photos beside it in their
// order; one progress with time left for all the clips; Cancel stops the conversion and keeps
// everything; every failure is said and nothing is sent.

import { describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@shared/messages'
import { createHarness, deferred, makePost, pngBytes, signedIn } from '../../testing/fakes'
import {
  VideoCanceledError,
  type ConvertedVideo,
  type ConvertVideo
} from '../../video/convertVideo'
import {
  createComposerStore,
  type ComposerClip,
  type ProcessPhoto,
  type ShareRequest
} from './composerStore'

type ClipRequest = ComposerClip['clip'] & { altText: string; caption: string }

/** A post of the one clip described. */
const postOf = ({ altText, caption, ...clip }: ClipRequest): ShareRequest => ({
  items: [{ clip, altText }],
  caption,
  location: '',
  tags: [],
  controls: null
})

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
  const request = (overrides: Partial<ClipRequest> = {}): ClipRequest => ({
    file: new Blob([clip]),
    durationMs: 10_000,
    edits: { trimStartMs: 1_000, trimEndMs: 5_000, muted: true },
    altText: 'Waves',
    caption: 'Sea',
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
    await composer.getState().share(postOf(asked), onShared)
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
    const sharing = composer.getState().share(postOf(request()), vi.fn())
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
    const sharing = composer.getState().share(postOf(request()), onShared)
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
    await composer.getState().share(
      postOf(
        request({
          durationMs: 600_000,
          edits: { trimStartMs: 0, trimEndMs: 181_000, muted: false }
        })
      ),
      vi.fn()
    )
    expect(convert).not.toHaveBeenCalled()
    expect(composer.getState().error).toBe(MESSAGES.videoTooLong)
  })

  it('an undecodable clip and a failed upload are said, and nothing is closed', async () => {
    const failing = setup(async () => {
      throw new Error(MESSAGES.videoUnreadable)
    })
    await failing.composer.getState().share(postOf(failing.request()), vi.fn())
    expect(failing.composer.getState()).toMatchObject({
      stage: null,
      error: MESSAGES.videoUnreadable
    })
    expect(failing.api.posts.create).not.toHaveBeenCalled()

    const refused = setup(async () => converted)
    refused.api.posts.create.mockRejectedValue(new Error(MESSAGES.videoTooLarge))
    const onShared = vi.fn()
    await refused.composer.getState().share(postOf(refused.request()), onShared)
    expect(refused.composer.getState().error).toBe(MESSAGES.videoTooLarge)
    expect(onShared).not.toHaveBeenCalled()
    expect(refused.stores.ui.getState().modal).not.toBeNull()
  })

  it('a carousel of a photo and two clips: converted one by one, posted in its order', async () => {
    const clock = { at: 0 }
    const started: string[] = []
    const names = new Map<Blob, string>()
    const gates = [deferred<ConvertedVideo>(), deferred<ConvertedVideo>()]
    const reports: Array<(fraction: number) => void> = []
    const { composer, api } = setup(async (file, _edits, options) => {
      started.push(names.get(file)!)
      reports.push(options.onProgress)
      return gates[started.length - 1].promise
    }, clock)
    api.posts.create.mockResolvedValue(makePost())
    const photo = { name: 'a.png', type: 'image/png', bytes: pngBytes() }
    const clipOf = (name: string, keptMs: number): ComposerClip['clip'] => {
      const file = new Blob([name])
      names.set(file, name)
      return {
        file,
        durationMs: 10_000,
        edits: { trimStartMs: 0, trimEndMs: keptMs, muted: false }
      }
    }
    const sharing = composer.getState().share(
      {
        items: [
          { clip: clipOf('first', 3_000), altText: 'One' },
          { image: photo, altText: 'Still' },
          { clip: clipOf('second', 1_000), altText: 'Two' }
        ],
        caption: 'Mixed',
        location: '',
        tags: [],
        controls: null
      },
      vi.fn()
    )
    await vi.waitFor(() => expect(started).toEqual(['first']))
    clock.at = 3_000
    reports[0](0.5)
    // Half of the first clip's 3 s of the post's 4 s.
    expect(composer.getState().progress?.fraction).toBeCloseTo(0.375)
    gates[0].resolve(converted)
    await vi.waitFor(() => expect(started).toEqual(['first', 'second']))
    reports[1](0.5)
    expect(composer.getState().progress?.fraction).toBeCloseTo(0.875)
    gates[1].resolve({ ...converted, video: { ...converted.video, durationMs: 1_000 } })
    await sharing
    const sent = api.posts.create.mock.calls[0][0].photos
    expect(sent.map((item: { altText: string }) => item.altText)).toEqual(['One', 'Still', 'Two'])
    expect(sent.map((item: { video?: { durationMs: number } }) => item.video?.durationMs)).toEqual([
      4_000,
      undefined,
      1_000
    ])
    expect(sent[1].image.name).toBe('p.webp')
  })

  it('one clip of a carousel that cannot be converted sends nothing and says so', async () => {
    let calls = 0
    const { composer, api, stores } = setup(async () => {
      calls += 1
      if (calls === 2) throw new Error(MESSAGES.videoUnreadable)
      return converted
    })
    const clipOf = (): ComposerClip['clip'] => ({
      file: new Blob([clip]),
      durationMs: 2_000,
      edits: { trimStartMs: 0, trimEndMs: 2_000, muted: false }
    })
    await composer.getState().share(
      {
        items: [
          { clip: clipOf(), altText: '' },
          { clip: clipOf(), altText: '' }
        ],
        caption: '',
        location: '',
        tags: [],
        controls: null
      },
      vi.fn()
    )
    expect(api.posts.create).not.toHaveBeenCalled()
    expect(composer.getState()).toMatchObject({ stage: null, error: MESSAGES.videoUnreadable })
    expect(stores.ui.getState().modal).not.toBeNull()
  })
})
