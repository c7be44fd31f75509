import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { ReactElement } from 'react'
import { useLiveUpdates } from '../../live/useLiveUpdates'
import { createHarness, makePost, renderWith, signedIn } from '../../testing/fakes'
import { NewPostsPill } from './NewPostsPill'

/** The pill with the live channels connected, as the app has them. */
function LivePill(): ReactElement | null {
  useLiveUpdates()
  return <NewPostsPill />
}

describe('New posts pill', () => {
  it('appears when someone else posts, and a click scrolls up and shows their post', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const shown = makePost()
    harness.services.feed.fetchPage.mockResolvedValue([shown])
    await harness.stores.feed.getState().load()
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
    renderWith(<LivePill />, harness)
    expect(screen.queryByRole('button', { name: 'New posts' })).not.toBeInTheDocument()

    const fresh = makePost({ user_id: 'user-2' })
    harness.services.feed.fetchNewer.mockResolvedValue([fresh])
    harness.services.live.insertPost(fresh)
    await userEvent.setup().click(await screen.findByRole('button', { name: 'New posts' }))

    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' })
    await vi.waitFor(() => expect(harness.stores.feed.getState().ids).toEqual([fresh.id, shown.id]))
    expect(screen.queryByRole('button', { name: 'New posts' })).not.toBeInTheDocument()
  })
})
