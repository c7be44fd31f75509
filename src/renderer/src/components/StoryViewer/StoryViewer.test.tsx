import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import {
  createHarness,
  makeStory,
  makeStripEntry,
  PROFILE,
  renderWith,
  signedIn,
  type Harness
} from '../../testing/fakes'
import { fakePointerEvent } from '../../testing/mediaFakes'
import { StoryViewer } from './StoryViewer'

fakePointerEvent()

async function openViewer(harness: Harness, userId: string): Promise<HTMLElement> {
  renderWith(<StoryViewer />, harness)
  await act(() => harness.stores.stories.getState().openStories(userId))
  return screen.getByRole('dialog')
}

function harnessWith(...captions: string[]): Harness {
  const harness = createHarness({ snapshot: signedIn() })
  harness.stores.stories.setState({ strip: [makeStripEntry('ann')], stripLoaded: true })
  harness.services.stories.fetchUserStories.mockResolvedValue(
    captions.map((caption) => makeStory({ user_id: 'ann', caption }))
  )
  return harness
}

describe('StoryViewer', () => {
  it('announces the story and its author, and moves with the arrow keys', async () => {
    const harness = harnessWith('one', 'two', 'three')
    const dialog = await openViewer(harness, 'ann')
    expect(dialog).toHaveAccessibleName('Stories by ann')
    expect(dialog).toHaveFocus()
    expect(screen.getByText('Story 1 of 3 by ann')).toHaveAttribute('aria-live', 'polite')
    expect(screen.getByRole('img', { name: 'one' })).toBeInTheDocument()
    expect(screen.getByText('2h')).toBeInTheDocument()

    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    expect(screen.getByText('Story 2 of 3 by ann')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'two' })).toBeInTheDocument()
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' })
    expect(screen.getByText('Story 1 of 3 by ann')).toBeInTheDocument()
  })

  it('keeps the next photo in the page, hidden, so advancing has nothing to load', async () => {
    const harness = harnessWith('one', 'two')
    await openViewer(harness, 'ann')
    const photos = screen.getByTestId('story-stage').querySelectorAll('img')
    expect([...photos].map((img) => img.getAttribute('aria-hidden'))).toEqual(['false', 'true'])
  })

  it('the end of the progress animation moves on; Space pauses it', async () => {
    const harness = harnessWith('one', 'two')
    const dialog = await openViewer(harness, 'ann')
    const bar = screen.getByTestId('story-progress')
    expect(bar.style.animationPlayState).toBe('running')
    expect(bar.style.animationDuration).toBe('5000ms')
    fireEvent.keyDown(dialog, { key: ' ' })
    expect(screen.getByTestId('story-progress').style.animationPlayState).toBe('paused')
    expect(screen.getByRole('button', { name: 'Play story' })).toHaveAttribute(
      'aria-pressed',
      'true'
    )
    fireEvent.keyDown(dialog, { key: ' ' })
    fireEvent.animationEnd(screen.getByTestId('story-progress'))
    expect(screen.getByText('Story 2 of 2 by ann')).toBeInTheDocument()
  })

  it('opens report and block from the keyboard, pauses meanwhile, and Escape leaves the stories', async () => {
    const harness = harnessWith('one', 'two')
    const dialog = await openViewer(harness, 'ann')
    const options = screen.getByRole('button', { name: 'Report or block ann' })
    options.focus()
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByRole('menuitem', { name: 'Report' })).toBeInTheDocument()
    expect(screen.getByTestId('story-progress').style.animationPlayState).toBe('paused')
    // Keys belong to the open dialog: the viewer neither moves on nor closes.
    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    expect(screen.getByText('Story 1 of 2 by ann')).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('menuitem', { name: 'Report' })).not.toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Stories by ann' })).toBeInTheDocument()
    expect(screen.getByTestId('story-progress').style.animationPlayState).toBe('running')
  })

  it('a tap on the right moves on, on the left goes back; a swipe changes person', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.stores.stories.setState({
      strip: [makeStripEntry('ann'), makeStripEntry('ben')],
      stripLoaded: true
    })
    harness.services.stories.fetchUserStories.mockImplementation(async (userId: string) => [
      makeStory({ user_id: userId, caption: `${userId} 1`, profiles: null }),
      makeStory({ user_id: userId, caption: `${userId} 2`, profiles: null })
    ])
    await openViewer(harness, 'ann')
    const stage = screen.getByTestId('story-stage')
    stage.getBoundingClientRect = () => ({ left: 0, width: 300 }) as DOMRect
    const press = (from: number, to: number): void => {
      fireEvent.pointerDown(stage, { button: 0, clientX: from })
      fireEvent.pointerUp(stage, { button: 0, clientX: to })
    }
    press(250, 250)
    expect(screen.getByText('Story 2 of 2 by ann')).toBeInTheDocument()
    press(50, 50)
    expect(screen.getByText('Story 1 of 2 by ann')).toBeInTheDocument()
    press(250, 100)
    expect(await screen.findByText('Story 1 of 2 by ben')).toBeInTheDocument()
    press(100, 250)
    expect(await screen.findByText('Story 1 of 2 by ann')).toBeInTheDocument()
  })

  it('Escape closes the viewer', async () => {
    const harness = harnessWith('one')
    const dialog = await openViewer(harness, 'ann')
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(harness.stores.stories.getState().viewer).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('on your own story: who viewed it, and delete after a second click', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const own = makeStory({ user_id: PROFILE.id, caption: 'mine' })
    harness.stores.stories.setState({
      strip: [makeStripEntry('me', { user_id: PROFILE.id })],
      stripLoaded: true
    })
    harness.services.stories.fetchUserStories.mockResolvedValue([own])
    harness.services.stories.fetchViewers.mockResolvedValue([
      {
        viewer_id: 'b',
        viewed_at: new Date().toISOString(),
        profiles: { username: 'bob', full_name: null, avatar_url: null }
      }
    ])
    await openViewer(harness, PROFILE.id)
    fireEvent.click(await screen.findByRole('button', { name: 'Seen by 1' }))
    expect(screen.getByRole('region', { name: 'Viewers' })).toHaveTextContent('bob')
    // The list pauses the story.
    expect(screen.getByTestId('story-progress').style.animationPlayState).toBe('paused')

    fireEvent.click(screen.getByRole('button', { name: 'Delete story' }))
    expect(harness.services.stories.remove).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    await waitFor(() =>
      expect(harness.services.stories.remove).toHaveBeenCalledWith(
        expect.objectContaining({ id: own.id })
      )
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('others never see the viewers or delete controls', async () => {
    const harness = harnessWith('one')
    await openViewer(harness, 'ann')
    expect(screen.queryByRole('button', { name: /Seen by/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Delete story' })).toBeNull()
    expect(harness.services.stories.fetchViewers).not.toHaveBeenCalled()
  })
})
