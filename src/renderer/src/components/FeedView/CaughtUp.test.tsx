// The Following feed's "You're all caught up": right after the last post of the past 3 days the
// reader had not seen, then suggested posts from Explore's first page and "Older posts" over the
// rest; the For you feed, which already shows everyone, has no marker.

import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createHarness, makePost, renderWith, signedIn } from '../../testing/fakes'
import { FeedView } from './FeedView'

describe('CaughtUp', () => {
  it('comes right after the last unseen post of the window, older posts below', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const hoursAgo = (hours: number): string =>
      new Date(Date.now() - hours * 3600_000).toISOString()
    harness.services.followingFeed.fetchPage.mockResolvedValue([
      makePost({ caption: 'New one', seen: false, created_at: hoursAgo(1) }),
      makePost({ caption: 'Seen one', seen: true, created_at: hoursAgo(2) }),
      makePost({ caption: 'Last new one', seen: false, created_at: hoursAgo(3) }),
      makePost({ caption: 'Seen too', seen: true, created_at: hoursAgo(4) }),
      makePost({ caption: 'Older unseen', seen: false, created_at: hoursAgo(80) })
    ])
    renderWith(<FeedView tab="following" />, harness)
    const marker = await screen.findByRole('heading', { name: "You're all caught up" })
    expect(screen.getByText("You've seen all new posts from the past 3 days.")).toBeVisible()
    // The list mounts the cards near the viewport: the first three here.
    const articles = screen.getAllByRole('article')
    const follows = (a: Node, b: Node): boolean =>
      (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
    expect(within(articles[2]).getByText('Last new one')).toBeInTheDocument()
    expect(follows(articles[2], marker)).toBe(true)
    expect(follows(articles[1], marker)).toBe(true)
    const older = screen.getByRole('heading', { name: 'Older posts' })
    expect(follows(marker, older)).toBe(true)
  })

  it('comes first when every new post was seen, and closes a feed of new posts', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.followingFeed.fetchPage.mockResolvedValue([
      makePost({ seen: true }),
      makePost({ seen: true })
    ])
    renderWith(<FeedView tab="following" />, harness)
    const marker = await screen.findByRole('heading', { name: "You're all caught up" })
    const [first] = screen.getAllByRole('article')
    expect(marker.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Older posts' })).toBeInTheDocument()
  })

  it('shows suggested posts from Explore after the marker', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.followingFeed.fetchPage.mockResolvedValue([
      makePost({ seen: false }),
      makePost({ seen: false })
    ])
    const suggested = makePost({ caption: 'A stranger’s harbour' })
    harness.services.explore.page.mockResolvedValue({ items: [suggested], next: null })
    renderWith(<FeedView tab="following" />, harness)
    expect(await screen.findByRole('heading', { name: "You're all caught up" })).toBeInTheDocument()
    // Everything is new and the feed has ended: nothing older below.
    expect(screen.queryByRole('heading', { name: 'Older posts' })).toBeNull()
    const grid = await screen.findByRole('list', { name: 'Suggested posts' })
    expect(within(grid).getByRole('img', { name: 'A stranger’s harbour' })).toBeInTheDocument()
    expect(harness.services.explore.page).toHaveBeenCalledWith({ after: null })
    await userEvent.setup().click(screen.getByRole('button', { name: 'See more in Explore' }))
    expect(harness.stores.router.getState().route).toEqual({ name: 'explore' })
  })

  it('waits for the last page before saying so, and For you has no marker', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    // A full page: another may follow, so the reader is not caught up yet.
    const page = Array.from({ length: 12 }, () => makePost({ seen: false }))
    harness.services.followingFeed.fetchPage.mockResolvedValue(page)
    harness.services.feed.fetchPage.mockResolvedValue([makePost()])
    const { unmount } = renderWith(<FeedView tab="following" />, harness)
    await screen.findAllByRole('article')
    expect(screen.queryByRole('heading', { name: "You're all caught up" })).toBeNull()
    unmount()
    renderWith(<FeedView />, harness)
    await screen.findAllByRole('article')
    expect(screen.queryByRole('heading', { name: "You're all caught up" })).toBeNull()
    expect(harness.services.explore.page).not.toHaveBeenCalled()
  })
})
