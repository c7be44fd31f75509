// A video story in the viewer: its clip plays over its poster, the bar follows the clip's time
// (not the photo's fixed duration), Space and a held press pause the clip, the sound switch and
// `m` mute it, its end moves on, and with reduced motion it waits behind a Play button.

import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createHarness,
  makeStory,
  makeStripEntry,
  renderWith,
  signedIn,
  type Harness
} from '../../testing/fakes'
import { fakeMediaPlayback, fakePointerEvent } from '../../testing/mediaFakes'
import { StoryViewer } from './StoryViewer'

fakePointerEvent()
fakeMediaPlayback()
afterEach(() => {
  delete document.documentElement.dataset.motion
})

const clipStory = (caption: string) =>
  makeStory({
    user_id: 'ann',
    caption,
    media_type: 'video',
    video_url: `http://127.0.0.1:1/storage/v1/object/public/videos/stories/ann/${caption}.webm`,
    duration_ms: 12_000
  })

async function openWith(...stories: ReturnType<typeof makeStory>[]): Promise<Harness> {
  const harness = createHarness({ snapshot: signedIn() })
  harness.stores.stories.setState({ strip: [makeStripEntry('ann')], stripLoaded: true })
  harness.services.stories.fetchUserStories.mockResolvedValue(stories)
  renderWith(<StoryViewer />, harness)
  await act(() => harness.stores.stories.getState().openStories('ann'))
  return harness
}

const clip = (): HTMLVideoElement => screen.getByTestId<HTMLVideoElement>('story-video')

/** The clip has played to `seconds` of its `length`. */
function playTo(seconds: number, length = 12): void {
  const video = clip()
  Object.defineProperty(video, 'duration', { value: length, configurable: true })
  Object.defineProperty(video, 'currentTime', { value: seconds, configurable: true })
  fireEvent.timeUpdate(video)
}

describe('StoryViewer with a video story', () => {
  it('plays the clip over its poster; the bar follows the clip, and its end moves on', async () => {
    const first = clipStory('one')
    await openWith(first, makeStory({ user_id: 'ann', caption: 'two' }))
    expect(clip()).toHaveAttribute('src', first.video_url)
    expect(clip()).toHaveAttribute('poster', first.image_url)
    expect(clip()).toHaveAccessibleName('one')
    expect(clip().paused).toBe(false)

    const bar = screen.getByTestId('story-progress')
    expect(bar.style.animationDuration).toBe('')
    expect(bar).toHaveAttribute('data-fraction', '0.000')
    playTo(3)
    expect(screen.getByTestId('story-progress')).toHaveAttribute('data-fraction', '0.250')
    expect(screen.getByTestId('story-progress').style.transform).toBe('scaleX(0.25)')
    // The photo's timer does not move a clip on.
    fireEvent.animationEnd(screen.getByTestId('story-progress'))
    expect(screen.getByText('Story 1 of 2 by ann')).toBeInTheDocument()

    fireEvent.ended(clip())
    expect(screen.getByText('Story 2 of 2 by ann')).toBeInTheDocument()
    expect(screen.queryByTestId('story-video')).toBeNull()
    expect(screen.getByRole('img', { name: 'two' })).toBeInTheDocument()
  })

  it('Space and a held press pause the clip; the sound switch mutes it', async () => {
    await openWith(clipStory('one'))
    const dialog = screen.getByRole('dialog')
    fireEvent.keyDown(dialog, { key: ' ' })
    expect(clip().paused).toBe(true)
    fireEvent.keyDown(dialog, { key: ' ' })
    expect(clip().paused).toBe(false)

    const stage = screen.getByTestId('story-stage')
    fireEvent.pointerDown(stage, { button: 0, clientX: 200 })
    expect(clip().paused).toBe(true)
    await act(() => releaseAfterHold(stage))
    expect(clip().paused).toBe(false)

    expect(clip().muted).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Turn sound off' }))
    expect(clip().muted).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Turn sound on' }))
    expect(clip().muted).toBe(false)
  })

  it('m mutes and unmutes the clip, as in Reels, and the sound button says so', async () => {
    await openWith(clipStory('one'))
    const dialog = screen.getByRole('dialog')
    expect(screen.getByRole('button', { name: 'Turn sound off' })).toHaveAttribute(
      'aria-pressed',
      'true'
    )
    fireEvent.keyDown(dialog, { key: 'm' })
    expect(clip().muted).toBe(true)
    expect(screen.getByRole('button', { name: 'Turn sound on' })).toHaveAttribute(
      'aria-pressed',
      'false'
    )
    // A held key does not flip it back and forth.
    fireEvent.keyDown(dialog, { key: 'm', repeat: true })
    expect(clip().muted).toBe(true)
    fireEvent.keyDown(dialog, { key: 'M' })
    expect(clip().muted).toBe(false)
    // `m` neither pauses nor moves on.
    expect(clip().paused).toBe(false)
  })

  it('with reduced motion the clip waits behind Play; pressing it plays', async () => {
    document.documentElement.dataset.motion = 'reduce'
    await openWith(clipStory('one'))
    expect(clip().paused).toBe(true)
    const play = screen.getByRole('button', { name: 'Play video story' })
    fireEvent.click(play)
    expect(clip().paused).toBe(false)
    expect(screen.queryByRole('button', { name: 'Play video story' })).toBeNull()
    playTo(6)
    expect(screen.getByTestId('story-progress')).toHaveAttribute('data-fraction', '0.500')
  })
})

/** A press released after a hold: it only paused. */
async function releaseAfterHold(stage: HTMLElement): Promise<void> {
  const now = performance.now()
  vi.spyOn(performance, 'now').mockReturnValue(now + 1000)
  fireEvent.pointerUp(stage, { button: 0, clientX: 200 })
}
