// The sample people of an empty strip as a source of the one story viewer: their frames drawn
// in code, nothing read or written, the whole strip to walk through from the one opened, and
// a sample shown greys its ring for the session.

import { describe, expect, it } from 'vitest'
import { createHarness, makeStripEntry, signedIn } from '../../testing/fakes'
import { createStories } from '../../services/sampleData'

function samples() {
  const harness = createHarness()
  return { ...harness, stories: harness.stores.stories, list: createStories() }
}

describe('sample stories in the viewer', () => {
  it("opens on a sample person's frames, reading nothing", async () => {
    const { stories, list, services } = samples()
    await stories.getState().openSamples(list, 2)
    const viewer = stories.getState().viewer!
    expect(viewer).toMatchObject({ source: 'samples', status: 'ready', personIndex: 2, index: 0 })
    expect(viewer.stories).toHaveLength(2)
    expect(viewer.stories[0].image_url).toMatch(/^data:image\/svg\+xml/)
    expect(viewer.stories[0].profiles?.username).toBe(list[2].user.username)
    expect(services.stories.fetchUserStories).not.toHaveBeenCalled()
    expect(services.stories.markSeen).not.toHaveBeenCalled()
  })

  it('greys the ring of each sample person shown, for the session', async () => {
    const { stories, list } = samples()
    await stories.getState().openSamples(list, 0)
    expect([...stories.getState().samplesSeen]).toEqual([list[0].id])
    stories.getState().next()
    stories.getState().next()
    await Promise.resolve()
    expect(stories.getState().samplesSeen.has(list[1].id)).toBe(true)
    stories.getState().closeStories()
    stories.getState().clear()
    expect(stories.getState().samplesSeen.size).toBe(2)
  })

  it('goes back past the one opened, and closes after the last frame of the last person', async () => {
    const { stories, list } = samples()
    await stories.getState().openSamples(list, 1)
    stories.getState().previous()
    await Promise.resolve()
    expect(stories.getState().viewer).toMatchObject({ personIndex: 0, index: 0 })
    await stories.getState().openSamples(list, list.length - 1)
    stories.getState().next()
    stories.getState().next()
    expect(stories.getState().viewer).toBeNull()
  })

  it('closes when real stories arrive for the strip', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const { stories } = harness.stores
    await stories.getState().openSamples(createStories(), 0)
    harness.services.stories.fetchStrip.mockResolvedValue([makeStripEntry('ann')])
    await stories.getState().loadStrip()
    expect(stories.getState().viewer).toBeNull()
  })
})
