import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHarness, deferred, makePost, renderWith, signedIn } from '../../testing/fakes'
import { FeedView } from './FeedView'

afterEach(() => vi.restoreAllMocks())

describe('FeedView', () => {
  it('shows 3 placeholder cards while loading', () => {
    const harness = createHarness()
    harness.services.feed.fetchPage.mockReturnValue(deferred().promise)
    renderWith(<FeedView />, harness)
    const loading = screen.getByRole('status', { name: 'Loading posts' })
    expect(within(loading).getAllByTestId('post-skeleton')).toHaveLength(3)
  })

  it("shows 'No posts yet' / 'Be the first to share a moment!' when there are none", async () => {
    renderWith(<FeedView />, createHarness())
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument()
    expect(screen.getByText('Be the first to share a moment!')).toBeInTheDocument()
  })

  it('shows the empty state when the read fails (logged only)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const harness = createHarness()
    harness.services.feed.fetchPage.mockRejectedValue(new Error('down'))
    renderWith(<FeedView />, harness)
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument()
  })

  it('lists the posts with a staggered fade-in', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.feed.fetchPage.mockResolvedValue([makePost(), makePost(), makePost()])
    renderWith(<FeedView />, harness)
    const cards = await screen.findAllByRole('article')
    expect(cards.map((card) => card.style.animationDelay)).toEqual(['0.0s', '0.1s', '0.2s'])
  })

  it('shows a post created meanwhile in place of the empty state, without reading again', async () => {
    const harness = createHarness()
    renderWith(<FeedView />, harness)
    await screen.findByRole('heading', { name: 'No posts yet' })
    act(() => harness.stores.feed.getState().postCreated(makePost()))
    expect(await screen.findByRole('article')).toBeInTheDocument()
    expect(harness.services.feed.fetchPage).toHaveBeenCalledTimes(1)
  })

  it('points an empty Following feed to people to follow, not to "Be the first to share"', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.people.fetchSuggestions.mockResolvedValue([
      {
        id: 'ana-1',
        username: 'ana',
        full_name: 'Ana',
        avatar_url: null,
        followers_count: 3,
        followed_by_count: 0
      }
    ])
    renderWith(<FeedView tab="following" />, harness)
    expect(
      await screen.findByRole('heading', { name: 'Find people to follow' })
    ).toBeInTheDocument()
    expect(screen.queryByText('Be the first to share a moment!')).not.toBeInTheDocument()
    const suggested = await screen.findByRole('list', { name: 'Suggested people' })
    expect(within(suggested).getByRole('button', { name: 'Follow ana' })).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'See all suggestions' }))
    expect(harness.stores.router.getState().route).toEqual({ name: 'suggestions' })
  })

  it('shows the stories strip and the side panel', async () => {
    renderWith(<FeedView />, createHarness())
    expect(screen.getByRole('region', { name: 'Stories' })).toBeInTheDocument()
    expect(screen.getByRole('complementary', { name: 'Suggestions' })).toBeInTheDocument()
    await screen.findByRole('heading', { name: 'No posts yet' })
  })
})

describe('FeedView: long feeds', () => {
  it('mounts only the cards near the viewport, however many posts are loaded', async () => {
    const harness = createHarness()
    const posts = Array.from({ length: 200 }, () => makePost({ width: 1080, height: 1350 }))
    harness.services.feed.fetchPage.mockResolvedValue(posts)
    renderWith(<FeedView />, harness)
    const cards = await screen.findAllByRole('article')
    expect(cards.length).toBeGreaterThan(0)
    expect(cards.length).toBeLessThan(10)
  })

  it('renders an old post without dimensions as a square, and a new one at its own ratio', async () => {
    const harness = createHarness()
    const old = makePost({ caption: 'old one' })
    const sized = makePost({ caption: 'new one', width: 1080, height: 720, placeholder: null })
    harness.services.feed.fetchPage.mockResolvedValue([sized, old])
    renderWith(<FeedView />, harness)
    const [first, second] = await screen.findAllByTestId('post-media')
    expect(first.style.aspectRatio).toBe('1080 / 720')
    expect(within(first).getByRole('img', { name: 'new one' })).toHaveAttribute('width', '1080')
    expect(second.style.aspectRatio).toBe('')
    expect(within(second).getByRole('img', { name: 'old one' })).toHaveAttribute(
      'src',
      old.image_url
    )
  })
})
