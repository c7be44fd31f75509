// A profile's Reels tab on the fakes: the person's video posts as tiles, a tile opening Reels at
// that reel; the empty state in the owner's and a visitor's words; a failure with Try again.

import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createHarness, makePost, renderWith } from '../../testing/fakes'
import { ReelsGrid } from './ReelsGrid'

const video = (n: number) =>
  makePost({
    id: `clip-${n}`,
    caption: `Clip ${n}`,
    video_url: `https://example.test/videos/${n}.webm`,
    duration_ms: 3000,
    media_type: 'video'
  })

describe('ReelsGrid', () => {
  it("lists the person's video posts; a tile opens Reels at that reel", async () => {
    const harness = createHarness()
    harness.services.reels.ofProfile.mockResolvedValueOnce({
      items: [video(1), video(2)],
      next: null
    })
    renderWith(<ReelsGrid profileId="user-2" username="sam" own={false} />, harness)
    const grid = await screen.findByRole('list', { name: 'Reels of sam' })
    expect(harness.services.reels.ofProfile).toHaveBeenCalledWith('user-2', { after: null })
    expect(grid.querySelectorAll('li')).toHaveLength(2)
    fireEvent.click(screen.getAllByRole('button')[1])
    expect(harness.stores.router.getState().route).toEqual({ name: 'reels', postId: 'clip-2' })
  })

  it('says when there are none, in the owner’s words or a visitor’s', async () => {
    const harness = createHarness()
    const { unmount } = renderWith(<ReelsGrid profileId="me" username="jane" own />, harness)
    expect(await screen.findByText('No reels yet')).toBeInTheDocument()
    expect(screen.getByText('Videos you share appear here.')).toBeInTheDocument()
    unmount()
    renderWith(<ReelsGrid profileId="user-2" username="sam" own={false} />, harness)
    expect(
      await screen.findByText("When sam shares videos, they'll appear here.")
    ).toBeInTheDocument()
  })

  it('offers Try again when the reels could not be read', async () => {
    const harness = createHarness()
    harness.services.reels.ofProfile.mockRejectedValueOnce(new Error("Couldn't load Reels"))
    renderWith(<ReelsGrid profileId="user-2" username="sam" own={false} />, harness)
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load Reels.")
    harness.services.reels.ofProfile.mockResolvedValueOnce({ items: [video(3)], next: null })
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('list', { name: 'Reels of sam' })).toBeInTheDocument()
  })
})
