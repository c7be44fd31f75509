import { act, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StoryStripEntry } from '@shared/domain'
import { createHarness, renderWith, signedIn } from '../../testing/fakes'
import { StoryViewer } from '../StoryViewer/StoryViewer'
import { StoriesStrip } from './StoriesStrip'

const entry = (username: string, hasUnseen: boolean, userId = username): StoryStripEntry => ({
  user_id: userId,
  username,
  full_name: null,
  avatar_url: null,
  has_unseen: hasUnseen,
  story_count: 1,
  latest_at: '2026-11-23T10:00:00Z'
})

describe('StoriesStrip', () => {
  it('shows a visitor the 8 sample stories; one opens the sample viewer and greys its ring', async () => {
    // The story viewer is where the app has it, beside the strip.
    renderWith(
      <>
        <StoriesStrip />
        <StoryViewer />
      </>,
      createHarness()
    )
    const bubbles = screen.getAllByRole('listitem')
    expect(bubbles).toHaveLength(8)
    const name = (bubbles[0].getAttribute('aria-label') ?? '').replace(/'s story$/, '')
    fireEvent.click(screen.getByRole('button', { name: `${name}'s story` }))
    // The viewer's code loads on the first open.
    const viewer = await screen.findByRole('dialog', { name: `Stories by ${name}` })
    expect(viewer).toContainElement(screen.getByRole('img', { name: `Sample story 1 by ${name}` }))
    fireEvent.keyDown(viewer, { key: 'ArrowRight' })
    expect(screen.getByRole('img', { name: `Sample story 2 by ${name}` })).toBeInTheDocument()
    fireEvent.keyDown(viewer, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('listitem', { name: `${name}'s story, viewed` })).toBeInTheDocument()
  })

  it('draws a grey ring for viewed sample stories and a gradient ring for the rest', () => {
    const user = { id: 'u', username: 'someone', fullName: 'Some One', avatar: 'data:,' }
    renderWith(
      <StoriesStrip
        samples={[
          { id: 'a', user, hasViewed: false },
          { id: 'b', user: { ...user, username: 'other' }, hasViewed: true }
        ]}
      />,
      createHarness()
    )
    const [unviewed, viewed] = screen.getAllByTestId('story-ring')
    expect(unviewed).toHaveClass('ring--unviewed')
    expect(viewed).toHaveClass('ring--viewed')
    expect(screen.getByRole('listitem', { name: "other's story, viewed" })).toHaveTextContent(
      'other'
    )
  })

  it('signed in with no real stories: "Your story" to post, then the samples', () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<StoriesStrip />, harness)
    expect(screen.getAllByRole('listitem')).toHaveLength(9)
    fireEvent.click(screen.getByRole('button', { name: 'Add to your story' }))
    expect(harness.stores.ui.getState().modal).toBe('story')
  })

  it('with real stories: own bubble first, then followed people by ring, no samples', () => {
    const harness = createHarness({ snapshot: signedIn() })
    const me = harness.stores.session.getState().snapshot.user!.id
    harness.stores.stories.setState({
      strip: [entry('me', true, me), entry('ann', true), entry('ben', false)],
      stripLoaded: true
    })
    renderWith(<StoriesStrip />, harness)
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
    const rings = screen.getAllByTestId('story-ring')
    expect(rings.map((ring) => ring.className)).toEqual([
      expect.stringContaining('ring--unviewed'),
      expect.stringContaining('ring--unviewed'),
      expect.stringContaining('ring--viewed')
    ])
    fireEvent.click(screen.getByRole('button', { name: "ben's story, viewed" }))
    expect(harness.services.stories.fetchUserStories).toHaveBeenCalledWith('ben', me)
    fireEvent.click(screen.getByRole('button', { name: 'Add another story' }))
    expect(harness.stores.ui.getState().modal).toBe('story')
  })
})

/**
 * jsdom lays nothing out: the tray gets the width of the 470 px feed column's card, and its row
 * the width the browser would give its bubbles at the gap and padding the strip set on it.
 */
function layOutTray(viewport = 468): { scrollTo: ReturnType<typeof vi.fn> } {
  const isTray = (node: HTMLElement): boolean => node.tagName === 'UL'
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
    this: HTMLElement
  ) {
    return isTray(this) ? viewport : 0
  })
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (
    this: HTMLElement
  ) {
    if (!isTray(this)) return 0
    const gap = parseFloat(this.style.getPropertyValue('--story-gap'))
    const padding = parseFloat(this.style.getPropertyValue('--story-padding'))
    const count = this.children.length
    return Math.max(viewport, 2 * padding + count * 66 + (count - 1) * gap)
  })
  const scrollTo = vi.fn(function (this: HTMLElement, options: ScrollToOptions) {
    this.scrollLeft = options.left ?? 0
    this.dispatchEvent(new Event('scroll'))
  })
  // jsdom has no Element.scrollTo.
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', { value: scrollTo, configurable: true })
  return { scrollTo }
}

describe('StoriesStrip: the tray’s arrows', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    delete (HTMLElement.prototype as { scrollTo?: unknown }).scrollTo
  })

  const arrow = (name: 'Next stories' | 'Previous stories') =>
    screen.queryByRole('button', { name })

  it('spreads the bubbles so six show whole, and offers only Next at the start', () => {
    layOutTray()
    renderWith(<StoriesStrip />, createHarness())
    const tray = screen.getByRole('list')
    expect(tray.style.getPropertyValue('--story-gap')).toBe('11px')
    expect(tray.style.getPropertyValue('--story-padding')).toBe('8.5px')
    expect(arrow('Next stories')).toBeInTheDocument()
    expect(arrow('Previous stories')).toBeNull()
  })

  it('pages a whole number of bubbles at a time and hides each arrow at its end', async () => {
    const { scrollTo } = layOutTray()
    const harness = createHarness({ snapshot: signedIn() })
    harness.stores.stories.setState({
      strip: Array.from({ length: 14 }, (_, index) => entry(`friend${index}`, true)),
      stripLoaded: true
    })
    renderWith(<StoriesStrip />, harness)
    const user = userEvent.setup()
    // Your story and 14 friends: 15 bubbles of 66 px, 77 px apart, 6 to a page.
    await user.click(arrow('Next stories')!)
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 6 * 77 }))
    expect(arrow('Previous stories')).toBeInTheDocument()
    await user.click(arrow('Next stories')!)
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 9 * 77 }))
    expect(arrow('Next stories')).toBeNull()
    await user.click(arrow('Previous stories')!)
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 3 * 77 }))
    await user.click(arrow('Previous stories')!)
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 0 }))
    expect(arrow('Previous stories')).toBeNull()
  })

  it('is worked from the keyboard: focus passes to the other arrow when one reaches its end', async () => {
    layOutTray()
    renderWith(<StoriesStrip />, createHarness())
    const user = userEvent.setup()
    const next = arrow('Next stories')!
    act(() => next.focus())
    await user.keyboard('{Enter}')
    expect(arrow('Next stories')).toBeNull()
    expect(arrow('Previous stories')).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(arrow('Next stories')).toHaveFocus()
  })

  it('shows no arrows when every bubble fits', () => {
    layOutTray()
    const harness = createHarness({ snapshot: signedIn() })
    harness.stores.stories.setState({ strip: [entry('ann', true)], stripLoaded: true })
    renderWith(<StoriesStrip />, harness)
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    expect(arrow('Next stories')).toBeNull()
    expect(arrow('Previous stories')).toBeNull()
  })
})
