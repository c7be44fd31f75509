// Reels on the fakes: the first page shows one reel per screen with a video only near the one on
// screen; ↓/↑ and PageDown/PageUp move the reel on screen (it plays, the one before pauses), `m`
// mutes and unmutes, Space pauses and plays; keys are left alone while typing or under a dialog;
// comment opens the post; a visit opened at a reel reads it; a muted word's placeholder; CC; the
// empty and failed states.

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Post } from '@shared/domain'
import { dialogStack } from '../../dialogs/dialogStack'
import { StoresProvider } from '../../store'
import { createHarness, makePost, renderWith, signedIn, type Harness } from '../../testing/fakes'
import { fakeMediaPlayback } from '../../testing/mediaFakes'
import { ReelsView } from './ReelsView'

const reel = (n: number): Post =>
  makePost({
    id: `reel-${n}`,
    caption: `Clip ${n}`,
    video_url: `https://example.test/videos/${n}.webm`,
    duration_ms: 4000,
    media_type: 'video'
  })

fakeMediaPlayback()
beforeEach(() => {
  // jsdom lays nothing out: no element scrolls, and the page's moves set the reel on screen.
  Element.prototype.scrollTo = vi.fn()
})

async function showReels(
  posts: Post[],
  startId: string | null = null
): Promise<{ harness: Harness; videos: () => HTMLVideoElement[] }> {
  const harness = createHarness({ snapshot: signedIn() })
  harness.services.reels.page.mockResolvedValue({ items: posts, next: null })
  renderWith(<ReelsView startId={startId} />, harness)
  await screen.findAllByTestId('reel')
  return { harness, videos: () => screen.queryAllByTestId<HTMLVideoElement>('reel-video') }
}

const current = (): HTMLElement =>
  screen.getAllByTestId('reel').find((element) => element.getAttribute('aria-current'))!

const key = (name: string, target: Element | Window = window): void => {
  act(() => {
    fireEvent.keyDown(target, { key: name })
  })
}

describe('ReelsView', () => {
  it('shows one reel per screen, videos only near the one on screen, the first playing muted', async () => {
    const { videos } = await showReels([reel(1), reel(2), reel(3), reel(4)])
    expect(screen.getAllByTestId('reel')).toHaveLength(4)
    // The one on screen and the next: the others show their poster.
    expect(videos().map((video) => video.src)).toEqual([
      'https://example.test/videos/1.webm',
      'https://example.test/videos/2.webm'
    ])
    expect(current()).toHaveAccessibleName('Reel by sam')
    await waitFor(() => expect(videos()[0].paused).toBe(false))
    expect(videos()[0].muted).toBe(true)
    expect(videos()[1].paused).toBe(true)
  })

  it('moves one reel with ↓/↑ and PageDown/PageUp: the new one plays, the one before pauses', async () => {
    const { videos } = await showReels([reel(1), reel(2), reel(3)])
    await waitFor(() => expect(videos()[0].paused).toBe(false))
    const first = videos()[0]
    key('ArrowDown')
    expect(current()).toHaveTextContent('Clip 2')
    await waitFor(() => expect(first.paused).toBe(true))
    const second = screen.getAllByTestId<HTMLVideoElement>('reel-video')[1]
    await waitFor(() => expect(second.paused).toBe(false))
    key('PageDown')
    expect(current()).toHaveTextContent('Clip 3')
    key('ArrowDown')
    expect(current()).toHaveTextContent('Clip 3')
    key('PageUp')
    key('ArrowUp')
    expect(current()).toHaveTextContent('Clip 1')
  })

  it('moves one reel per wheel gesture, however far it spins', async () => {
    await showReels([reel(1), reel(2), reel(3)])
    const scroller = screen.getByTestId('reels')
    const spin = (deltaY: number): void => {
      act(() => {
        fireEvent.wheel(scroller, { deltaY })
      })
    }
    spin(120)
    spin(400)
    spin(90)
    expect(current()).toHaveTextContent('Clip 2')
    // Once the wheel has been quiet, the next turn is a gesture of its own.
    await new Promise((resolve) => setTimeout(resolve, 400))
    spin(-120)
    expect(current()).toHaveTextContent('Clip 1')
  })

  it('m turns the sound on and off for every reel; Space pauses and plays the one on screen', async () => {
    const { videos } = await showReels([reel(1), reel(2)])
    await waitFor(() => expect(videos()[0].paused).toBe(false))
    key('m')
    expect(videos().every((video) => !video.muted)).toBe(true)
    expect(screen.getAllByRole('button', { name: 'Turn sound off' })).toHaveLength(2)
    key('m')
    expect(videos()[0].muted).toBe(true)
    key(' ', screen.getByTestId('reels'))
    expect(videos()[0].paused).toBe(true)
    expect(screen.getAllByRole('button', { name: 'Play' }).length).toBeGreaterThan(0)
    key(' ', screen.getByTestId('reels'))
    await waitFor(() => expect(videos()[0].paused).toBe(false))
  })

  it('leaves the keys alone while typing or under a dialog', async () => {
    await showReels([reel(1), reel(2)])
    const input = document.body.appendChild(document.createElement('input'))
    key('ArrowDown', input)
    expect(current()).toHaveTextContent('Clip 1')
    input.remove()
    const layer = dialogStack.getState().open(1)
    key('ArrowDown')
    expect(current()).toHaveTextContent('Clip 1')
    dialogStack.getState().close(layer)
    key('ArrowDown')
    expect(current()).toHaveTextContent('Clip 2')
  })

  it("opens the post's comments from the side, and a visit opened at a reel reads it first", async () => {
    const start = reel(9)
    const { harness } = await (async () => {
      const harness = createHarness({ snapshot: signedIn() })
      harness.services.posts.byId.mockResolvedValue(start)
      harness.services.reels.page.mockResolvedValue({ items: [reel(1)], next: null })
      renderWith(<ReelsView startId={start.id} />, harness)
      await screen.findAllByTestId('reel')
      return { harness }
    })()
    expect(harness.services.posts.byId).toHaveBeenCalledWith(start.id)
    expect(current()).toHaveTextContent('Clip 9')
    fireEvent.click(screen.getAllByRole('button', { name: 'Comment' })[0])
    expect(harness.stores.router.getState().route).toEqual({ name: 'post', postId: start.id })
  })

  it('opened at a reel the visit already holds, shows it without reading again', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.reels.page.mockResolvedValue({ items: [reel(1), reel(2)], next: null })
    const view = renderWith(<ReelsView startId={null} />, harness)
    await screen.findAllByTestId('reel')
    view.rerender(
      <StoresProvider stores={harness.stores}>
        <ReelsView startId="reel-2" />
      </StoresProvider>
    )
    await waitFor(() => expect(current()).toHaveTextContent('Clip 2'))
    expect(harness.services.reels.page).toHaveBeenCalledTimes(1)
    expect(harness.services.posts.byId).not.toHaveBeenCalled()
  })

  it("holds a reel with a muted word behind the feed's placeholder, unplayed, until Show", async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.stores.controls.setState({ words: { mute: ['spoiler'], hide_comments: [] } })
    const hidden = { ...reel(1), caption: 'The finale SPOILER' }
    harness.services.reels.page.mockResolvedValue({ items: [hidden, reel(2)], next: null })
    renderWith(<ReelsView startId={null} />, harness)
    await screen.findAllByTestId('reel')
    expect(current()).toHaveAccessibleName('Hidden post by sam')
    expect(current()).toHaveTextContent('Post hidden because it contains a muted word.')
    // Neither its clip nor its caption is on the page; the next reel is still there to move to.
    const videos = (): HTMLVideoElement[] => screen.queryAllByTestId<HTMLVideoElement>('reel-video')
    expect(videos().map((video) => video.src)).toEqual(['https://example.test/videos/2.webm'])
    expect(videos()[0].paused).toBe(true)
    expect(screen.queryByText('The finale SPOILER')).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    expect(current()).toHaveAccessibleName('Reel by sam')
    expect(current()).toHaveTextContent('The finale SPOILER')
    await waitFor(() => expect(videos()[0].paused).toBe(false))
  })

  it('has a CC button on a reel with captions that hides and shows them', async () => {
    const captioned: Post = {
      ...reel(1),
      post_images: [
        {
          post_id: 'reel-1',
          position: 0,
          image_url: 'https://example.test/1.jpg',
          thumb_url: null,
          width: 1080,
          height: 1920,
          placeholder: null,
          alt_text: null,
          video_url: 'https://example.test/videos/1.webm',
          captions_url: 'https://example.test/videos/1.vtt'
        }
      ]
    }
    await showReels([captioned, reel(2)])
    const [first] = screen.getAllByTestId('reel')
    const track = first.querySelector('track')!
    expect(track.src).toBe('https://example.test/videos/1.vtt')
    const hide = within(first).getByRole('button', { name: 'Hide captions' })
    expect(hide).toHaveAttribute('aria-pressed', 'true')
    fireEvent.click(hide)
    expect(within(first).getByRole('button', { name: 'Show captions' })).toHaveAttribute(
      'aria-pressed',
      'false'
    )
    // The reel without captions has no CC button.
    expect(screen.getAllByRole('button', { name: /captions/ })).toHaveLength(1)
  })

  it('says when there are no reels, and offers Try again when they could not be read', async () => {
    const harness = createHarness()
    harness.services.reels.page.mockRejectedValueOnce(new Error("Couldn't load Reels"))
    renderWith(<ReelsView startId={null} />, harness)
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load Reels.")
    harness.services.reels.page.mockResolvedValueOnce({ items: [], next: null })
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('No reels yet')).toBeInTheDocument()
  })
})
