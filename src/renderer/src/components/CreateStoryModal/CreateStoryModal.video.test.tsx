// A clip posted as a story: converted by the posts' video worker (stood in for: jsdom has no
// WebCodecs), its first 60 seconds kept and said so or the part its trim handles choose (≤ 60 s),
// with or without sound; its poster goes through the story frame's photo pipeline and both are
// posted together. Cancel stops it and keeps the clip.

import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORY_FRAME } from '../../imaging/renditions'
import { createHarness, makeStory, renderWith, signedIn } from '../../testing/fakes'
import type { ConvertVideo } from '../../video/convertVideo'
import { CreateStoryModal } from './CreateStoryModal'
import { processImage } from './storyFixture'

// jsdom has no canvas: the photo pipeline is the fixture's (storyFixture).
vi.mock('../../imaging/processImage', async () => ({
  processImage: (await import('./storyFixture')).processImage
}))

const POSTER = { name: 'poster.jpg', type: 'image/jpeg', bytes: new Uint8Array([0xff, 0xd8]) }
const CLIP = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])
const convertVideo = vi.hoisted(() => vi.fn<ConvertVideo>())
vi.mock('../../video/convertVideo', async (actual) => ({
  ...(await actual<typeof import('../../video/convertVideo')>()),
  convertVideo
}))

const { createObjectURL, revokeObjectURL } = URL
afterEach(() => {
  vi.clearAllMocks()
  URL.createObjectURL = createObjectURL
  URL.revokeObjectURL = revokeObjectURL
})

async function pickClip(seconds: number) {
  URL.createObjectURL = vi.fn(() => 'blob:clip')
  URL.revokeObjectURL = vi.fn()
  const harness = createHarness({ snapshot: signedIn() })
  harness.stores.ui.getState().openCreateStory()
  renderWith(<CreateStoryModal />, harness)
  const user = userEvent.setup({ applyAccept: false })
  const file = new File([CLIP], 'clip.webm', { type: 'video/webm' })
  await user.upload(screen.getByLabelText('Choose an image file'), file)
  const preview = await screen.findByLabelText<HTMLVideoElement>('Preview of your video story')
  Object.defineProperty(preview, 'duration', { value: seconds, configurable: true })
  fireEvent.durationChange(preview)
  return { ...harness, user, file }
}

describe('CreateStoryModal with a clip', () => {
  it('keeps the first 60 seconds of a longer clip, says so, and posts it with its poster', async () => {
    const harness = await pickClip(90)
    expect(screen.getByTestId('story-trim-notice')).toHaveTextContent(
      'Stories can be up to 60 seconds: the first 60 seconds of this clip will be shared.'
    )
    convertVideo.mockResolvedValue({
      video: { bytes: CLIP, type: 'video/webm', durationMs: 60_000 },
      poster: POSTER
    })
    harness.services.stories.post.mockResolvedValue(makeStory())
    await harness.user.click(screen.getByLabelText('Share without sound'))
    await harness.user.click(screen.getByRole('button', { name: 'Share to story' }))
    await waitFor(() => expect(harness.stores.ui.getState().modal).toBeNull())
    expect(convertVideo).toHaveBeenCalledWith(
      harness.file,
      { trimStartMs: 0, trimEndMs: 60_000, muted: true },
      expect.objectContaining({ signal: expect.any(AbortSignal) as unknown })
    )
    expect(processImage).toHaveBeenCalledWith(POSTER, STORY_FRAME)
    expect(harness.services.stories.post).toHaveBeenCalledWith(
      expect.objectContaining({
        declaredType: 'image/jpeg',
        video: { bytes: CLIP, declaredType: 'video/webm', durationMs: 60_000 }
      })
    )
  })

  it('a short clip is kept whole; Cancel stops the conversion and keeps the clip', async () => {
    const harness = await pickClip(20)
    expect(screen.queryByTestId('story-trim-notice')).toBeNull()
    convertVideo.mockImplementation(
      (_file, _edits, { signal, onProgress }) =>
        new Promise((_resolve, reject) => {
          onProgress(0.4)
          signal.addEventListener('abort', () => reject(new Error('Video conversion canceled')))
        })
    )
    await harness.user.click(screen.getByRole('button', { name: 'Share to story' }))
    expect(convertVideo.mock.calls[0][1]).toEqual({
      trimStartMs: 0,
      trimEndMs: 20_000,
      muted: false
    })
    expect(await screen.findByText(/Converting 40%/)).toBeInTheDocument()
    await harness.user.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByText(/Converting/)).toBeNull())
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByLabelText('Preview of your video story')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Share to story' })).toBeEnabled()
    expect(harness.services.stories.post).not.toHaveBeenCalled()
  })

  it('trim handles choose the part kept, never more than 60 seconds of it', async () => {
    const harness = await pickClip(150)
    expect(screen.getByText('Trim: keeps 1:00 of 2:30')).toBeInTheDocument()
    const [start, end] = screen.getAllByRole('slider')
    // The end moved on past a minute brings the start along.
    fireEvent.change(end, { target: { value: '100000' } })
    expect(screen.getByText('Start 0:40')).toBeInTheDocument()
    expect(screen.getByText('End 1:40')).toBeInTheDocument()
    expect(screen.queryByTestId('story-trim-notice')).toBeNull()
    // The start moved closer keeps the end: 50 s are kept.
    fireEvent.change(start, { target: { value: '50000' } })
    expect(screen.getByText('Trim: keeps 0:50 of 2:30')).toBeInTheDocument()
    convertVideo.mockReturnValue(new Promise(() => undefined))
    await harness.user.click(screen.getByRole('button', { name: 'Share to story' }))
    expect(convertVideo.mock.calls[0][1]).toEqual({
      trimStartMs: 50_000,
      trimEndMs: 100_000,
      muted: false
    })
  })
})
