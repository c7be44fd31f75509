import { act, createEvent, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Post, PostImage } from '@shared/domain'
import {
  createHarness,
  makePost,
  openInPostView,
  renderWith,
  showInFeed,
  type Harness
} from '../../testing/fakes'
import { PostView } from '../PostView/PostView'
import { syncOpenPost } from '../../navigation/postRoute'

// jsdom lays nothing out: the viewer's stage gets a window-sized box so zoom and pan have room.
const box = { width: 1000, height: 800 }
beforeAll(() => {
  const sized = { configurable: true }
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { ...sized, get: () => box.width })
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { ...sized, get: () => box.height })
})
afterAll(() => {
  // Element.prototype's own getters (zero in jsdom) show through again.
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight
})

function photo(post: Pick<Post, 'id'>, position: number, alt: string | null): PostImage {
  return {
    post_id: post.id,
    position,
    image_url: `https://example.test/${post.id}/${position}.jpg`,
    thumb_url: null,
    width: 1500,
    height: 1000,
    placeholder: null,
    alt_text: alt
  }
}

/** A three-photo post (the middle one without alt text) between two others, open in the post view. */
function openCarousel(): { harness: Harness; post: Post; before: Post; after: Post } {
  const harness = createHarness()
  const before = makePost({ caption: 'The one before' })
  const after = makePost({ caption: 'The one after' })
  const post = makePost({ caption: 'Three in a row' })
  post.post_images = [photo(post, 0, 'a red door'), photo(post, 1, null), photo(post, 2, 'a cat')]
  harness.stores.posts.getState().put([before, after])
  openInPostView(harness.stores, post, { siblings: [before.id, post.id, after.id] })
  renderWith(<PostView />, harness)
  return { harness, post, before, after }
}

const viewer = (): HTMLElement => screen.getByRole('dialog', { name: 'Photo viewer' })
const viewerImage = (): HTMLElement => within(viewer()).getByRole('img')

async function openViewer(): Promise<HTMLElement> {
  await userEvent.click(screen.getByRole('button', { name: 'View full screen' }))
  return screen.findByRole('dialog', { name: 'Photo viewer' })
}

describe('PhotoViewer', () => {
  it('opens from the post view’s button on the shown photo, as a focused modal dialog', async () => {
    openCarousel()
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }))
    const dialog = await openViewer()
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toHaveFocus()
    expect(within(dialog).getByText('2 of 3')).toBeInTheDocument()
    // The photo without alt text is described by the caption.
    expect(viewerImage()).toHaveAttribute('alt', 'Three in a row')
  })

  it('opens with f, moves through the photos and on to the next post with →', async () => {
    const { harness, after } = openCarousel()
    await userEvent.keyboard('f')
    await screen.findByRole('dialog', { name: 'Photo viewer' })
    expect(viewerImage()).toHaveAttribute('alt', 'a red door')
    await userEvent.keyboard('{ArrowRight}{ArrowRight}')
    expect(within(viewer()).getByText('3 of 3')).toBeInTheDocument()
    expect(viewerImage()).toHaveAttribute('alt', 'a cat')
    expect(within(viewer()).getByRole('button', { name: 'Next post' })).toBeInTheDocument()
    await userEvent.keyboard('{ArrowRight}')
    expect(harness.stores.router.getState().route).toMatchObject({
      name: 'post',
      postId: after.id
    })
  })

  it('opens with Enter on the focused carousel', async () => {
    openCarousel()
    screen.getByRole('group', { name: 'Photos, 1 of 3' }).focus()
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByRole('dialog', { name: 'Photo viewer' })).toBeInTheDocument()
  })

  it('goes back through the photos, then to the previous post', async () => {
    const { harness, before } = openCarousel()
    await openViewer()
    expect(within(viewer()).getByRole('button', { name: 'Previous post' })).toBeInTheDocument()
    await userEvent.keyboard('{ArrowLeft}')
    expect(harness.stores.router.getState().route).toMatchObject({ postId: before.id })
  })

  it('zooms with + and 0, and while zoomed the arrows pan instead of moving on', async () => {
    openCarousel()
    await openViewer()
    // 1500 x 1000 fitted in 1000 x 800: 1000 x 666.7 px.
    expect(viewerImage().style.width).toBe('1000px')
    expect(viewerImage().style.transform).toBe('translate(0px, 0px) scale(1)')
    await userEvent.keyboard('+')
    expect(viewerImage().style.transform).toBe('translate(0px, 0px) scale(1.5)')
    await userEvent.keyboard('{ArrowLeft}')
    expect(viewerImage().style.transform).toBe('translate(80px, 0px) scale(1.5)')
    expect(within(viewer()).getByText('1 of 3')).toBeInTheDocument()
    await userEvent.keyboard('-')
    expect(viewerImage().style.transform).toMatch(/scale\(1\)$/)
    await userEvent.keyboard('=0')
    expect(viewerImage().style.transform).toBe('translate(0px, 0px) scale(1)')
  })

  it('glides to a new zoom on a key, and jumps there when motion is reduced', async () => {
    openCarousel()
    await openViewer()
    await userEvent.keyboard('+')
    expect(viewerImage()).toHaveClass('image--animated')
    document.documentElement.dataset.motion = 'reduce'
    try {
      await userEvent.keyboard('+')
      expect(viewerImage().style.transform).toMatch(/scale\(2\.25\)$/)
      expect(viewerImage()).not.toHaveClass('image--animated')
    } finally {
      delete document.documentElement.dataset.motion
    }
  })

  it('zooms around the pointer with the wheel and toggles with a double-click', async () => {
    openCarousel()
    await openViewer()
    const stage = screen.getByTestId('photo-viewer-stage')
    act(() => {
      stage.dispatchEvent(new WheelEvent('wheel', { deltaY: -200, clientX: 0, clientY: 0 }))
    })
    // jsdom's stage rect is at 0,0 with no size, so the pointer is at the centre.
    expect(viewerImage().style.transform).toMatch(/scale\(1\.49/)
    fireEvent.doubleClick(stage, { clientX: 0, clientY: 0 })
    expect(viewerImage().style.transform).toBe('translate(0px, 0px) scale(1)')
    fireEvent.doubleClick(stage, { clientX: 0, clientY: 0 })
    expect(viewerImage().style.transform).toBe('translate(0px, 0px) scale(2.5)')
  })

  it('toggles zoom with a double-tap on a touch screen, once, at the tapped point', async () => {
    openCarousel()
    await openViewer()
    const stage = screen.getByTestId('photo-viewer-stage')
    let id = 0
    /** A tap at `at` ms: a touch pointer going down and up at (x, y). */
    const tap = (at: number, x = 0, y = 0, pointerType = 'touch'): void => {
      id += 1
      for (const type of ['pointerdown', 'pointerup']) {
        // jsdom has no PointerEvent: a mouse event carrying a pointer's fields, as React reads them.
        const event = new MouseEvent(type, { bubbles: true, clientX: x, clientY: y, button: 0 })
        Object.defineProperties(event, {
          pointerId: { value: id },
          pointerType: { value: pointerType },
          timeStamp: { value: at }
        })
        act(() => void stage.dispatchEvent(event))
      }
    }
    const transform = (): string => viewerImage().style.transform

    // Too slow, too far apart, or a mouse: not a double-tap.
    tap(1000)
    tap(1400)
    tap(2000, 0, 0)
    tap(2100, 80, 0)
    tap(3000, 0, 0, 'mouse')
    tap(3100, 0, 0, 'mouse')
    expect(transform()).toBe('translate(0px, 0px) scale(1)')

    // Two taps at nearly one point: 2.5x around it (jsdom's stage is at 0,0 with no size, so
    // the point is its distance from the centre); the browser's own dblclick for them is the
    // same gesture and does not zoom back out.
    tap(4000, 100, 40)
    tap(4200, 104, 42)
    expect(transform()).toBe('translate(-156px, -63px) scale(2.5)')
    const doubleClick = createEvent.dblClick(stage, { clientX: 104, clientY: 42 })
    Object.defineProperty(doubleClick, 'timeStamp', { value: 4250 })
    fireEvent(stage, doubleClick)
    expect(transform()).toBe('translate(-156px, -63px) scale(2.5)')
    // Again: back to fitted, as a double-click does.
    tap(5000, 104, 42)
    tap(5150, 104, 42)
    expect(transform()).toBe('translate(0px, 0px) scale(1)')
  })

  it('closes on Escape, hands focus back to the button, and the post view shows the same photo', async () => {
    openCarousel()
    await openViewer()
    await userEvent.keyboard('{ArrowRight}{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Photo viewer' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'View full screen' })).toHaveFocus()
    expect(screen.getByRole('group', { name: 'Photos, 2 of 3' })).toBeInTheDocument()
    // Escape closed only the viewer; the post stays open.
    expect(screen.getByRole('dialog', { name: /Post by/ })).toBeInTheDocument()
  })

  /**
   * The viewer went on to the next post and back: the post view reads the carousel's post again
   * (the viewer shows it at once from the posts store), and Escape comes before the answer,
   * while the post view draws "Loading…" and no button. Returns the answer to give.
   */
  async function closedBackBeforeTheAnswer(): Promise<() => Promise<void>> {
    const { harness, post, before, after } = openCarousel()
    // Opened from the feed, which holds the three posts in the posts store.
    showInFeed(harness.stores, [before, post, after])
    let answer: (post: Post) => void = () => undefined
    harness.services.posts.byId.mockImplementation(async (id) =>
      id === post.id ? new Promise<Post>((resolve) => (answer = resolve)) : after
    )
    // The route opens the post, as the app does (App.tsx).
    harness.stores.router.subscribe(({ route }) => syncOpenPost(harness.stores, route))
    await openViewer()
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}')
    expect(viewerImage()).toHaveAttribute('alt', 'The one after')
    await userEvent.keyboard('{ArrowLeft}')
    expect(within(viewer()).getByText('3 of 3')).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Photo viewer' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'View full screen' })).not.toBeInTheDocument()
    return () => act(async () => answer(post))
  }

  it('hands focus back to the button once the post it came back to has loaded', async () => {
    const answer = await closedBackBeforeTheAnswer()
    await answer()
    expect(screen.getByRole('group', { name: 'Photos, 3 of 3' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'View full screen' })).toHaveFocus()
  })

  it('leaves focus where the reader put it while that post loaded', async () => {
    const answer = await closedBackBeforeTheAnswer()
    const close = screen.getByRole('button', { name: 'Close' })
    close.focus()
    await answer()
    expect(screen.getByRole('button', { name: 'View full screen' })).toBeInTheDocument()
    expect(close).toHaveFocus()
  })

  it('keeps Tab inside and closes with its Close button', async () => {
    openCarousel()
    await openViewer()
    const close = within(viewer()).getByRole('button', { name: 'Close' })
    const buttons = within(viewer()).getAllByRole('button')
    buttons[buttons.length - 1].focus()
    await userEvent.tab()
    expect(buttons[0]).toHaveFocus()
    await userEvent.click(close)
    expect(screen.queryByRole('dialog', { name: 'Photo viewer' })).not.toBeInTheDocument()
  })

  it('shows the ALT badge with the photo’s description, in the post view and the viewer', async () => {
    openCarousel()
    const inPost = screen.getByRole('button', { name: 'ALT' })
    expect(inPost).toHaveAccessibleDescription('a red door')
    await openViewer()
    const badge = within(viewer()).getByRole('button', { name: 'ALT' })
    expect(badge).toHaveAccessibleDescription('a red door')
    // The photo without alt text has no badge.
    await userEvent.keyboard('{ArrowRight}')
    expect(within(viewer()).queryByRole('button', { name: 'ALT' })).not.toBeInTheDocument()
  })
})

describe('PhotoViewer and the carousel in right-to-left text', () => {
  afterEach(() => document.documentElement.removeAttribute('dir'))

  /** A pointer going down at x1 and up at x2 (jsdom has no PointerEvent, as above). */
  function swipe(stage: HTMLElement, from: number, to: number): void {
    for (const [type, x] of [
      ['pointerdown', from],
      ['pointerup', to]
    ] as const) {
      const event = new MouseEvent(type, { bubbles: true, clientX: x, clientY: 300, button: 0 })
      Object.defineProperties(event, {
        pointerId: { value: 7 },
        pointerType: { value: 'touch' }
      })
      act(() => void stage.dispatchEvent(event))
    }
  }

  it('← moves on and → goes back, in the carousel, the viewer and between posts', async () => {
    document.documentElement.dir = 'rtl'
    const { harness, after } = openCarousel()
    screen.getByRole('group', { name: 'Photos, 1 of 3' }).focus()
    await userEvent.keyboard('{ArrowLeft}')
    expect(screen.getByRole('group', { name: 'Photos, 2 of 3' })).toBeInTheDocument()
    await userEvent.keyboard('{ArrowRight}{ArrowLeft}')
    await openViewer()
    await userEvent.keyboard('{ArrowLeft}')
    expect(within(viewer()).getByText('3 of 3')).toBeInTheDocument()
    await userEvent.keyboard('{ArrowRight}')
    expect(within(viewer()).getByText('2 of 3')).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' })
    expect(harness.stores.router.getState().route).toMatchObject({ postId: after.id })
  })

  it('a swipe to the right brings the next photo, one to the left the previous', async () => {
    document.documentElement.dir = 'rtl'
    openCarousel()
    await openViewer()
    const stage = screen.getByTestId('photo-viewer-stage')
    swipe(stage, 300, 600)
    expect(within(viewer()).getByText('2 of 3')).toBeInTheDocument()
    swipe(stage, 600, 300)
    expect(within(viewer()).getByText('1 of 3')).toBeInTheDocument()
  })

  it('keeps → moving on in left-to-right text', async () => {
    openCarousel()
    await openViewer()
    swipe(screen.getByTestId('photo-viewer-stage'), 600, 300)
    expect(within(viewer()).getByText('2 of 3')).toBeInTheDocument()
  })

  it('does not zoom a clip’s slide: wheel, double-click and + leave it fitted, → moves on', async () => {
    const harness = createHarness()
    const post = makePost({ caption: 'Photo, clip, photo' })
    const clip = {
      ...photo(post, 1, null),
      video_url: `https://example.test/${post.id}/1.webm`,
      duration_ms: 4000
    }
    post.post_images = [photo(post, 0, 'a red door'), clip, photo(post, 2, 'a cat')]
    openInPostView(harness.stores, post, { siblings: [post.id] })
    renderWith(<PostView />, harness)
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }))
    await openViewer()
    expect(within(viewer()).getByText('2 of 3')).toBeInTheDocument()
    await within(viewer()).findByTestId('feed-video')
    const stage = screen.getByTestId('photo-viewer-stage')
    const wheel = new WheelEvent('wheel', {
      deltaY: -200,
      clientX: 0,
      clientY: 0,
      cancelable: true
    })
    act(() => {
      stage.dispatchEvent(wheel)
    })
    fireEvent.doubleClick(stage, { clientX: 0, clientY: 0 })
    await userEvent.keyboard('++')
    // Were any of them a zoom, → would pan the clip rather than move on.
    await userEvent.keyboard('{ArrowRight}')
    expect(within(viewer()).getByText('3 of 3')).toBeInTheDocument()
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(within(viewer()).getByText('1 of 3')).toBeInTheDocument()
    // The photo still zooms.
    await userEvent.keyboard('+')
    expect(viewerImage().style.transform).not.toBe('translate(0px, 0px) scale(1)')
  })
})
