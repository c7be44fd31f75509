// The end of the Following feed: "You're all caught up", then suggested posts from Explore's
// first page; the For you feed, which already shows everyone, ends without them.

import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createHarness, makePost, renderWith, signedIn } from '../../testing/fakes'
import { FeedView } from './FeedView'

describe('CaughtUp', () => {
  it('ends the Following feed with the marker and suggested posts from Explore', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.followingFeed.fetchPage.mockResolvedValue([makePost(), makePost()])
    const suggested = makePost({ caption: 'A stranger’s harbour' })
    harness.services.explore.page.mockResolvedValue({ items: [suggested], next: null })
    renderWith(<FeedView tab="following" />, harness)
    expect(await screen.findByRole('heading', { name: "You're all caught up" })).toBeInTheDocument()
    expect(screen.getByText("You've seen all new posts from people you follow.")).toBeVisible()
    const grid = await screen.findByRole('list', { name: 'Suggested posts' })
    expect(within(grid).getByRole('img', { name: 'A stranger’s harbour' })).toBeInTheDocument()
    expect(harness.services.explore.page).toHaveBeenCalledWith({ after: null })
    await userEvent.setup().click(screen.getByRole('button', { name: 'See more in Explore' }))
    expect(harness.stores.router.getState().route).toEqual({ name: 'explore' })
  })

  it('waits for the last page before saying so, and For you has no marker', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    // A full page: another may follow, so the reader is not caught up yet.
    const page = Array.from({ length: 12 }, () => makePost())
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
