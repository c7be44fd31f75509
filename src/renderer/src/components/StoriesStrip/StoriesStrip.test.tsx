import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
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
