// Driving the story viewer without a DOM: what pauses it, what a press on the photo means when
// it ends, and its keys.

import { describe, expect, it } from 'vitest'
import { createHarness, makeStory, makeStripEntry, signedIn } from '../../testing/fakes'
import { gestureOf, HOLD_MS, SWIPE_PX } from './storiesPlayback'
import { selectPaused } from './storiesStore'

const box = { left: 100, width: 300 }

async function viewing(...people: string[]) {
  const harness = createHarness({ snapshot: signedIn() })
  harness.stores.stories.setState({
    strip: people.map((person) => makeStripEntry(person)),
    stripLoaded: true
  })
  harness.services.stories.fetchUserStories.mockImplementation(async (userId: string) => [
    makeStory({ user_id: userId }),
    makeStory({ user_id: userId })
  ])
  await harness.stores.stories.getState().openStories(people[0])
  return harness.stores.stories
}

describe('story gestures', () => {
  it('a short press on the left third goes back, elsewhere on', () => {
    expect(gestureOf({ time: 0, x: 150 }, { time: 100, x: 150 }, box)).toBe('previous')
    expect(gestureOf({ time: 0, x: 250 }, { time: 100, x: 250 }, box)).toBe('next')
  })

  it('a long press only paused; a swipe changes person, left bringing the next in', () => {
    expect(gestureOf({ time: 0, x: 250 }, { time: HOLD_MS, x: 250 }, box)).toBeNull()
    expect(gestureOf({ time: 0, x: 300 }, { time: 900, x: 300 - SWIPE_PX }, box)).toBe('nextPerson')
    expect(gestureOf({ time: 0, x: 200 }, { time: 50, x: 200 + SWIPE_PX }, box)).toBe(
      'previousPerson'
    )
  })
})

describe('story playback', () => {
  it('pauses while pressed, and a tap moves on when released', async () => {
    const stories = await viewing('ann')
    stories.getState().press(300, 1000)
    expect(selectPaused(stories.getState())).toBe(true)
    stories.getState().release(300, 1100, box)
    expect(selectPaused(stories.getState())).toBe(false)
    expect(stories.getState().viewer?.index).toBe(1)
  })

  it('a cancelled press only ends the pause', async () => {
    const stories = await viewing('ann')
    stories.getState().press(300, 1000)
    stories.getState().cancelPress()
    expect(selectPaused(stories.getState())).toBe(false)
    expect(stories.getState().viewer?.index).toBe(0)
  })

  it('stays paused while anything pauses it, and plays again when the viewer reopens', async () => {
    const stories = await viewing('ann')
    stories.getState().togglePause()
    stories.getState().setPause('busy', true)
    stories.getState().togglePause()
    expect(selectPaused(stories.getState())).toBe(true)
    stories.getState().setPause('busy', false)
    expect(selectPaused(stories.getState())).toBe(false)
    stories.getState().togglePause()
    stories.getState().closeStories()
    await stories.getState().openStories('ann')
    expect(selectPaused(stories.getState())).toBe(false)
  })

  it('← → move, Space pauses, Escape closes; other keys are not its own', async () => {
    const stories = await viewing('ann')
    expect(stories.getState().viewerKey('ArrowRight')).toBe('handled')
    expect(stories.getState().viewer?.index).toBe(1)
    expect(stories.getState().viewerKey('ArrowLeft')).toBe('handled')
    expect(stories.getState().viewer?.index).toBe(0)
    expect(stories.getState().viewerKey(' ')).toBe('handled')
    expect(stories.getState().playback.toggled).toBe(true)
    expect(stories.getState().viewerKey('Tab')).toBeNull()
    expect(stories.getState().viewerKey('Escape')).toBe('closed')
    expect(stories.getState().viewer).toBeNull()
  })

  it('leaves every key to the report dialog while it is open', async () => {
    const stories = await viewing('ann')
    stories.getState().setPause('options', true)
    expect(stories.getState().viewerKey('Escape')).toBe('ignored')
    expect(stories.getState().viewerKey('ArrowRight')).toBe('ignored')
    expect(stories.getState().viewer).toMatchObject({ index: 0 })
  })
})
